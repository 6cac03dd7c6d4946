-- 足止めの罠: ○ 対象の移動を無効にする。
card:on_play {
  target = target.item { kind = "move" },
  resolve = function(g, e) g:counter(e.target) end,
}
