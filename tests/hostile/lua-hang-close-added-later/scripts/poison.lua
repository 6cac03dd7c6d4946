-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local mt = {}
    local t = setmetatable({}, mt)
    mt.__close = function() while true do end end
    local x <close> = t
    while true do end
  end,
}
