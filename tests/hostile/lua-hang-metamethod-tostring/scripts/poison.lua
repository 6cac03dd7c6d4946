-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = setmetatable({}, { __tostring = function() while true do pcall(tostring, {}) end end })
    print(tostring(t))
  end,
}
