-- 毒: hostile on purpose.
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    rawset(g, "damage", function() end)
  end,
}
