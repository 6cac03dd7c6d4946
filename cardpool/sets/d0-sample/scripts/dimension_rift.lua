-- 次元断絶: ○ 対象のストラテジー1枚の解決を失敗させる。
card:on_play {
  target = target.item { kind = "strategy" },
  resolve = function(g, e) g:counter(e.target) end,
}
