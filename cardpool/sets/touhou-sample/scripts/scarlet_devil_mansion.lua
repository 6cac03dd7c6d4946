-- 紅魔館: ★ 敵軍エリアのスクエアにあるあなたの赤のユニットのスマッシュ+1。
card:static {
  applies_to = function(self, u)
    return u.is_unit and u.owner == self.owner and u.area == "enemy" and u:is_colour("red")
  end,
  smash = 1,
}
