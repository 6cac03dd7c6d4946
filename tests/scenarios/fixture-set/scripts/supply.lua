-- 補給: ○ あなたの手札のカード1枚を選び、エネルギーゾーンに置く。
card:on_play {
  line = 1,
  resolve = function(g, e)
    local p = e.controller
    local c = g:choose_card(p, p:hand(), "補給: choose a card to put into your energy zone")
    if c then g:put(c, "energy") end
  end,
}
