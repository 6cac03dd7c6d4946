-- 紅符「スカーレット・シュート」: ○ 対象のユニット1体に6000ダメージを与える。
card:on_play(use("common").damage_spell(6000, 1))
