-- コロボックルの斥候: ◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。
-- (The ◆ line is in the card file: `◆ lua:scout`.)
return {
  scout = { on = "placed", card = "self", resolve = function(g, e) g:draw(e.controller) end },
}
