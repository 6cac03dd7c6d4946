-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = {}
    while true do pcall(function() t[#t + 1] = string.rep('y', 1 << 20) end) end
  end,
}
