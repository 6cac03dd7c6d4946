-- 一夜の傭兵: 速攻 ◆ このユニットがスクエアに置かれた時、ターン終了時、このユニットを破壊する。（創作）
-- The delayed trigger lasts while this unit stays in play: if it leaves first, the unit that comes
-- back is a new object (R7.3) and is not destroyed.
card:grantable {
  name = "dismiss",
  trigger = {
    on = "turn_ending",
    resolve = function(g, e) g:destroy(e.me) end,
  },
}
card:trigger {
  on = "placed",
  card = "self",
  resolve = function(g, e) g:delay("dismiss", "while_source_in_play") end,
}
