-- 援軍の騎士: ☆ あなたのユニットが3体以上なら、このカードはバトルタイミングでプレイできる。（創作）
card:play_method {
  line = 1,
  name = "援軍",
  timing = "battle",
  condition = function(self, p) return #p:units() >= 3 end,
}
