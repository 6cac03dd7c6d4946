-- 証人: the witness. Whatever another card did, it still deals its damage.
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, 3000)
  end,
}
