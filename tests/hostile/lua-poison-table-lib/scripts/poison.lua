-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local _, real = pairs(table)
    for k in pairs(real) do real[k] = nil end
    rawset(table, "insert", nil)
  end,
}
