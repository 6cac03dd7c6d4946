-- 次元の合流: ○ あなたと相手はそれぞれ、自分の手札のユニットカードを1枚選ぶ。それらを同時に、フリーズ状態で
-- 中央のスクエア(b2)に置く。（創作）Both units arrive together: each is an attacker (A21).
local unit_cards = use("common").unit_cards

card:on_play {
  line = 1,
  resolve = function(g, e)
    local picks = {}
    for _, p in ipairs({ e.controller, e.controller.opponent }) do
      local c = g:choose_card(p, unit_cards(p), "a unit card to put into b2")
      if c then picks[#picks + 1] = { c, "b2" } end
    end
    g:put_together(picks)
  end,
}
