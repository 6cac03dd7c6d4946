-- 双子の門: ○ あなたの手札のユニットカード2枚を選び、同時に、フリーズ状態で同じバトルスクエア1つに置く。（創作）
-- Two units of one player arriving together in one square are both destroyed (RE5).
card:on_play {
  line = 1,
  resolve = function(g, e)
    local me = e.controller
    local unit_cards = use("common").unit_cards
    local first = g:choose_card(me, unit_cards(me), "the first unit card")
    if not first then return end
    local rest = {}
    for _, c in ipairs(unit_cards(me)) do
      if c ~= first then rest[#rest + 1] = c end
    end
    local second = g:choose_card(me, rest, "the second unit card")
    if not second then return end
    local sq = g:choose_square(me, game.battle_squares(), "the square")
    g:put_together({ { first, sq }, { second, sq } })
  end,
}
