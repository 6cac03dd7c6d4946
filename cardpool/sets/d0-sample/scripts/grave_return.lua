-- 墓所からの帰還: ○ 対象のあなたの墓地のユニットカード1枚を手札に戻す。
card:on_play {
  target = target.card { zone = "graveyard", side = "own", kind = "unit" },
  resolve = function(g, e) g:put(e.target, "hand") end,
}
