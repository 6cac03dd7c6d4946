-- 関所の番人: ★ 相手のユニットはこのカードに隣接するスクエアに移動できない。（創作）
card:static {
  forbid_move = function(self, u, to)
    return u.controller ~= self.controller and self.square ~= nil and to:adjacent(self.square)
  end,
}
