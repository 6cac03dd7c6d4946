-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local mt = { __close = function() while true do end end }
    for k in next, {}, nil, setmetatable({}, mt) do end
  end,
}
