-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = setmetatable({}, { __concat = function() while true do end end })
    local s = "a" .. t
  end,
}
