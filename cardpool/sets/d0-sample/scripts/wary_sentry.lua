-- 警戒の歩哨: ◆ このユニットが相手のカードや能力の対象になった時、あなたはカードを1枚引く。
card:trigger {
  on = "targeted",
  card = "self",
  when = function(self, ev) return ev.player ~= self.owner end,
  resolve = function(g, e) g:draw(e.controller) end,
}
