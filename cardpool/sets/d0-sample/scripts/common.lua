-- Shared helpers of the d0-sample set: card scripts reach them with use("common").
local M = {}

-- ○ "対象のユニット1体に`amount`ダメージを与える。"
function M.damage_spell(amount)
  return { target = target.unit(), resolve = function(g, e) g:damage(e.target, amount) end }
end

-- ○ "ターン終了時まで、対象のユニット1体のパワーを+`amount`する。" (side: whose units, default any)
function M.boost_spell(amount, side)
  return {
    target = target.unit { side = side or "any" },
    resolve = function(g, e) g:boost(e.target, amount) end,
  }
end

-- The unit cards in `player`'s hand, in hand order.
function M.unit_cards(player)
  local out = {}
  for _, c in ipairs(player:hand()) do
    if c.is_unit then out[#out + 1] = c end
  end
  return out
end

return M
