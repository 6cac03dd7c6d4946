-- 火吹きトカゲ: ● [赤1 フリーズ]《クイック》 対象の相手のユニット1体に1000ダメージを与える。
card:activated {
  cost = "赤1 フリーズ",
  timing = "quick",
  target = target.unit { side = "opponent" },
  resolve = function(g, e) g:damage(e.target, 1000) end,
}
