-- 毒: writes into the shared module.
local lib = use("lib")
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    lib.damage = 0
  end,
}
