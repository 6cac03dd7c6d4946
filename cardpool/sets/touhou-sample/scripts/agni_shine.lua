-- 火符「アグニシャイン」: ○ 対象のユニット1体に3000ダメージを与える。
card:on_play(use("common").damage_spell(3000))
