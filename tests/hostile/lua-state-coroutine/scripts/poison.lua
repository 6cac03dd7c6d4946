-- 毒: a coroutine made at load time.
local co = coroutine.create(function() for i = 1, 100 do coroutine.yield(i) end end)
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local _, i = coroutine.resume(co)
    if i == 1 then g:damage(e.target, 3000) end
  end,
}
