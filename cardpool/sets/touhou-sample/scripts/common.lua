-- Shared helpers of the touhou-sample set: card scripts reach them with use("common").
local M = {}

-- The squares of `p`'s own area without a unit of `p`.
function M.free_own_squares(p)
  local out = {}
  for _, s in ipairs(game.battle_squares()) do
    if s:area(p) == "own" and not s:unit(p) then out[#out + 1] = s end
  end
  return out
end

return M
