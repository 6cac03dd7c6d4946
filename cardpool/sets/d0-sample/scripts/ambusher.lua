-- 奇襲の伏兵: ★ このカードはバトルタイミングでプレイできる。（創作）
-- The ★ works from the hand, where the card is played from.
card:static {
  zones = "hand",
  play_timing = function(self, c) if c == self then return "battle" end end,
}
