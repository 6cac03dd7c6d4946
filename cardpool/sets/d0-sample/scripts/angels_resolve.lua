-- 天使たちの決意: ○ ターン終了時まで、対象のあなたのユニット1体のパワーを+2000する。（創作）
card:on_play(use("common").boost_spell(2000, "own"))
