-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = setmetatable({}, { __gc = true })
    getmetatable(t).__gc = function() while true do end end
    t = nil
  end,
}
