-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = {}
    for i = 1, 200000 do t[i] = -i end
    while true do table.sort(t) end
  end,
}
