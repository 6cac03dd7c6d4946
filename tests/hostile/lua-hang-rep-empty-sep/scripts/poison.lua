-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = string.rep("", 1 << 50, "")
  end,
}
