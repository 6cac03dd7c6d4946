-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local mt = { __lt = function() while true do end end }
    local t = {}
    for i = 1, 10 do t[i] = setmetatable({}, mt) end
    table.sort(t)
  end,
}
