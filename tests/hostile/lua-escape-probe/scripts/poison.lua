-- 毒: tries every way out of the sandbox, each under pcall; any that works fails the load.
local tries = {
  function() return io.open("/tmp/dzero-hostile-marker", "w") end,
  function() return os.execute("touch /tmp/dzero-hostile-marker") end,
  function() return require("os") end,
  function() return package.loadlib("libc.so.6", "system") end,
  function() return load("return 1") end,
  function() return load(string.dump(print)) end,
  function() return dofile("/etc/passwd") end,
  function() return loadfile("/etc/passwd") end,
  function() return debug.getregistry() end,
  function() return string.dump(function() end) end,
  function() return collectgarbage("count") end,
  function() return getmetatable("").__index end,
  function() return rawget(_G, "io") or rawget(_G, "os") end,
  function() return _ENV.os.exit() end,
}
for i, f in ipairs(tries) do
  local ok, r = pcall(f)
  if ok and r then error("escape " .. i .. " worked: " .. tostring(r)) end
end
card:on_play { line = 1,
  target = target.unit(),
  resolve = function(g, e)
    g:damage(e.target, 3000)
  end,
}
