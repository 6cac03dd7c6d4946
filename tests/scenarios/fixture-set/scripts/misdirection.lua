-- 奇術「ミスディレクション」: ○ 対象のユニット1体のパワーを+2000し、「★相手のカードの対象にならない」を得る。
card:on_play {
  line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:boost(e.target, 2000)
    g:grant(e.target, "hexproof")
  end,
}
