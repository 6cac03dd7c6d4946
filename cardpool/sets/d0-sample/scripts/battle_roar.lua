-- 闘志の咆哮: ○ バトル終了時まで、対象のあなたのユニット1体のパワーを+3000する。（創作）
card:on_play {
  target = target.unit { side = "own" },
  resolve = function(g, e) g:boost(e.target, 3000, "end_of_battle") end,
}
