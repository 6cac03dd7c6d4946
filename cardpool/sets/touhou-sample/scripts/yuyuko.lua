-- 西行寺 幽々子: ◆このカードがスクエア以外からスクエアに置かれた時、あなたはこのカードと隣接する
-- スクエアにある対象の使用コスト7以下のユニットを1枚まで選び、破壊する。
card:trigger {
  on = "moved",
  card = "self",
  -- Seen from where the card came from: anywhere but a square (a played unit comes off the stack).
  zones = { "stack", "hand", "deck", "graveyard", "energy", "smash", "remove" },
  when = function(self, ev) return ev.to == "field" end,
  -- "1枚まで選び": the target may be left out when the ability goes on the stack.
  target = target.unit {
    up_to = true,
    filter = function(self, c) return c:adjacent(self) and c.use_cost.total <= 7 end,
  },
  resolve = function(g, e)
    if e.target then g:destroy(e.target) end
  end,
}
