-- Shared helpers of the d0-sample set: card scripts reach them with use("common").
local M = {}

-- The unit cards in `player`'s hand, in hand order.
function M.unit_cards(player)
  local out = {}
  for _, c in ipairs(player:hand()) do
    if c.is_unit then out[#out + 1] = c end
  end
  return out
end

return M
