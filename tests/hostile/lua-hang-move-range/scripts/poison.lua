-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    table.move({}, 1, 1 << 50, 2)
  end,
}
