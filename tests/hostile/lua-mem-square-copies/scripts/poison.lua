-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = string.rep("x", 4 << 20)
    for i = 1, 2500 do pcall(g.choose_square, g, e.controller, { s }, "where?") end
    g:choose_square(e.controller, { s }, "where?")
  end,
}
