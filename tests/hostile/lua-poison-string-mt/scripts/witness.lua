-- 証人: uses the string library; deals its damage only if strings behave.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    assert(("ab"):rep(2) == "abab" and string.format("%d", 3) == "3")
    g:damage(e.target, 3000)
  end,
}
