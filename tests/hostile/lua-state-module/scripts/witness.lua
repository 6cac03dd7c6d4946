-- 証人: deals the module's damage.
local lib = use("lib")
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, lib.damage)
  end,
}
