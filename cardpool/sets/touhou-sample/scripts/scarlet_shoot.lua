-- 紅符「スカーレット・シュート」: ○ 対象のユニット1体に6000ダメージを与える。
-- プランゾーンからプレイした場合は代わりに8000ダメージを与える。
-- (Not scripted: an effect cannot tell whether its card was played from the plan zone.)
card:on_play(use("common").damage_spell(6000))
