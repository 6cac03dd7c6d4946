-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local t = {}
    for _, c in ipairs(game.field()) do t[c] = true end
    local n = 0
    for c in pairs(t) do n = n + 1 end
    if n == 1 then g:damage(e.target, 3000) end
  end,
}
