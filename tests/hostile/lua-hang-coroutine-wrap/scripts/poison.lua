-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    while true do pcall(coroutine.wrap(function() while true do end end)) end
  end,
}
