-- 凍符「パーフェクトフリーズ」: ○ 対象のユニット1体をフリーズし、ターン終了時までそのパワーを-1000する。
card:on_play {
  target = target.unit(),
  resolve = function(g, e)
    g:freeze(e.target)
    g:boost(e.target, -1000)
  end,
}
