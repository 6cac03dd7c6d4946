-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    string.rep('a', 1000000):find('.-b')
  end,
}
