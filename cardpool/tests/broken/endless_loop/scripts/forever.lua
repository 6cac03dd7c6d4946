-- 永遠: ○ 何も起きない (forever).
card:on_play {
  line = 1,
  resolve = function(g, e)
    while true do end
  end,
}
