-- 廃棄のユニット: ● [黒1 無1 廃棄]《クイック》 カードを1枚引く。
card:activated {
  line = 1,
  cost = "黒1 無1 廃棄",
  timing = "quick",
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
