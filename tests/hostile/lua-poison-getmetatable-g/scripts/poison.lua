-- 毒: hostile on purpose.
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    getmetatable(g).__index = {}
  end,
}
