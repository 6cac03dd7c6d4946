-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = setmetatable({}, { __index = function() while true do end end })
    local v = t.x
  end,
}
