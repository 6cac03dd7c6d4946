-- 見習いの天使: ☆ バトルスペースにあなたの白のユニットがあるなら、このカードの使用コストは無1少なくなる。
card:play_cost(function(self, cost)
  for _, u in ipairs(self.owner:units()) do
    if u:is_colour("white") and cost.colourless > 0 then
      cost.colourless = cost.colourless - 1
      return cost
    end
  end
end)
