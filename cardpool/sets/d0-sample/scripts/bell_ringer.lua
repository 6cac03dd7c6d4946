-- 弔いの鐘撞き: ◆ あなたのユニットが破壊された時、あなたはカードを1枚引く。
card:trigger { on = "destroyed", card = "own", resolve = function(g, e) g:draw(e.controller) end }
