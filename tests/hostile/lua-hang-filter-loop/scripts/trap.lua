-- 罠兵: its power hook never returns.
card:static {
  power = function(self)
    while true do end
  end,
}
