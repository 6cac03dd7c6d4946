-- 小悪魔: ◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。
-- (The ◆ line is in the card file: `◆ lua:fetch_book`.)
return { fetch_book = use("common").draw_on_arrival() }
