-- 寒符「リンガリングコールド」: ○ 対象のユニットの使用コストが2以下なら破壊する。
-- そうでなければターン終了時までパワー−2000。
local common = use("common")
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    if common.use_cost(e.target) <= 2 then
      g:destroy(e.target)
    else
      g:boost(e.target, -2000)
    end
  end,
}
