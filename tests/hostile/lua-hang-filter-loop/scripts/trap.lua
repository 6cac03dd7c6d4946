-- 罠兵: its power hook never returns.
card:static { line = 1,
  power = function(self)
    while true do end
  end,
}
