-- 見張り番: ◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。
card:trigger { line = 1, on = "placed", card = "self", resolve = function(g, e) g:draw(e.controller, 1) end }
