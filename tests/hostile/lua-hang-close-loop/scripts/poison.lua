-- 毒: hostile on purpose.
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    local x <close> = setmetatable({}, { __close = function()
      while true do pcall(function() while true do end end) end
    end })
    while true do end
  end,
}
