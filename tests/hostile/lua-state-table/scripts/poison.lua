-- 毒: remembers the targets it saw.
local seen = {}
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    table.insert(seen, e.target)
    if #seen == 1 then g:damage(e.target, 3000) end
  end,
}
