-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = string.rep("x", 4 << 20)
    for i = 1, 2500 do pcall(g.remember, g, e.target, s, 1) end
    g:remember(e.target, s, 1)
  end,
}
