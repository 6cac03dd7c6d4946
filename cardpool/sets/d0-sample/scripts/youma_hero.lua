-- 妖魔の勇者: ★ このカードがスクエアにある限り、相手のエネルギーゾーンにあるユニットのカードは、
-- 相手のリリースフェイズにリリースされない。（創作）
card:static {
  forbid_release = function(self, c) return c.owner ~= self.owner and c.zone == "energy" and c.is_unit end,
}
