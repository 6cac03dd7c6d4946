-- ダイヤモンド・ソウル: ○ 対象のユニット1体のパワーを+3000する。
card:on_play(use("common").boost_spell(3000, 1))
