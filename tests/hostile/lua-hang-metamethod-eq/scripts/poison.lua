-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local mt = { __eq = function() while true do end end }
    local a, b = setmetatable({}, mt), setmetatable({}, mt)
    while true do pcall(function() return a == b end) end
  end,
}
