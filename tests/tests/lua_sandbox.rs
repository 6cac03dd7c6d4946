//! Hostile scripts against the Lua sandbox: no card can change what another card, a module or
//! the API does; no state outlives a call; every loop ends with a budget error; `print` and
//! error messages stay bounded; `pairs` never follows memory addresses.

use dzero_tests::lua as lua_support;

use dzero_core::{Action, CardDef, CardId, Player::*, RuleSet};
use dzero_script_api::{ErrorKind, Limits, ScriptError, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table};

const FILE: &str = "sets/fan/hostile.lua";
const WITNESS: &str = "sets/fan/witness.lua";

fn host() -> ScriptHost {
    ScriptHost::new(Limits::default()).unwrap()
}

fn unit(h: &ScriptHost, name: &str, file: &str, src: &str) -> Result<CardDef, ScriptError> {
    h.load_card(CardDef::unit(name, 1000, 1), file, src)
}

/// The Lua set plus the strategies 毒 (effect `poison`) and 証人 (deals 9000 damage), and an
/// enemy ロマネ・コンティ to aim at.
fn poison_then_witness(poison: &str) -> (ScriptHost, Table, CardId, CardId) {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    let src = format!(
        "card:on_play {{ target = target.unit(), resolve = function(g, e)\n{poison}\nend }}"
    );
    db.add(
        h.load_card(blank_strategy("毒"), FILE, &src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    db.add(
        h.load_card(
            blank_strategy("証人"),
            WITNESS,
            "card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 9000) end }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let p = s.hand(One, "毒");
    let w = s.hand(One, "証人");
    s.unit(Two, "ロマネ・コンティ", "b2");
    s.rich(One);
    s.deck(One, "ロマネ・コンティ", 5);
    (h, s.build(), p, w)
}

/// Plays `card` at the enemy unit and lets it resolve (a failing effect is allowed).
fn cast(t: &mut Table, card: CardId) {
    let target = t.game.field()[0];
    t.play(card, None, &[target]);
    t.pass();
    let _ = t.try_act(Action::Pass);
}

// ---------------------------------------------------------------- poisoning

#[test]
fn the_effect_handle_cannot_be_reached_through_pairs_next_or_raw_access() {
    let (h, mut t, poison, witness) = poison_then_witness(
        r#"
local function try(f) pcall(f) end
try(function() local _, G = pairs(g); G.damage = function() end end)
try(function() local f, s = pairs(g); local k, v = f(s); rawset(s, "damage", function() end) end)
try(function() for k, v in pairs(g) do if type(v) == "table" then v.damage = nil end end end)
try(function() rawset(g, "damage", function() end) end)
try(function() local k = next(g); rawset(g, k, nil) end)
try(function() getmetatable(g).__index = {} end)
try(function() setmetatable(g, {}) end)
try(function() g.damage = function() end end)
"#,
    );
    cast(&mut t, poison);
    assert_eq!(t.game.field().len(), 1, "the poisoner deals no damage");
    cast(&mut t, witness);
    assert!(
        t.game.field().is_empty(),
        "the witness still destroys its target: {:?}",
        h.errors()
    );
}

#[test]
fn shared_libraries_and_api_tables_cannot_be_changed() {
    let h = host();
    let attacks = r#"
local function try(f) pcall(f) end
for _, lib in ipairs { string, table, math, utf8, coroutine, game, target } do
  try(function() local _, real = pairs(lib); for k in pairs(real) do real[k] = nil end end)
  try(function() for k in pairs(lib) do rawset(lib, k, nil) end end)
  try(function() local k = next(lib); rawset(lib, k, 1) end)
  try(function() setmetatable(lib, {}) end)
  try(function() getmetatable(lib).__index = nil end)
end
try(function() getmetatable("").__index.rep = nil end)
try(function() local mt = getmetatable(""); mt.__index = {} end)
try(function() rawset(string, "rep", function() return "poisoned" end) end)
try(function() ("x").rep = nil end)
assert(rawget(string, "rep") == nil, "rawget does not reach the real table")
"#;
    unit(&h, "毒使い", FILE, attacks).unwrap_or_else(|e| panic!("{e}"));
    unit(
        &h,
        "証人",
        WITNESS,
        r#"
assert(string.rep("a", 2) == "aa")
assert(("a"):rep(3) == "aaa")
assert(("abc"):upper() == "ABC")
assert(math.max(1, 2) == 2 and math.pi > 3)
local t = {} table.insert(t, 1) assert(#t == 1)
assert(type(target.unit) == "function" and type(game.field) == "function")
assert(utf8.char(65) == "A" and type(coroutine.wrap) == "function")
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn modules_are_frozen_and_shared_read_only() {
    let h = host();
    h.load_module(
        "lib",
        "sets/fan/lib.lua",
        "local M = { bonus = 1000, list = {1, 2} }\nfunction M.get() return M.bonus end\nreturn M",
    )
    .unwrap();
    for attack in [
        "use('lib').bonus = 0",
        "rawset(use('lib'), 'bonus', 0)",
        "table.insert(use('lib').list, 3)",
        "local _, real = pairs(use('lib')); real.bonus = 0",
    ] {
        let r = unit(
            &h,
            "毒使い",
            FILE,
            &format!("pcall(function() {attack} end)"),
        );
        assert!(r.is_ok(), "{attack}: {:?}", r.err());
    }
    unit(
        &h,
        "証人",
        WITNESS,
        "local lib = use('lib')\nassert(lib.get() == 1000 and lib.bonus == 1000 and #lib.list == 2)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

// ---------------------------------------------------------------- state across calls

fn load_err(src: &str) -> ScriptError {
    unit(&host(), "壊れた兵", FILE, src)
        .err()
        .expect("the script must fail to load")
}

#[test]
fn assigning_a_lasting_upvalue_is_refused_at_load_with_its_line() {
    for (src, line, name) in [
        (
            "local n = 0\ncard:static { power = function(self)\n  n = n + 1\n  return 0\nend }",
            3,
            "n",
        ),
        (
            "local function make()\n  local n = 0\n  return function() n = n + 1 return n end\nend\nlocal f = make()\ncard:static { power = function(self) return f() end }",
            3,
            "n",
        ),
        (
            "local seen\nreturn { on_x = function(g, e)\n  local function remember() seen = e end\n  remember()\nend }",
            3,
            "seen",
        ),
    ] {
        let e = load_err(src);
        assert_eq!((e.file.as_str(), e.line), (FILE, Some(line)), "{src}: {e}");
        assert!(
            e.message.contains(&format!("assignment to '{name}'"))
                && e.message.contains("outlives the script's load"),
            "{e}"
        );
    }
}

#[test]
fn coroutines_made_at_load_are_refused() {
    for src in [
        "local co = coroutine.create(function() end)\ncard:static { power = function() coroutine.resume(co) return 0 end }",
        "keep = coroutine.create(function() end)",
    ] {
        let e = load_err(src);
        assert!(e.message.contains("coroutine"), "{src}: {e}");
    }
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    let src = "local w = coroutine.wrap(function() while true do coroutine.yield(1) end end)\ncard:static { power = function()\n  local v = w()\n  return v\nend }";
    db.add(unit(&h, "包み兵", FILE, src).unwrap_or_else(|e| panic!("{e}")));
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "包み兵", "a1");
    let t = s.build();
    assert_eq!(t.power(u), 1000);
    let e = h.check().unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(
        e.message
            .contains("only works during the call that made it"),
        "{e}"
    );
}

#[test]
fn locals_of_the_running_call_stay_writable() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        unit(
            &h,
            "計数兵",
            FILE,
            "local BONUS = { 500, 500 }\ncard:static { power = function(self)\n  local n = 0\n  local function add(x) n = n + x end\n  for _, b in ipairs(BONUS) do add(b) end\n  return n\nend }",
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "計数兵", "a1");
    let t = s.build();
    assert_eq!(t.power(u), 2000);
    h.check().unwrap();
}

#[test]
fn tables_and_globals_made_at_load_are_read_only_during_the_game() {
    for (body, msg) in [
        ("seen[#seen + 1] = 1", "read-only during the game"),
        ("table.insert(seen, 1)", "read-only during the game"),
        ("rawset(seen, 1, 1)", "read-only"),
        ("counter = counter + 1", "cannot assign global 'counter'"),
        ("rawset(_G, 'counter', 5)", "read-only"),
        ("setmetatable(seen, {})", "read-only"),
    ] {
        let h = host();
        let mut db = lua_support::load_set(&h).unwrap();
        let src = format!(
            "counter = 0\nlocal seen = {{}}\ncard:static {{ power = function(self)\n  {body}\n  return 500\nend }}"
        );
        db.add(unit(&h, "記憶兵", FILE, &src).unwrap_or_else(|e| panic!("{e}")));
        let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
        let u = s.unit(One, "記憶兵", "a1");
        let t = s.build();
        assert_eq!(t.power(u), 1000, "{body}: the failing hook adds nothing");
        let e = h.check().unwrap_err();
        assert_eq!(e.line, Some(4), "{body}: {e}");
        assert!(e.message.contains(msg), "{body}: {e}");
    }
}

#[test]
fn frozen_tables_still_read_like_the_originals() {
    let h = host();
    unit(
        &h,
        "読み手",
        FILE,
        r#"
local Class = {}
Class.__index = Class
function Class.new(v) return setmetatable({ v = v }, Class) end
function Class:get() return self.v end
local DATA = { a = 1, list = { 10, 20, 30 }, obj = Class.new(7) }
return { check = function()
  local n = 0
  for k, v in pairs(DATA.list) do n = n + v end
  assert(n == 60 and #DATA.list == 3 and DATA.a == 1)
  assert(DATA.obj:get() == 7 and getmetatable(DATA.obj) == Class)
  local fresh = Class.new(5)
  fresh.v = 6
  assert(fresh:get() == 6)
  assert(rawget(DATA, "a") == 1 and rawlen(DATA.list) == 3)
  assert(table.concat(DATA.list, ",") == "10,20,30")
  local keys = {}
  for k in next, DATA do keys[#keys + 1] = k end
  assert(#keys == 3)
end }
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

// ---------------------------------------------------------------- hangs

/// The effect `body` of a strategy, cast at an enemy unit: the error it records.
fn effect_error(body: &str) -> ScriptError {
    let (h, mut t, poison, _) = poison_then_witness(body);
    cast(&mut t, poison);
    h.errors()
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{body}: no error recorded"))
}

#[test]
fn caught_budget_errors_are_raised_again() {
    for body in [
        "while true do pcall(function() while true do end end) end",
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
        "while true do pcall(coroutine.wrap(function() while true do end end)) end",
        "while true do pcall(string.rep, 'x', 10) end",
        "while true do local ok = pcall(error, {}) end",
    ] {
        let e = effect_error(body);
        assert_eq!(e.kind, ErrorKind::Budget, "{body}: {e}");
    }
}

#[test]
fn error_values_with_metamethods_and_finalizers_are_refused() {
    for (body, msg) in [
        (
            "error(setmetatable({}, { __tostring = function() while true do end end }))",
            "error values must be strings",
        ),
        (
            "assert(false, setmetatable({}, { __index = function() while true do end end }))",
            "error values must be strings",
        ),
        (
            "setmetatable({}, { __gc = function() while true do end end })",
            "__gc handlers are not allowed",
        ),
        (
            "setmetatable({}, { __gc = true })",
            "__gc handlers are not allowed",
        ),
    ] {
        let e = effect_error(body);
        assert!(e.message.contains(msg), "{body}: {e}");
        assert_eq!(e.line, Some(2), "{body}: {e}");
    }
}

#[test]
fn catastrophic_patterns_end_with_the_budget_error() {
    for body in [
        "local s = string.rep('a', 100000) s:find('.-b')",
        "local s = ('a'):rep(40) s:find(('a*'):rep(40) .. 'b')",
        "local s = ('a'):rep(30) string.match(s, ('a?'):rep(30) .. ('a'):rep(30) .. 'b')",
        "for w in string.rep('a', 100000):gmatch('.-b') do end",
        "string.gsub(string.rep('a', 100000), '.-b', 'x')",
        "local s = string.rep('a', 200000) while true do s:find('b', 1, true) end",
        "while true do string.rep('x', 1000000) end",
        "local t = {} for i = 1, 100000 do t[i] = i end while true do table.sort(t) end",
    ] {
        let e = effect_error(body);
        assert_eq!(e.kind, ErrorKind::Budget, "{body}: {e}");
    }
}

#[test]
fn a_looping_hook_fails_at_once_after_its_first_budget() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        unit(
            &h,
            "無限兵",
            FILE,
            "card:static { power = function(self)\n  while true do end\nend }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "無限兵", "a1");
    let t = s.build();
    for _ in 0..50 {
        assert_eq!(t.power(u), 1000);
    }
    let errors = h.errors();
    assert!(
        errors.iter().all(|e| e.kind == ErrorKind::Budget),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.message.contains("no longer runs")),
        "{errors:?}"
    );
}

// ---------------------------------------------------------------- patterns

#[test]
fn lua_patterns_behave_like_lua() {
    unit(
        &host(),
        "検査",
        FILE,
        r#"
local function eq(a, b, what) assert(a == b, what .. ": got " .. tostring(a) .. ", want " .. tostring(b)) end
eq(select(2, ("hello world"):find("o w")), 7, "plain end")
eq(("hello world"):find("wor", 1, true), 7, "plain find")
eq(("hello"):find("l+"), 3, "find class")
eq(select(2, ("hello"):find("l+")), 4, "find end")
eq(("hello"):find("xyz"), nil, "no match")
eq(("key = value"):match("(%w+)%s*=%s*(%w+)"), "key", "captures")
eq(select(2, ("key = value"):match("(%w+)%s*=%s*(%w+)")), "value", "second capture")
eq(("  trim  "):match("^%s*(.-)%s*$"), "trim", "lazy + anchors")
eq(("f(a(b)c)d"):match("%b()"), "(a(b)c)", "balanced")
eq(("THE (quick) fox"):find("%f[%a]%a+%f[%A]"), 1, "frontier")
eq(("hello"):match("()ll()"), 3, "position capture")
eq(("abcabc"):match("(abc)%1"), "abc", "back reference")
eq(("x=1, y=2"):gsub("(%w+)=(%w+)", "%2=%1"), "1=x, 2=y", "gsub string")
eq(select(2, ("abc"):gsub("", "-")), 4, "gsub empty count")
eq(("abc"):gsub("", "-"), "-a-b-c-", "gsub empty")
eq(("$name is $age"):gsub("%$(%w+)", { name = "Ann", age = 3 }), "Ann is 3", "gsub table")
eq(("abc"):gsub("%w", function(c) return c:upper() .. "." end), "A.B.C.", "gsub function")
eq(("abc"):gsub("b", false and "" or "%0%0"), "abbc", "gsub %0")
eq(("hello world"):gsub("o", "0", 1), "hell0 world", "gsub max")
local words = {}
for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
eq(table.concat(words, ","), "one,two,three", "gmatch")
local pairs_ = {}
for k, v in ("a=1,b=2"):gmatch("(%w)=(%d)") do pairs_[#pairs_ + 1] = k .. v end
eq(table.concat(pairs_, ","), "a1,b2", "gmatch captures")
local from = {}
for w in ("ab cd ef"):gmatch("%a+", 4) do from[#from + 1] = w end
eq(table.concat(from, ","), "cd,ef", "gmatch init")
eq(("[x]"):match("[%[](.)[%]]"), "x", "escaped set")
eq(("a-b"):match("[a%-]+"), "a-", "dash in set")
eq(("2024"):match("^[0-9]+$"), "2024", "range")
eq(("x"):match("[^%d]"), "x", "negated set")
eq(string.find("abc", "b", -1), nil, "negative init")
eq(string.find(12345, 34), 3, "numbers are strings")
assert(not pcall(string.find, "a", "%"), "malformed pattern")
assert(not pcall(string.find, "a", "[a"), "missing ]")
assert(not pcall(string.gsub, "a", "(a)", "%2"), "invalid capture")
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

// ---------------------------------------------------------------- memory and log

#[test]
fn print_is_bounded_and_tagged_with_the_card() {
    let h = host();
    unit(
        &h,
        "大声",
        FILE,
        "local s = string.rep('x', 1 << 20)\nfor i = 1, 100 do print(s) end\nfor i = 1, 5000 do print(i) end",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let lines = h.log_lines();
    let bytes: usize = lines.iter().map(|l| l.text.len()).sum();
    assert!(bytes <= 70 << 10, "{bytes} bytes kept");
    assert_eq!(lines[0].card, "大声");
    assert!(lines[0].to_string().starts_with("[大声] xxx"));
    assert!(
        lines.last().unwrap().text.contains("more lines dropped"),
        "{:?}",
        lines.last()
    );
}

#[test]
fn huge_error_messages_are_cut() {
    let e = load_err("error(string.rep('x', 1 << 20))");
    assert!(e.message.len() < 4096, "{} bytes", e.message.len());
    assert!(e.message.contains("bytes cut"), "{}", &e.message[..100]);
}

// ---------------------------------------------------------------- pairs order

#[test]
fn pairs_over_reference_keys_is_repeatable_or_refused() {
    let e = load_err("local t = { [{}] = 1, [{}] = 2 }\nfor k in pairs(t) do end");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("has no repeatable order"), "{e}");
    let e = load_err("local t = { [print] = 1 }\nlocal k = next(t)");
    assert!(e.message.contains("has no repeatable order"), "{e}");
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        unit(
            &h,
            "整列兵",
            FILE,
            r#"card:static { power = function(self)
  local t = { z = 1, [2] = 1, [true] = 1 }
  for _, c in ipairs(game.field()) do t[c] = c.id end
  local order, ids = {}, {}
  for k, v in pairs(t) do
    if type(k) == "userdata" then ids[#ids + 1] = v else order[#order + 1] = tostring(k) end
  end
  for i = 2, #ids do assert(ids[i - 1] < ids[i], "cards by id") end
  assert(#order == 3 and #ids == 2)
  local n, k = 0, nil
  repeat k = next(t, k) if k ~= nil then n = n + 1 end until k == nil
  assert(n == 5)
  return 1000
end }"#,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "整列兵", "a1");
    s.unit(Two, "ロマネ・コンティ", "b2");
    let t = s.build();
    assert_eq!(t.power(u), 2000, "{:?}", h.errors());
}

// Memory addresses differ from one process to the next: tostring and string.format never show
// them, and %p is refused, so no game can depend on one.
#[test]
fn no_memory_address_reaches_a_script() {
    let h = host();
    h.load_module(
        "addresses",
        "sets/fan/addresses.lua",
        r#"
        print(tostring({}), tostring(print), tostring(coroutine.create(print)))
        print(string.format("%s|%s", {}, print))
        local ok, e = pcall(string.format, "%p", {})
        print(ok, e)
        print(tostring(setmetatable({}, { __tostring = function() return "mine: 0x1" end })))
        return {}
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let log = h.log();
    assert_eq!(log[0], "table\tfunction\tthread", "{log:?}");
    assert_eq!(log[1], "table|function", "{log:?}");
    assert!(
        log[2].starts_with("false") && log[2].contains("%p is not available"),
        "{log:?}"
    );
    assert_eq!(log[3], "mine", "{log:?}");
    assert!(log.iter().all(|l| !l.contains("0x")), "{log:?}");
}
