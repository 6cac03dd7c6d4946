-- 八雲 紫: ◆ このカードがプレイされてスクエアに置かれた時、対象の使用コスト4以下の相手のユニット1体を
-- ゲームから除外する。（創作）
card:trigger {
  on = "placed",
  card = "self",
  when = function(self, ev) return ev.played end,
  target = target.unit { side = "opponent", filter = function(self, c) return c.use_cost.total <= 4 end },
  resolve = function(g, e) g:put(e.target, "remove") end,
}
