-- 橙: ★ 相手のユニットの使用コストは無1少なくなる。
card:static {
  play_cost = function(self, c, cost)
    if c.is_unit and c.owner ~= self.owner and cost.colourless > 0 then
      cost.colourless = cost.colourless - 1
      return cost
    end
  end,
}
