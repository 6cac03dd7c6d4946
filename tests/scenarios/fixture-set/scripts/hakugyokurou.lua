-- 白玉楼: ★ このベースと同じラインにあるあなたのユニットが受けるダメージを-2000する。
card:static {
  line = 1,
  damage = function(self, unit, amount)
    if unit.owner == self.owner and unit.square and unit:same_line(self) then
      return amount - 2000
    end
    return amount
  end,
}
