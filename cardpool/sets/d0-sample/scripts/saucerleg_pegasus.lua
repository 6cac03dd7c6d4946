-- ソーサーレッグ・ペガサス: ● [白1]《バトル》 この能力は、このカードが攻撃された第1バトル・ステップ中の
-- バトル・ダメージがスタックに乗る前にしか使えない。このカードを、このカードに隣接する
-- バトルスペースのユニットのないスクエアにリリース状態で置く。
card:activated {
  line = 1,
  cost = "白1",
  timing = "battle",
  condition = function(self)
    local b = game.battle()
    return b ~= nil and b.defender == self and b.step == "first" and self.square == b.square
  end,
  resolve = function(g, e)
    local me = e.me
    if not me.square then return end
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
