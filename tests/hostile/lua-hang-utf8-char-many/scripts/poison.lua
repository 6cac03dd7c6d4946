-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = {}
    for i = 1, 200000 do t[i] = 65 end
    for i = 1, 100000 do local s = utf8.char(table.unpack(t)) end
  end,
}
