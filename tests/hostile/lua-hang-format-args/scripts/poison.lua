-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local big = string.rep("x", 1 << 20)
    while true do local s = string.format("%s%s%s%s", big, big, big, big) end
  end,
}
