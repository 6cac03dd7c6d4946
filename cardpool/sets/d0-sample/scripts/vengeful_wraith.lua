-- 報復の亡霊: ◆ このユニットが破壊された時、そのユニットがいたスクエアに隣接する相手のユニット
-- 1体に、破壊される直前のこのユニットのパワーと同じダメージを与える。
-- The target filter sees the trigger (e.event.square: where it was destroyed); the effect reads
-- the unit's last-known power (boosts included) after it left the square. That record belongs
-- to the object the card became in the graveyard: if the card has left the graveyard before the
-- trigger resolves, nothing is known and no damage is dealt.
card:trigger {
  line = 1,
  on = "destroyed",
  card = "self",
  target = target.unit {
    side = "opponent",
    filter = function(self, c, e) return c.square:adjacent(e.event.square) end,
  },
  resolve = function(g, e)
    local last = e.me:last_known()
    if last then g:damage(e.target, last.power) end
  end,
}
