-- ヒュドラランチャー: ○ 対象のユニット1体に5000ダメージを与える。
card:on_play(use("common").damage_spell(5000, 1))
