-- 長き守りの誓い: ○ 次のあなたのターンの終了時まで、対象のあなたのユニット1体のパワーを+2000する。（創作）
card:on_play {
  target = target.unit { side = "own" },
  resolve = function(g, e) g:boost(e.target, 2000, "end_of_your_next_turn") end,
}
