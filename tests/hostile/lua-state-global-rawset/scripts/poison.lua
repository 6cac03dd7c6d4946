-- 毒: keeps state with rawset on its environment.
uses = 0
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    rawset(_G, "uses", uses + 1)
    if uses == 1 then g:damage(e.target, 3000) end
  end,
}
