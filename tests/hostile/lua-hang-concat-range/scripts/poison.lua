-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = table.concat(setmetatable({}, { __index = type }), "", 1, 1 << 50)
  end,
}
