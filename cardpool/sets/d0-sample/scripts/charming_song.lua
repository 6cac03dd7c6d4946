-- 魅惑の呪歌: ○ ターン終了時まで、対象の相手のユニット1体のコントロールを得る。（創作）
card:on_play {
  target = target.unit { side = "opponent" },
  resolve = function(g, e) g:take_control(e.target, "end_of_turn") end,
}
