-- 熟練の弓兵: ● [白1 フリーズ]《クイック》 対象の相手のユニット1体に2000ダメージを与える。
card:activated {
  line = 1,
  cost = "白1 フリーズ",
  timing = "quick",
  target = target.unit { side = "opponent" },
  resolve = function(g, e) g:damage(e.target, 2000) end,
}
