-- 毒: poisons the shared string library at load time.
local mt = getmetatable("")
pcall(function() mt.__index.rep = function() return "" end end)
pcall(function() rawset(string, "format", function() return "poisoned" end) end)
pcall(function() local _, real = pairs(string); real.rep = nil end)
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e) end,
}
