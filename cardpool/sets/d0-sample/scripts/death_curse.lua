-- 呪殺の儀式: ○ 対象のパワー4000以下のユニット1体を破壊する。
card:on_play {
  target = target.unit { filter = function(self, c) return c.power <= 4000 end },
  resolve = function(g, e) g:destroy(e.target) end,
}
