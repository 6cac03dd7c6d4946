-- 冥界の霧: ○ このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く。（創作）
-- A temporary replacement held by the game until the end of the turn (it catches this card too:
-- a strategy goes to the graveyard after it resolves, R7.8, when the rule is already in force).
card:grantable {
  name = "mist",
  replace = { event = "to_graveyard", applies_to = "any", instead = "remove" },
}
card:on_play {
  resolve = function(g, e) g:add_rule("mist") end,
}
