-- The sandbox prelude: runs once per Lua state, with the real globals, and builds the read-only
-- environment every card script sees. Arguments: `raw` (Rust functions) and `real` (the real
-- globals). Returns the shared API table, the effect handle `g`, `new_env(decl)`,
-- `add_module(name, value)` and the engine's private helpers (never given to a script).
--
-- Rules kept here:
-- * no script reaches a shared table: API tables are proxies whose contents (`target_of`) are
--   unreachable through pairs/next/rawget/rawset/getmetatable;
-- * after a script loads, every table it made is frozen: its contents move to a hidden table
--   (`hidden`) and the table itself becomes an empty read-only view of them;
-- * once a call used up its instruction budget, pcall/xpcall/coroutine.resume re-raise;
-- * pairs/next follow an order that never depends on memory addresses.
local raw, real = ...
local setmetatable, getmetatable, rawset, rawget, rawlen, rawequal, error, tostring, type, next,
  select, pcall, xpcall =
  real.setmetatable, real.getmetatable, real.rawset, real.rawget, real.rawlen, real.rawequal,
  real.error, real.tostring, real.type, real.next, real.select, real.pcall, real.xpcall
local co = real.coroutine
local yield, resume, wrap, close = co.yield, co.resume, co.wrap, co.close
local ipairs, log, max = real.ipairs, real.math.log, real.math.max
local SUSPEND = raw.SUSPEND
local live, keys, charge, generation = raw.live, raw.keys, raw.charge, raw.generation

-- proxy -> the engine table it shows; frozen script table -> its hidden contents.
local target_of = setmetatable({}, { __mode = "k" })
local hidden = setmetatable({}, { __mode = "k" })

local function readonly_error(what)
  error("cannot change " .. what .. ": it is read-only (shared by every card, or made while the "
    .. "script loaded; keep lasting state in the game, not in script tables)", 3)
end

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
    __len = function() return #t end,
    __metatable = false,
  })
  proxies[t] = p
  target_of[p] = t
  return p
end

-- The table whose entries iterating `t` shows, and whether values need a proxy.
local function source(t)
  local tgt = target_of[t]
  if tgt then return tgt, true end
  return hidden[t] or t, false
end

local function shown(v, wrapped)
  if wrapped and type(v) == "table" then return readonly(v, "table") end
  return v
end

local function check_table(t, fname)
  if type(t) ~= "table" then
    error("bad argument #1 to '" .. fname .. "' (table expected, got " .. type(t) .. ")", 3)
  end
end

-- Sandbox `next`: the raw order when every key is a string, number or boolean; otherwise the
-- repeatable order of `raw.keys` (primitive keys, then cards/players/squares by id).
local function s_next(t, k)
  check_table(t, "next")
  local src, wrapped = source(t)
  local ks, msg = keys(src)
  if ks == false then error(msg, 2) end
  if ks == nil then
    local nk, v = next(src, k)
    return nk, shown(v, wrapped)
  end
  local i = 0
  if k ~= nil then
    i = nil
    for j = 1, #ks do
      if rawequal(ks[j], k) then i = j break end
    end
    if i == nil then error("invalid key to 'next'", 2) end
  end
  while true do
    i = i + 1
    local nk = ks[i]
    if nk == nil then return nil end
    local v = rawget(src, nk)
    if v ~= nil then return nk, shown(v, wrapped) end
  end
end

-- Stateless: the generic `for` hands the previous key back.
local function raw_order_next(t, k)
  local src, wrapped = source(t)
  local nk, v = next(src, k)
  return nk, shown(v, wrapped)
end

local function s_pairs(t)
  check_table(t, "pairs")
  local src, wrapped = source(t)
  local ks, msg = keys(src)
  if ks == false then error(msg, 2) end
  if ks == nil then return raw_order_next, t, nil end
  -- The snapshot iterator has state: it refuses to run in a later call (e.g. kept from load).
  local i = 0
  local made_in = generation()
  return function()
    if generation() ~= made_in then
      error("a pairs iterator only works during the call that made it", 2)
    end
    while true do
      i = i + 1
      local k = ks[i]
      if k == nil then return nil end
      local v = rawget(src, k)
      if v ~= nil then return k, shown(v, wrapped) end
    end
  end, t, nil
end

local function s_rawget(t, k)
  check_table(t, "rawget")
  return rawget(hidden[t] or t, k)
end

local function s_rawset(t, k, v)
  check_table(t, "rawset")
  if hidden[t] or target_of[t] then readonly_error("this table") end
  return rawset(t, k, v)
end

local function s_rawlen(t)
  if type(t) == "table" then return rawlen(hidden[t] or t) end
  return rawlen(t)
end

-- The metatable a table gets is a sealed copy of the one given, read when `setmetatable` is
-- called: a later change to the given table cannot add a handler Lua would run where no budget
-- applies (`__gc` while collecting garbage; `__close` while an error unwinds, as the instruction
-- budget's error does). `getmetatable` still returns the table given. Copies of frozen
-- metatables (made at load) are kept, since those cannot change.
local sealed_frozen = setmetatable({}, { __mode = "k" })
local function sealed_mt(mt)
  local h = hidden[mt]
  local c = h and sealed_frozen[mt]
  if c then return c end
  local src = h or mt
  for _, e in ipairs { "__gc", "__close" } do
    if rawget(src, e) ~= nil then
      error(e .. " handlers are not allowed in card scripts (they would run outside the "
        .. "instruction budget: " .. (e == "__gc" and "while garbage is collected" or
        "while an error unwinds") .. ")", 3)
    end
  end
  c = {}
  for k, v in next, src do c[k] = v end
  if rawget(c, "__metatable") == nil then c.__metatable = mt end
  if h then sealed_frozen[mt] = c end
  return c
end

local function s_setmetatable(t, mt)
  check_table(t, "setmetatable")
  if mt ~= nil then
    if type(mt) ~= "table" then
      error("bad argument #2 to 'setmetatable' (nil or table expected)", 2)
    end
    if target_of[mt] then error("a shared API table cannot be a metatable", 2) end
    mt = sealed_mt(mt)
  end
  if hidden[t] or target_of[t] then readonly_error("the metatable of this table") end
  return setmetatable(t, mt)
end

local function s_getmetatable(v)
  local tv = type(v)
  if tv == "table" then return getmetatable(v) end
  if tv == "string" or tv == "userdata" then return false end
  return nil
end

-- Error values: strings, numbers, booleans or tables without a metatable (a metatable on an
-- error value would run script code where no budget applies).
local function plain_error_value(v)
  local tv = type(v)
  if tv == "table" then return getmetatable(v) == nil end
  return tv ~= "userdata" and tv ~= "function" and tv ~= "thread"
end

local function s_error(v, level)
  if not plain_error_value(v) then
    error("error values must be strings or tables without a metatable", 2)
  end
  if level == nil then level = 1 end
  if type(level) == "number" and level > 0 then level = level + 1 end
  error(v, level)
end

local function s_assert(v, ...)
  if v then return v, ... end
  if select("#", ...) == 0 then error("assertion failed!", 2) end
  local m = ...
  if not plain_error_value(m) then
    error("error values must be strings or tables without a metatable", 2)
  end
  error(m, 0)
end

local function s_pcall(f, ...)
  return live(pcall(f, ...))
end

local function s_xpcall(f, handler, ...)
  return live(xpcall(f, function(...)
    live()
    return handler(...)
  end, ...))
end

local s_coroutine = {}
for k, v in next, co do s_coroutine[k] = v end
s_coroutine.resume = function(c, ...) return live(resume(c, ...)) end
s_coroutine.close = function(c) return live(close(c)) end
-- A wrapped coroutine made in one call (e.g. at load) must not carry its state into another.
s_coroutine.wrap = function(f)
  local w = wrap(f)
  local made_in = generation()
  return function(...)
    if generation() ~= made_in then
      error("a coroutine.wrap function only works during the call that made it", 2)
    end
    return live(w(...))
  end
end

-- The string library: Lua patterns are matched in Rust with every step charged to the budget;
-- functions whose work grows with their input or output charge for it first.
local rstr = real.string
local s_string = {}
for k, v in next, rstr do s_string[k] = v end
s_string.dump, s_string.pack, s_string.unpack, s_string.packsize = nil, nil, nil, nil
s_string.find, s_string.match, s_string.gmatch, s_string.gsub =
  raw.find, raw.match, raw.gmatch, raw.gsub
local rep, format, rfind, rsub = rstr.rep, rstr.format, rstr.find, rstr.sub

-- tostring without memory addresses ("table", not "table: 0x55…"): an address differs from one
-- process to the next, so a game that used one (as a key, in a message) would not replay.
local function s_tostring(v)
  local s = tostring(v)
  local t = type(v)
  if t == "table" or t == "function" or t == "thread" or t == "userdata" then
    local at = rfind(s, ": 0x%x+$") or rfind(s, ": %x+$")
    if at then s = rsub(s, 1, at - 1) end
  end
  return s
end
-- Charged before it runs: Lua's C loop repeats `n` times even for an empty string.
s_string.rep = function(s, n, sep)
  if type(n) == "number" and n > 0 then
    local sl = type(s) == "string" and #s or 16
    local pl = type(sep) == "string" and #sep or 0
    charge(max(n / 64, (sl + pl) * n / 16))
  end
  return rep(s, n, sep)
end
-- Charged before it runs for its format and string arguments, after for its output.
s_string.format = function(f, ...)
  if type(f) == "string" and rfind((rstr.gsub(f, "%%%%", "")), "%%[-+ #0-9.]*p") then
    error("string.format: %p is not available (addresses differ from one run to the next)", 2)
  end
  local n = select("#", ...)
  local work = n + (type(f) == "string" and #f / 16 or 0)
  local args = { ... }
  for i = 1, n do
    local t = type(args[i])
    if t == "table" or t == "function" or t == "thread" or t == "userdata" then
      args[i] = s_tostring(args[i])
    elseif t == "string" then
      work = work + #args[i] / 16
    end
  end
  charge(work)
  local out = format(f, real.table.unpack(args, 1, n))
  charge(#out / 16)
  return out
end
local char = rstr.char
s_string.char = function(...)
  charge(select("#", ...) / 4)
  return char(...)
end
for _, name in ipairs { "upper", "lower", "reverse", "sub", "byte", "len" } do
  local f = rstr[name]
  s_string[name] = function(s, ...)
    if type(s) == "string" then charge(#s / 64) end
    return f(s, ...)
  end
end

local rtab = real.table
local s_table = {}
for k, v in next, rtab do s_table[k] = v end
local sort, concat, insert, remove, move, unpack =
  rtab.sort, rtab.concat, rtab.insert, rtab.remove, rtab.move, rtab.unpack
s_table.sort = function(t, cmp)
  local n = #t
  if n > 1 then charge(n * (log(n, 2) + 1)) end
  return sort(t, cmp)
end
-- Charged before it runs for the range it walks (given explicitly, it need not match `#t`).
s_table.concat = function(t, sep, i, j)
  local first = i == nil and 1 or i
  local last = j
  if last == nil then last = #t end
  if type(first) == "number" and type(last) == "number" and last >= first then
    charge((last - first + 1) * (1 + (type(sep) == "string" and #sep or 0) / 16))
  end
  local out = concat(t, sep, i, j)
  charge(#out / 16)
  return out
end
s_table.insert = function(t, ...)
  charge(#t)
  return insert(t, ...)
end
s_table.remove = function(t, ...)
  charge(#t)
  return remove(t, ...)
end
s_table.move = function(a, f, e, t, b)
  if type(f) == "number" and type(e) == "number" and e >= f then charge(e - f) end
  return move(a, f, e, t, b)
end
s_table.unpack = function(t, i, j)
  i = i or 1
  j = j or #t
  if type(i) == "number" and type(j) == "number" and j >= i then charge(j - i) end
  return unpack(t, i, j)
end

-- Every utf8 function is charged before it runs for its arguments: the string it walks and,
-- for utf8.char, each code point.
local rutf8 = real.utf8
local s_utf8 = {}
for k, v in next, rutf8 do
  if type(v) == "function" then
    s_utf8[k] = function(s, ...)
      local work = select("#", ...) / 4
      if type(s) == "string" then work = work + #s / 16 end
      charge(work)
      return v(s, ...)
    end
  else
    s_utf8[k] = v
  end
end

-- Strings share one metatable: its methods are the sandbox's, and it is hidden from scripts.
local string_mt = getmetatable("")
if string_mt then
  rawset(string_mt, "__index", s_string)
  rawset(string_mt, "__metatable", false)
end

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
  __newindex = function(_, k) error("cannot assign g." .. tostring(k), 2) end,
  __metatable = false,
})
target_of[g] = G

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
  assert = s_assert, error = s_error, ipairs = real.ipairs, pairs = s_pairs,
  next = s_next, select = real.select, tonumber = real.tonumber, tostring = s_tostring,
  type = real.type, pcall = s_pcall, xpcall = s_xpcall, rawequal = real.rawequal,
  rawget = s_rawget, rawset = s_rawset, rawlen = s_rawlen, setmetatable = s_setmetatable,
  getmetatable = s_getmetatable,
  string = readonly(s_string, "string"), table = readonly(s_table, "table"),
  math = readonly(real.math, "math"), utf8 = readonly(s_utf8, "utf8"),
  coroutine = readonly(s_coroutine, "coroutine"),
}
setmetatable(api, {
  __index = function(_, k) error("undefined global '" .. tostring(k) .. "'", 2) end,
  __newindex = function(_, k) error("cannot assign '" .. tostring(k) .. "'", 2) end,
  __metatable = false,
})

-- Metamethods a frozen table keeps from its own metatable (read through the frozen copy).
local EVENTS = {
  "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv", "__band", "__bor",
  "__bxor", "__shl", "__shr", "__bnot", "__concat", "__eq", "__lt", "__le", "__call",
  "__tostring", "__name",
}

-- Freezes a table made by a script: its contents move to a hidden table, and the now empty
-- table reads through to them and refuses every write. `mt` is its own metatable, if any;
-- returns the metatable the engine then sets on `t` (ignoring any protection). `shared`: the
-- table belongs to a module every card sees.
local function freeze(t, mt, shared)
  local h = {}
  for k, v in next, t do h[k] = v end
  for k in next, h do rawset(t, k, nil) end
  hidden[t] = h
  local f = {
    __newindex = function(_, k)
      if shared then
        error("cannot assign '" .. tostring(k) .. "': a module's tables are shared by every card "
          .. "and read-only", 2)
      end
      error("cannot assign '" .. tostring(k) .. "': tables made while the script loaded are "
        .. "read-only during the game (they would carry state from one game to the next)", 2)
    end,
    __len = function() return rawlen(h) end,
    __metatable = false,
  }
  if mt == nil then
    f.__index = h
  else
    local mc = hidden[mt] or mt
    for _, e in ipairs(EVENTS) do f[e] = rawget(mc, e) end
    local len = rawget(mc, "__len")
    if len ~= nil then f.__len = len end
    local idx = rawget(mc, "__index")
    f.__index = function(self, k)
      local v = rawget(h, k)
      if v ~= nil or idx == nil then return v end
      if type(idx) == "function" then return idx(self, k) end
      return idx[k]
    end
    local protect = rawget(mc, "__metatable")
    if protect == nil then protect = mt end
    f.__metatable = protect
  end
  return f
end

-- A card script's own environment: globals it defines at load time stay its own; after
-- loading, the environment is frozen (per-card state belongs to the engine).
local function new_env(decl)
  local env = { card = decl }
  env._G = env
  local m = { __index = api, __metatable = false }
  setmetatable(env, m)
  local function freeze_env()
    local h = {}
    for k, v in next, env do h[k] = v end
    for k in next, h do rawset(env, k, nil) end
    hidden[env] = h
    rawset(m, "__index", function(_, k)
      local v = rawget(h, k)
      if v == nil then v = rawget(api, k) end
      if v == nil then error("undefined global '" .. tostring(k) .. "'", 2) end
      return v
    end)
    rawset(m, "__newindex", function(_, k)
      error("cannot assign global '" .. tostring(k) .. "' while the game runs (use a local; "
        .. "lasting state belongs to the game, not to the script)", 2)
    end)
    rawset(m, "__len", function() return rawlen(h) end)
  end
  return env, freeze_env
end

local function add_module(name, value)
  modules[name] = value
end

-- A plain copy of `v` for the Rust declaration parser: frozen tables show their contents and
-- proxies their target; functions and other values stay as they are.
local function thaw(v, seen)
  if type(v) ~= "table" then return v end
  seen = seen or {}
  local c = seen[v]
  if c then return c end
  c = {}
  seen[v] = c
  local src = target_of[v] or hidden[v] or v
  for k, x in next, src do c[thaw(k, seen)] = thaw(x, seen) end
  return c
end

local private = {
  freeze = freeze,
  thaw = thaw,
  hidden = hidden,
  target_of = target_of,
}

return api, g, new_env, add_module, private
