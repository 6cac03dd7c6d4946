-- 時計塔の街 (invented dimension): ◆ あなたが{C}を出したとき、カードを1枚引く。
-- It works from the command zone; "you" is each player (A42).
card:trigger {
  line = 1,
  on = "rolled",
  zones = "command",
  when = function(self, ev) return ev.face == "C" and ev.player == self.controller end,
  resolve = function(g, e) g:draw(e.controller) end,
}
