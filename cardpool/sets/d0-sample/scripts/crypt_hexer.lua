-- 墓所の呪術師
-- ● [あなたの墓地のカードをX枚選び、除外する]《クイック》 このカードのパワーをターン終了時まで
-- +X000する。 (X is chosen on activation; the effect reads it as e.x.)
card:activated {
  card_costs = { { zones = "graveyard", count = "x", to = "remove" } },
  timing = "quick",
  resolve = function(g, e) g:boost(e.me, 1000 * e.x) end,
}
-- ● [あなたの他のユニットを1枚フリーズする]《クイック》 あなたはカードを1枚引く。
card:activated {
  card_costs = {
    { zones = "field", to = "freeze", filter = function(self, c) return c.is_unit end },
  },
  timing = "quick",
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
