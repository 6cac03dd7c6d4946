-- 博麗神社: ★ あなたのメイデンのユニットのパワー+1000。（創作）
card:static {
  applies_to = function(self, u)
    return u.is_unit and u.in_play and u.owner == self.owner and u.race:find("メイデン", 1, true) ~= nil
  end,
  power = 1000,
}
