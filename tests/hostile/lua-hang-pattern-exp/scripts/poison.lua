-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local s = ('a'):rep(40)
    s:find(('a*'):rep(40) .. 'b')
  end,
}
