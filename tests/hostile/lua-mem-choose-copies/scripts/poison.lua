-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = string.rep("x", 4 << 20)
    local t = {}
    for i = 1, 2500 do t[i] = s end
    g:choose(e.controller, t, "pick")
  end,
}
