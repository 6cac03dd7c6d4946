-- ソーサーレッグ・ペガサス: ● [白1]《バトル》 この能力は、このカードが攻撃された第1バトル・ステップ中の
-- バトル・ダメージがスタックに乗る前にしか使えない。このカードを、このカードに隣接する
-- バトルスペースのユニットのないスクエアにリリース状態で置く。
card:activated {
  cost = "白1",
  timing = "battle",
  resolve = function(g, e)
    local me, b = e.me, game.battle()
    -- No activation conditions in the API: outside that moment the ability does nothing.
    if not (b and b.defender == me and b.step == "first" and me.square == b.square) then return end
    local free = {}
    for _, s in ipairs(me.square:neighbours()) do
      if #s:cards() == 0 then free[#free + 1] = s end
    end
    local s = g:choose_square(e.controller, free, "ソーサーレッグ・ペガサス: 移るスクエア")
    if s then
      g:move(me, s)
      g:release(me)
    end
  end,
}
