-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    while true do local s = string.rep('x', 1000000) end
  end,
}
