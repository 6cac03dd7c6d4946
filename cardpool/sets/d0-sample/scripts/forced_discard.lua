-- 強制廃棄: ○ 対象のプレイヤーは自分の手札を1枚選び、捨てる。
card:on_play {
  target = target.player(),
  resolve = function(g, e)
    local p = e.target
    local c = g:choose_card(p, p:hand(), "discard a card")
    if c then g:discard(c) end
  end,
}
