-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local k = next(game)
    rawset(game, k, nil)
    setmetatable(target, { __index = function() return nil end })
  end,
}
