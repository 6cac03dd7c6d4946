-- 星読みの斥候: ◆ このカードがプランゾーンからプレイされてスクエアに置かれた時、あなたはカードを
-- 2枚引く。
-- `from = "plan"` with `cause = "played"`: played from the plan zone (R9.6), not put there by an
-- effect and not played from the hand.
card:trigger {
  on = "placed",
  card = "self",
  from = "plan",
  cause = "played",
  resolve = function(g, e) g:draw(e.controller, 2) end,
}
