-- 魔除けの騎士: ★ このカードはストラテジーから受けるダメージを受けない。
card:static {
  damage = function(self, unit, amount, source)
    if unit == self and source.kind == "strategy" then return 0 end
    return amount
  end,
}
