-- 不死鳥の雛: ★ このカードが破壊される場合、かわりに手札に戻してもよい。
-- そうしたなら、あなたの山札の上から1枚を墓地に置く。
card:replace {
  event = "destroyed",
  instead = "hand",
  optional = true,
  prompt = "return 不死鳥の雛 to your hand instead (then put the top card of your deck into your graveyard)?",
  payoff = function(g, e)
    local deck = e.controller:deck()
    if #deck > 0 then g:put(deck[#deck], "graveyard") end
  end,
}
