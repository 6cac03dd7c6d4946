-- The sandbox prelude: runs once per Lua state, with the real globals, and builds the read-only
-- environment every card script sees. Arguments: `raw` (Rust functions) and `real` (the real
-- globals). Returns the shared API table, the effect handle `g`, `new_env(decl)` and
-- `add_module(name, value)`.
local raw, real = ...
local setmetatable, rawset, rawget, error, tostring, type, next, ipairs =
  real.setmetatable, real.rawset, real.rawget, real.error, real.tostring, real.type, real.next, real.ipairs
local yield = real.coroutine.yield
local SUSPEND = raw.SUSPEND

-- A deep read-only view of `t`; shared tables must not let one card change another's world.
local proxies = setmetatable({}, { __mode = "k" })
local function readonly(t, name)
  local p = proxies[t]
  if p then return p end
  p = setmetatable({}, {
    __index = function(_, k)
      local v = t[k]
      if type(v) == "table" then return readonly(v, name .. "." .. tostring(k)) end
      return v
    end,
    __newindex = function(_, k)
      error("cannot assign '" .. tostring(k) .. "' in '" .. name .. "': it is shared by every card", 2)
    end,
    __pairs = function() return next, t, nil end,
    __len = function() return #t end,
    __metatable = false,
  })
  proxies[t] = p
  return p
end

-- Strings share one metatable; hide it so no script can reach the real string table.
local string_mt = real.getmetatable("")
if string_mt then rawset(string_mt, "__metatable", false) end

-- The effect handle: the Rust functions, with the choice functions wrapped so that a question
-- without an answer suspends the effect's coroutine (the engine re-runs the effect later with
-- the recorded answers).
local G = {}
for k, f in next, raw.g do G[k] = f end
local function after_suspend()
  error("a choice suspended this effect; do not catch it with pcall or a coroutine", 0)
end
local function check(v, ...)
  if v == SUSPEND then
    yield(SUSPEND)
    after_suspend()
  end
  return v, ...
end
for _, name in ipairs(raw.choices) do
  local f = raw.g[name]
  G[name] = function(...) return check(f(...)) end
end
local g = setmetatable({}, {
  __index = G,
  __pairs = function() return next, G, nil end,
  __newindex = function(_, k) error("cannot assign g." .. tostring(k), 2) end,
  __metatable = false,
})

local modules = {}
local api = {
  target = readonly(raw.target, "target"),
  game = readonly(raw.game, "game"),
  print = raw.print,
  use = function(name)
    local m = modules[name]
    if m == nil then error("no module named '" .. tostring(name) .. "' is loaded", 2) end
    return m
  end,
  assert = real.assert, error = real.error, ipairs = real.ipairs, pairs = real.pairs,
  next = real.next, select = real.select, tonumber = real.tonumber, tostring = real.tostring,
  type = real.type, pcall = real.pcall, xpcall = real.xpcall, rawequal = real.rawequal,
  rawget = real.rawget, rawlen = real.rawlen, setmetatable = real.setmetatable,
  getmetatable = real.getmetatable,
  string = readonly(real.string, "string"), table = readonly(real.table, "table"),
  math = readonly(real.math, "math"), utf8 = readonly(real.utf8, "utf8"),
  coroutine = readonly(real.coroutine, "coroutine"),
}
setmetatable(api, {
  __index = function(_, k) error("undefined global '" .. tostring(k) .. "'", 2) end,
  __newindex = function(_, k) error("cannot assign '" .. tostring(k) .. "'", 2) end,
  __metatable = false,
})

-- A card script's own environment: globals it defines at load time stay its own; after
-- loading, global writes are errors (per-card state belongs to the engine).
local function new_env(decl)
  local frozen = false
  local env = { card = decl }
  env._G = env
  setmetatable(env, {
    __index = api,
    __newindex = function(t, k, v)
      if frozen then
        error("cannot assign global '" .. tostring(k) .. "' while the game runs (use a local)", 2)
      end
      rawset(t, k, v)
    end,
    __metatable = false,
  })
  return env, function() frozen = true end
end

local function add_module(name, value)
  if type(value) == "table" then value = readonly(value, name) end
  modules[name] = value
end

return api, g, new_env, add_module
