-- 毒: a counter made by a factory at load time.
local function make()
  local n = 0
  return function() n = n + 1 return n end
end
local next_use = make()
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    if next_use() == 1 then g:damage(e.target, 3000) end
  end,
}
