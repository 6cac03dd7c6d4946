-- 霊符「夢想封印」: ○ 対象の相手のユニット1体に5000ダメージを与える。
card:on_play(use("common").damage_spell(5000, "opponent"))
