-- 中央封鎖の砦: ★ 相手は中央エリアにユニットをプレイできない。（創作）
card:static {
  forbid_play = function(self, c, p, s)
    return p ~= self.controller and c.is_unit and s ~= nil and s:area(p) == "centre"
  end,
}
