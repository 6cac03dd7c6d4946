-- 毒: counts its uses in an upvalue.
local n = 0
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    n = n + 1
    if n == 1 then g:damage(e.target, 3000) end
  end,
}
