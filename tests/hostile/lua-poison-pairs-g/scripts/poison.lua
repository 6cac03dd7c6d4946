-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local _, G = pairs(g)
    G.damage = function() return 0 end
  end,
}
