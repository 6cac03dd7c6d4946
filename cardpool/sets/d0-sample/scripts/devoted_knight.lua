-- 献身の騎士: 追加コストとして、あなたのスクエアにあるユニットを1枚墓地に置く。
card:play_costs {
  { zones = "field", to = "graveyard", filter = function(self, c) return c.is_unit end },
}
