-- 証人: the witness. Whatever another card did, it still deals its damage.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, 3000)
  end,
}
