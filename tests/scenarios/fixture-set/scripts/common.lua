-- Shared helpers for the sample set: card scripts reach them with use("common").
local M = {}

-- ○ "deal `amount` damage to target unit", implementing printed line `line`.
function M.damage_spell(amount, line)
  return { line = line, target = target.unit(), resolve = function(g, e) g:damage(e.target, amount) end }
end

-- ○ "target unit +`amount` power (until end of turn)", implementing printed line `line`.
function M.boost_spell(amount, line)
  return { line = line, target = target.unit(), resolve = function(g, e) g:boost(e.target, amount) end }
end

return M
