-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = { [{}] = 1, [{}] = 2 }
    for k, v in pairs(t) do g:damage(e.target, 1000 * v) end
  end,
}
