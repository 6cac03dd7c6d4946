-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = string.rep('x', 1 << 20)
    for i = 1, 300 do print(s) end
    g:damage(e.target, 3000)
  end,
}
