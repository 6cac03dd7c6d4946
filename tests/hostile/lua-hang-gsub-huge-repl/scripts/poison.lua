-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local big = string.rep("x", 4 << 20)
    local s = string.rep("y", 100000):gsub(".", big)
  end,
}
