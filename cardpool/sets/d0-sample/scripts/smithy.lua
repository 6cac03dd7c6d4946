-- 鍛冶師の工房: ● [無1]《クイック》 あなたの手札のカード1枚を選ぶ。
-- ★ このカードの●で最後に選ばれたカードの使用コストは無1少なくなり、そのカードはバトル
-- タイミングでプレイできる。（創作）
-- The choice is card memory of this base: a remembered card that has left the hand since (it
-- was played, discarded…) is a new object and reads back as nil, so the ★ applies once.
card:activated {
  line = 1,
  cost = "無1",
  timing = "quick",
  resolve = function(g, e)
    local p = e.controller
    local c = g:choose_card(p, p:hand(), "鍛冶師の工房: 選ぶカード")
    if c then g:remember(e.me, "chosen", c) end
  end,
}
card:static {
  line = 2,
  play_cost = function(self, c, cost)
    if self:recall("chosen") == c then
      cost.colourless = math.max(0, cost.colourless - 1)
      return cost
    end
  end,
  play_timing = function(self, c) if self:recall("chosen") == c then return "battle" end end,
}
