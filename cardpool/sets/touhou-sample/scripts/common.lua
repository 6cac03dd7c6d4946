-- Shared helpers of the touhou-sample set: card scripts reach them with use("common").
local M = {}

-- ○ "対象の（side の）ユニット1体に`amount`ダメージを与える。"
function M.damage_spell(amount, side)
  return {
    target = target.unit { side = side or "any" },
    resolve = function(g, e) g:damage(e.target, amount) end,
  }
end

-- The use cost (total energy) of a unit in play, after 「橙」's ★ "相手のユニットの使用コストは
-- 無1少なくなる": the API gives only the printed cost, so the rule is applied here.
function M.use_cost(c)
  local cost = c.cost
  local colourless = cost.colourless
  for _, o in ipairs(c.owner.opponent:field()) do
    if o.play_name == "橙" then colourless = math.max(0, colourless - 1) end
  end
  return cost.total - cost.colourless + colourless
end

-- The squares of `p`'s own area without a unit of `p`.
function M.free_own_squares(p)
  local out = {}
  for _, s in ipairs(game.battle_squares()) do
    if s:area(p) == "own" and not s:unit(p) then out[#out + 1] = s end
  end
  return out
end

-- ◆ "このカードがスクエアに置かれた時、あなたはカードを1枚引く。" (a function: module tables are
-- read-only proxies, which the host cannot read as an ability spec)
function M.draw_on_arrival()
  return { on = "placed", card = "self", resolve = function(g, e) g:draw(e.controller) end }
end

return M
