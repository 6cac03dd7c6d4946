-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    error(setmetatable({}, { __tostring = function() while true do end end }))
  end,
}
