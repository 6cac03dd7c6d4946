-- 毒: counts its uses in a global.
counter = 0
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    counter = counter + 1
    if counter == 1 then g:damage(e.target, 3000) end
  end,
}
