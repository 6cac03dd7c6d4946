-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local f, s = pairs(g)
    local k = f(s)
    while k do rawset(s, k, function() end) k = f(s, k) end
  end,
}
