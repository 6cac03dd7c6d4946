-- 地割れ: ○ 対象のバトルスクエアにいる相手のユニットに2000ダメージを与える。
-- Only a battle square holding an opponent's unit can be chosen.
card:on_play {
  target = target.square {
    filter = function(self, s) return s:unit(self.owner.opponent) ~= nil end,
  },
  resolve = function(g, e)
    local foe = e.target:unit(e.controller.opponent)
    if foe then g:damage(foe, 2000) end
  end,
}
