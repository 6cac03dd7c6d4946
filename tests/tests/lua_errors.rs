//! Fan scripts are untrusted: every failure class becomes a typed error naming the card, the
//! script file and the line; nothing panics, and the game state stays consistent.

use dzero_tests::lua as lua_support;

use dzero_core::{
    Action, ActionError, CardDef, Event, Loc, Payment, Player::*, RuleSet, Targets, Zone,
};
use dzero_script_api::{ErrorKind, Limits, ScriptError, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, sq};

const FILE: &str = "sets/fan/broken.lua";

fn host() -> ScriptHost {
    ScriptHost::new(Limits::default()).unwrap()
}

/// Loads `src` as the unit 壊れた兵 and expects a load error.
fn load_err(src: &str) -> ScriptError {
    host()
        .load_card(CardDef::unit("壊れた兵", 1000, 1), FILE, src)
        .err()
        .expect("the script must fail to load")
}

fn assert_names(e: &ScriptError, kind: ErrorKind, card: &str, line: u32, msg: &str) {
    assert_eq!(e.kind, kind, "{e}");
    assert_eq!(e.card, card, "{e}");
    assert_eq!(e.file, FILE, "{e}");
    assert_eq!(e.line, Some(line), "{e}");
    assert!(
        e.message.contains(msg),
        "message {:?} lacks {msg:?}",
        e.message
    );
    let shown = e.to_string();
    assert!(
        shown.contains(card) && shown.contains(&format!("{FILE}:{line}")),
        "{shown}"
    );
}

/// The Lua set plus the strategy 壊れた呪文 whose effect is `body`, in strict mode or not.
fn broken_spell(body: &str, limits: Limits) -> (ScriptHost, Table, dzero_core::CardId) {
    let host = ScriptHost::new(limits).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let src =
        format!("card:on_play {{ target = target.unit(), resolve = function(g, e)\n{body}\nend }}");
    db.add(
        host.load_card(blank_strategy("壊れた呪文"), FILE, &src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let card = s.hand(One, "壊れた呪文");
    s.unit(Two, "ロマネ・コンティ", "b2");
    s.rich(One);
    s.deck(One, "ロマネ・コンティ", 5);
    (host, s.build(), card)
}

fn cast(t: &mut Table, card: dzero_core::CardId) -> Result<(), ActionError> {
    let target = t.game.field()[0];
    t.play(card, None, &[target]);
    t.pass();
    t.try_act(Action::Pass)
}

// ---------------------------------------------------------------- load time

#[test]
fn syntax_error_names_card_file_and_line() {
    let e = load_err("card:static { power = 1000 }\nlocal x = = 2\n");
    assert_names(&e, ErrorKind::Syntax, "壊れた兵", 2, "unexpected symbol");
}

#[test]
fn runtime_error_at_load_time() {
    let e = load_err("local t = nil\n\nlocal y = t.field\n");
    assert_names(
        &e,
        ErrorKind::Runtime,
        "壊れた兵",
        3,
        "attempt to index a nil value",
    );
    assert!(e.traceback.contains("stack traceback"), "{e}");
}

#[test]
fn declaration_misuse_unknown_field_and_wrong_type() {
    let e = load_err("\ncard:static { powr = 1000 }");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 2, "unknown field 'powr'");
    let e = load_err("card:trigger { on = 'placed', resolve = 3 }");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 1, "must be a function");
    let e = load_err("card:trigger { on = 'teleported', resolve = function() end }");
    assert_names(
        &e,
        ErrorKind::Misuse,
        "壊れた兵",
        1,
        "unknown event 'teleported'",
    );
    let e = load_err("\n\ncard:activated { cost = '紫1', resolve = function() end }");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 3, "unknown colour");
    let e = load_err("card:on_play { resolve = function() end }");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 1, "for strategies");
    let e = load_err("card:static { applies_to = target.unit { count = 9 } }");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 1, "count must be");
}

/// A strategy's script may hold no card:on_play: its ○ can be printed text (the loader refuses a
/// strategy with no effect at all, cardpool/tests/printed_lines.rs).
#[test]
fn a_strategy_script_without_on_play_leaves_the_effect_to_its_text() {
    let def = host()
        .load_card(blank_strategy("空っぽ"), FILE, "-- nothing")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(def.spell.is_none());
}

#[test]
fn queries_at_load_time_are_misuse() {
    let e = load_err("local f = game.field()");
    assert_names(&e, ErrorKind::Misuse, "壊れた兵", 1, "needs a game");
}

// ---------------------------------------------------------------- sandbox

#[test]
fn sandbox_has_no_io_os_package_debug_load() {
    for name in [
        "io",
        "os",
        "package",
        "debug",
        "load",
        "loadfile",
        "dofile",
        "require",
        "collectgarbage",
    ] {
        let e = load_err(&format!("local x = {name}"));
        assert_names(
            &e,
            ErrorKind::Runtime,
            "壊れた兵",
            1,
            &format!("undefined global '{name}'"),
        );
    }
    host()
        .load_card(
            CardDef::unit("壊れた兵", 1000, 1),
            FILE,
            "assert(string.dump == nil and getmetatable('') == false)",
        )
        .map_err(|e| e.to_string())
        .unwrap();
    // math.random would make games unrepeatable: g:random replaces it.
    for call in ["math.random(6)", "math.randomseed(1)"] {
        let e = load_err(call);
        assert_names(
            &e,
            ErrorKind::Misuse,
            "壊れた兵",
            1,
            "is not available: use g:random(n)",
        );
    }
    let e = load_err("getmetatable('').__index.upper = nil");
    assert_names(&e, ErrorKind::Runtime, "壊れた兵", 1, "attempt to index");
}

#[test]
fn bytecode_is_refused() {
    let e = load_err("\x1bLua\x54\x00garbage");
    assert_eq!(e.kind, ErrorKind::Syntax, "{e}");
    assert!(e.message.contains("binary"), "{e}");
}

#[test]
fn globals_do_not_leak_between_cards() {
    let h = host();
    h.load_card(CardDef::unit("甲", 1000, 1), "sets/a.lua", "helper = 42\n")
        .unwrap();
    let e = h
        .load_card(
            CardDef::unit("乙", 1000, 1),
            "sets/b.lua",
            "local x = helper\n",
        )
        .err()
        .expect("must fail");
    assert_eq!(
        (e.card.as_str(), e.file.as_str(), e.line),
        ("乙", "sets/b.lua", Some(1))
    );
    assert!(e.message.contains("undefined global 'helper'"), "{e}");
    for shared in [
        "string.upper = nil",
        "math.pi = 3",
        "target.unit = nil",
        "game.field = nil",
    ] {
        let e = h
            .load_card(CardDef::unit("丙", 1000, 1), "sets/c.lua", shared)
            .err()
            .expect("must fail");
        assert!(e.message.contains("shared by every card"), "{shared}: {e}");
    }
    let e = h
        .load_card(
            CardDef::unit("丁", 1000, 1),
            "sets/d.lua",
            "card:static { power = function(self) counter = 1 return 0 end }",
        )
        .map(|_| ())
        .err();
    assert!(
        e.is_none(),
        "declaring is fine; the write fails when the hook runs"
    );
}

#[test]
fn global_writes_while_the_game_runs_fail_neutral() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        h.load_card(
            CardDef::unit("記憶する兵", 1000, 1),
            FILE,
            "card:static { power = function(self)\n  counter = 1\n  return 500\nend }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "記憶する兵", "a1");
    let t = s.build();
    assert_eq!(t.power(u), 1000, "neutral: the failing hook adds nothing");
    let e = h.check().unwrap_err();
    assert_names(
        &e,
        ErrorKind::Runtime,
        "記憶する兵",
        2,
        "cannot assign global 'counter'",
    );
}

// ---------------------------------------------------------------- effects

#[test]
fn runtime_error_in_effect_rolls_back_and_is_reported() {
    let (host, mut t, card) = broken_spell(
        "g:damage(e.target, 3000)\nlocal x = nil\nreturn x.y",
        Limits::default(),
    );
    let target = t.game.field()[0];
    cast(&mut t, card).unwrap();
    assert_eq!(t.damage(target), 0, "the failing effect does nothing");
    assert_eq!(
        t.loc(card),
        Loc::Graveyard,
        "the strategy still goes to the graveyard (R7.8)"
    );
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::EffectFailed { .. }))
    );
    let msg = &t.effect_error_texts()[0];
    assert!(
        msg.contains("壊れた呪文") && msg.contains(&format!("{FILE}:4")),
        "{msg}"
    );
    let e = host.check().unwrap_err();
    assert_names(
        &e,
        ErrorKind::Runtime,
        "壊れた呪文",
        4,
        "attempt to index a nil value",
    );
}

#[test]
fn strict_mode_turns_an_effect_error_into_a_refused_action() {
    let (_host, mut t, card) = broken_spell("error('boom')", Limits::default());
    t.game.set_strict(true);
    let before = t.game.clone();
    let target = t.game.field()[0];
    t.play(card, None, &[target]);
    t.pass();
    let stacked = t.game.clone();
    match t.try_act(Action::Pass) {
        Err(e @ ActionError::EffectFailed(_)) => {
            let m = t.error_text(&e);
            assert!(
                m.contains("壊れた呪文") && m.contains(&format!("{FILE}:2")) && m.contains("boom"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.game, stacked, "strict: the state is as before the action");
    assert_ne!(t.game, before);
}

#[test]
fn api_misuse_in_effect_names_the_line() {
    for (body, line, msg) in [
        (
            "\ng:damage('Romanée', 3000)",
            3,
            "a card was expected, got string",
        ),
        ("g:damage(e.target)", 2, "an integer was expected, got nil"),
        ("g.damage(e.target, 1)", 2, "with a colon"),
        ("local p = e.target.powr", 2, "card has no field 'powr'"),
        (
            "g:put(e.target, 'P1-base1')",
            2,
            "cannot be put into base square",
        ),
        (
            "g:put(e.target, 'elsewhere')",
            2,
            "a destination was expected",
        ),
        (
            "g:boost(e.target, 1, 'forever')",
            2,
            "unknown duration 'forever'",
        ),
        ("g:grant(e.target, 'flying')", 2, "unknown keyword 'flying'"),
        (
            "g:reorder_top(e.controller, { e.target })",
            2,
            "not the top of that deck",
        ),
        ("g:draw(3)", 2, "a player was expected"),
        ("coroutine.yield()", 2, "yielded outside a choice"),
    ] {
        let (host, mut t, card) = broken_spell(body, Limits::default());
        cast(&mut t, card).unwrap();
        let e = host.check().unwrap_err();
        let want = if body.starts_with("coroutine") {
            1
        } else {
            line
        };
        assert_eq!(e.kind, ErrorKind::Misuse, "{body}: {e}");
        assert_eq!(
            (e.card.as_str(), e.file.as_str()),
            ("壊れた呪文", FILE),
            "{body}"
        );
        assert_eq!(e.line, Some(want), "{body}: {e}");
        assert!(e.message.contains(msg), "{body}: {e}");
        assert_eq!(t.game.field().len(), 1);
    }
}

/// A static hook could only reach the effect handle `g` through a variable that outlives the
/// load; assigning one is refused when the script loads, so the handle never leaks.
#[test]
fn effect_handle_cannot_be_smuggled_into_a_static_hook() {
    let src = "local saved\ncard:trigger { on = 'placed', card = 'self', resolve = function(g) saved = g end }\ncard:static { power = function(self)\n  if saved then saved:draw(self.owner) end\n  return 0\nend }";
    let e = load_err(src);
    assert_names(
        &e,
        ErrorKind::Runtime,
        "壊れた兵",
        2,
        "assignment to 'saved', a variable that outlives the script's load",
    );
}

// ---------------------------------------------------------------- budget and memory

// How fast the budget stops a loop is measured by `cargo bench -p dzero-script-api --bench
// endless_loop`; these tests check that it always does, with a located budget error.
#[test]
fn endless_loop_in_effect_is_a_budget_error() {
    let (host, mut t, card) = broken_spell(
        "local n = 0\nwhile true do n = n + 1 end",
        Limits::default(),
    );
    cast(&mut t, card).unwrap();
    let e = host.check().unwrap_err();
    assert_names(&e, ErrorKind::Budget, "壊れた呪文", 3, "instruction budget");
}

#[test]
fn budget_cannot_be_swallowed_by_pcall_or_escape_into_a_coroutine() {
    for body in [
        "pcall(function()\n  while true do end\nend)",
        "local co = coroutine.create(function()\n  while true do end\nend)\ncoroutine.resume(co)",
        "for i = 1, 1000 do\n  pcall(function() while true do end end)\nend",
    ] {
        let (host, mut t, card) = broken_spell(body, Limits::default());
        cast(&mut t, card).unwrap();
        let e = host.check().unwrap_err();
        assert_eq!(e.kind, ErrorKind::Budget, "{body}: {e}");
        assert_eq!((e.card.as_str(), e.file.as_str()), ("壊れた呪文", FILE));
        assert!(e.line.is_some(), "{body}: {e}");
    }
}

#[test]
fn endless_loop_in_a_static_hook_is_neutral_and_logged() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        h.load_card(
            CardDef::unit("無限の兵", 1000, 1),
            FILE,
            "card:static { power = function(self)\n  while true do end\nend }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "無限の兵", "a1");
    let t = s.build();
    assert_eq!(t.power(u), 1000);
    let e = h.check().unwrap_err();
    assert_names(&e, ErrorKind::Budget, "無限の兵", 2, "instruction budget");
}

#[test]
fn memory_cap_is_an_error_not_an_abort() {
    let limits = Limits {
        instructions: 500_000_000,
        memory: 16 << 20,
    };
    for body in [
        "local t = {}\nfor i = 1, 1e8 do t[i] = i end",
        "local s = string.rep('x', 1 << 30)",
    ] {
        let (host, mut t, card) = broken_spell(body, limits);
        cast(&mut t, card).unwrap();
        let e = host.check().unwrap_err();
        assert_eq!(e.kind, ErrorKind::Memory, "{body}: {e}");
        assert_eq!((e.card.as_str(), e.file.as_str()), ("壊れた呪文", FILE));
        assert_eq!(
            e.line,
            Some(1),
            "no Lua location: the line declaring the ability"
        );
        assert!(host.memory_used() < 16 << 20);
    }
}

// ---------------------------------------------------------------- hooks and triggers

#[test]
fn failing_trigger_condition_and_replacement_are_neutral() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        h.load_card(
            CardDef::base("壊れた楼"),
            FILE,
            "card:static { damage = function(self, unit, amount)\n  return 'less'\nend }\ncard:trigger { on = 'damaged', when = function(self, e)\n  return e.card.nothing.here\nend, resolve = function() end }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    s.unit(Two, "壊れた楼", "P2-base2");
    let youmu = s.unit(Two, "魂魄 妖夢", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut t = s.build();
    t.game.set_strict(true);
    t.play(rifle, None, &[youmu]);
    t.pass_both();
    assert_eq!(
        t.damage(youmu),
        3000,
        "the broken replacement changes nothing"
    );
    assert!(
        t.game.stack().is_empty(),
        "the broken condition does not trigger"
    );
    let errors = h.errors();
    let replacement = errors
        .iter()
        .find(|e| e.line == Some(1))
        .expect("replacement error");
    assert_eq!(replacement.kind, ErrorKind::Misuse);
    assert!(
        replacement.message.contains("must return an integer"),
        "{replacement}"
    );
    let condition = errors
        .iter()
        .find(|e| e.line == Some(5))
        .expect("condition error");
    assert_eq!(condition.kind, ErrorKind::Misuse, "{condition}");
    assert!(
        condition.message.contains("card has no field 'nothing'"),
        "{condition}"
    );
    assert_eq!(h.take_errors().len(), 2);
    assert!(h.check().is_ok());
}

#[test]
fn errors_in_a_module_name_the_module_file() {
    let h = host();
    h.load_module(
        "util",
        "sets/fan/util.lua",
        "local M = {}\nfunction M.bad()\n  return nil + 1\nend\nreturn M",
    )
    .unwrap();
    let e = h
        .load_card(
            CardDef::unit("使用者", 1000, 1),
            FILE,
            "local u = use('util')\nu.bad()",
        )
        .err()
        .expect("must fail");
    assert_eq!(
        (e.card.as_str(), e.file.as_str(), e.line),
        ("使用者", "sets/fan/util.lua", Some(3))
    );
    assert!(
        e.traceback.contains(&format!("{FILE}:2")),
        "{}",
        e.traceback
    );
    let e = h
        .load_card(
            CardDef::unit("使用者", 1000, 1),
            FILE,
            "local u = use('nope')",
        )
        .err()
        .expect("must fail");
    assert!(e.message.contains("no module named 'nope'"), "{e}");
    let e = h
        .load_card(
            CardDef::unit("使用者", 1000, 1),
            FILE,
            "use('util').bad = nil",
        )
        .err()
        .expect("must fail");
    assert!(e.message.contains("shared by every card"), "{e}");
}

#[test]
fn activation_of_a_broken_ability_keeps_the_game_consistent() {
    let h = host();
    let mut db = lua_support::load_set(&h).unwrap();
    db.add(
        h.load_card(
            CardDef::unit("暴発の兵", 1000, 1),
            FILE,
            "card:activated { cost = 'フリーズ', resolve = function(g, e)\n  g:draw(e.controller, 2)\n  error({ not_a_string = true })\nend }",
        )
        .unwrap(),
    );
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    let u = s.unit(One, "暴発の兵", "a1");
    s.deck(One, "ロマネ・コンティ", 5);
    let mut t = s.build();
    let hand = t.zone(One, Zone::Hand).len();
    t.act(Action::Activate {
        card: u,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand, "rolled back");
    assert!(t.frozen(u), "the cost stays paid");
    assert_eq!(t.loc(u), Loc::Square(sq("a1")));
    let e = h.check().unwrap_err();
    assert_eq!(
        (e.kind, e.card.as_str(), e.file.as_str()),
        (ErrorKind::Runtime, "暴発の兵", FILE)
    );
}

// Ability specs may live in a shared module: its read-only proxy is read through to the table.
#[test]
fn specs_from_a_module_are_read_through_its_proxy() {
    let h = host();
    h.load_module(
        "specs",
        "sets/fan/specs.lua",
        "return { spark = { target = target.unit(), resolve = function(g, e) g:damage(e.target, 1000) end } }",
    )
    .unwrap();
    let def = h
        .load_card(
            blank_strategy("火花"),
            FILE,
            "card:on_play(use('specs').spark)",
        )
        .unwrap();
    let spell = def.spell.expect("the module's spec declares the effect");
    assert!(spell.target.is_some(), "its target spec is read too");
}
