-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = { [print] = 1, [pairs] = 2 }
    local k = next(t)
  end,
}
