-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local a = table.unpack({}, 1, 1 << 40)
  end,
}
