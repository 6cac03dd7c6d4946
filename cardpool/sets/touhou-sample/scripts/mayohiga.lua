-- 迷い家: 墓地効果『● [無1]《クイック》 このカードをあなたのベーススペースのベースのないスクエアに置く。』
-- (The square is chosen on resolution, 001 テクニック⑤.)
card:activated {
  line = 1,
  zones = "graveyard",
  cost = "無1",
  timing = "quick",
  resolve = function(g, e)
    local me = e.me
    if me.zone ~= "graveyard" then return end
    local free = {}
    for _, s in ipairs(game.base_squares(me.owner)) do
      if #s:cards() == 0 then free[#free + 1] = s end
    end
    local s = g:choose_square(me.owner, free, "迷い家: 置くベーススクエア")
    if s then g:put(me, s) end
  end,
}
