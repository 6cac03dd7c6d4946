-- 渡り鳥の斥候
-- ● [このカードを手札に戻す]《クイック》 あなたはカードを1枚引く。
card:activated {
  card_costs = { { this = true, zones = "field", to = "hand" } },
  timing = "quick",
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
-- ● [手札にあるこのカードを捨てる]《クイック》 あなたはカードを1枚引く。 (works in the hand)
card:activated {
  zones = "hand",
  card_costs = { { this = true, to = "graveyard" } },
  timing = "quick",
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
