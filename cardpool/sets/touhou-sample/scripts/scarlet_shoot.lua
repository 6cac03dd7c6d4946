-- 紅符「スカーレット・シュート」: ○ 対象のユニット1体に6000ダメージを与える。
-- プランゾーンからプレイした場合は代わりに8000ダメージを与える。
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, e.from == "plan" and 8000 or 6000)
  end,
}
