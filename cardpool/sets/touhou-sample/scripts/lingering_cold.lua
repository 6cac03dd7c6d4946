-- 寒符「リンガリングコールド」: ○ 対象のユニットの使用コストが2以下なら破壊する。
-- そうでなければターン終了時までパワー−2000。
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    if e.target.use_cost.total <= 2 then
      g:destroy(e.target)
    else
      g:boost(e.target, -2000)
    end
  end,
}
