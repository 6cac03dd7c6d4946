-- 火花: ○ 対象のユニット1体に1000ダメージ。
card:on_play {
  line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.targt.id, 1000)
  end,
}
