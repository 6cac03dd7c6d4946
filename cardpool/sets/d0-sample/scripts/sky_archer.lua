-- 天空の弓兵: ● [白1 フリーズ]《クイック》 対象の相手のユニット1体に2000ダメージを与える。
-- (The ● line with its cost and timing is in the card file: `lua:shoot` is the effect.)
return {
  shoot = {
    target = target.unit { side = "opponent" },
    resolve = function(g, e) g:damage(e.target, 2000) end,
  },
}
