-- 明日への備え: ○ 次のあなたのターンの開始時、カードを2枚引く。（創作）
-- A delayed trigger: it triggers once, at the start of this card's owner's next turn (it goes on
-- the stack when that turn's main phase gives priority, A8), then ends.
card:grantable {
  name = "draw_two",
  trigger = {
    on = "turn_began",
    player = "me",
    resolve = function(g, e) g:draw(e.controller, 2) end,
  },
}
card:on_play {
  resolve = function(g, e) g:delay("draw_two") end,
}
