-- リリーホワイト: ◆ このカードが破壊された時、あなたはカードを1枚引く。
card:trigger { on = "destroyed", card = "self", resolve = function(g, e) g:draw(e.controller) end }
