-- 双撃の鐘: when put into a square, 1000 damage to each of two opposing units.
card:trigger {
  line = 1,
  on = "placed",
  card = "self",
  target = target.unit { side = "opponent", count = 2 },
  resolve = function(g, e)
    for _, t in ipairs(e.targets) do
      g:damage(t, 1000)
    end
  end,
}
