-- スパイク・ガールズ: ◆ このカードがスクエアから墓地に置かれた時、あなたは相手の手札にある
-- カードをランダムに1枚選び、持ち主の墓地に置く。
card:trigger {
  on = "moved",
  card = "self",
  zones = "field", -- seen from where the card was: a square
  when = function(self, ev) return ev.to == "graveyard" end,
  resolve = function(g, e)
    local hand = e.controller.opponent:hand()
    if #hand == 0 then return end
    -- "At random": from the game's seeded generator, so a replay discards the same card.
    g:discard(hand[g:random(#hand)])
  end,
}
