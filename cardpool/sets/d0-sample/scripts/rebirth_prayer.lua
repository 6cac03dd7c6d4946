-- 転生の祈り: ○ ターン終了時まで、対象のあなたのユニット1体は『このユニットが墓地に置かれる場合、かわりに
-- 持ち主の手札に戻す。』を得る。（創作） A replacement granted to one card, as that object (R7.3).
card:grantable {
  name = "rebirth",
  replace = { event = "to_graveyard", applies_to = "self", instead = "hand" },
}
card:on_play {
  target = target.unit { side = "own" },
  resolve = function(g, e) g:grant_ability(e.target, "rebirth") end,
}
