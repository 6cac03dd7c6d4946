-- 毒: opens a host file at load time, unprotected.
local f = io.open("/tmp/dzero-hostile-marker", "w")
f:write("escaped")
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, 3000)
  end,
}
