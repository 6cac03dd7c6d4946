-- ホラーハウス・ランド: ★ このベースと同じラインにある相手のユニットのパワー-1000。（創作）
card:static {
  applies_to = function(self, u) return u.is_unit and u.in_play and u.owner ~= self.owner and u:same_line(self) end,
  power = -1000,
}
