-- 西行寺 幽々子: ◆このカードがスクエア以外からスクエアに置かれた時、あなたはこのカードと隣接する
-- スクエアにある対象の使用コスト7以下のユニットを1枚まで選び、破壊する。
card:trigger {
  on = "moved",
  card = "self",
  -- Seen from where the card came from: anywhere but a square (a played unit comes off the stack).
  zones = { "stack", "hand", "deck", "graveyard", "energy", "smash", "remove" },
  when = function(self, ev) return ev.to == "field" end,
  target = target.unit {
    filter = function(self, c) return c:adjacent(self) and c.use_cost.total <= 7 end,
  },
  resolve = function(g, e)
    -- "1枚まで": destroying is optional.
    if e.target and g:yes_no(e.controller, "西行寺 幽々子: " .. e.target.name .. " を破壊しますか？") then
      g:destroy(e.target)
    end
  end,
}
