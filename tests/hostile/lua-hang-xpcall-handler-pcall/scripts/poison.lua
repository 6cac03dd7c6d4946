-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    xpcall(function() while true do end end, function()
      while true do pcall(function() while true do end end) end
    end)
  end,
}
