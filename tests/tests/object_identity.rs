//! Object identity (R7.3, A46): a card that changes zones is a new object; a ● or ◆ item its
//! old object put on the stack still resolves, but 「このカード」 no longer names the card.
//! Played with a DSL card and a Lua card, which must agree.

use dzero_core::{CardDef, Loc, Player::*, RuleSet, Timing};
use dzero_grammar::{CompileCtx, Compiled, NoScripts, compile_text};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, Table};

/// Compiles printed DSL lines onto `def`.
fn with_text(mut def: CardDef, lines: &[&str]) -> CardDef {
    let ctx = CompileCtx::new(def.kind, def.timing);
    for line in lines {
        match compile_text(line, &ctx, &mut NoScripts).unwrap_or_else(|e| panic!("{line}: {e}")) {
            Compiled::Ability(a) => def.abilities.push(a),
            other => panic!("{line}: not an ability: {other:?}"),
        }
    }
    def
}

/// The ● that returns the card to its owner's hand as its cost (so it can be played again
/// while its ◆ waits on the stack).
const BOUNCE: &str = "● [このカードを手札に戻す]《クイック》 あなたはカードを1枚引く。";

/// A quick unit 2000 whose ◆ gives itself +1000 when put into a square, in DSL.
fn dsl_unit() -> CardDef {
    with_text(
        CardDef::unit("跳ね返り", 2000, 1).timing(Timing::Quick),
        &[
            BOUNCE,
            "◆ このカードがスクエアに置かれた時、このカードのパワーをターン終了時まで+1000する。",
        ],
    )
}

/// The same card with its ◆ in Lua (`e.me` is the object that made the item).
fn lua_unit(host: &ScriptHost) -> CardDef {
    let def = with_text(
        CardDef::unit("跳ね返り", 2000, 1).timing(Timing::Quick),
        &[BOUNCE],
    );
    host.load_card(
        def,
        "tests/object_identity.lua",
        r#"
card:trigger {
  on = "placed", card = "self",
  resolve = function(g, e) g:boost(e.me, 1000, "end_of_turn") end,
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// A table where One, with energy to spare, has just played 跳ね返り (`def`) into a1.
fn played(def: CardDef) -> (Table, dzero_core::CardId) {
    let mut db = dzero_fixtures::card_db();
    db.add(def);
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    s.deck(One, "シングルモルト", 10);
    let u = s.hand(One, "跳ね返り");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(u, Some("a1"), &[]);
    (t, u)
}

/// Plays the unit, bounces it with its ◆ still on the stack, plays it again, and resolves
/// everything: the power of the new object.
fn replay_before_resolution(def: CardDef) -> i32 {
    let (mut t, u) = played(def);
    t.pass_both();
    // The first object's ◆ waits on the stack.
    assert_eq!(t.stack(), vec![Some(u)]);
    t.act(Table::activate_action(u, 0));
    assert_eq!(t.loc(u), Loc::Hand);
    t.play(u, Some("a1"), &[]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert!(matches!(t.loc(u), Loc::Square(_)));
    t.power(u)
}

// R7.3, A46: the first object's ◆ resolves to no purpose for 「このカード」: +1000 once (from the
// second object's own ◆), not twice.
#[test]
fn a_stale_trigger_does_not_boost_the_new_object_dsl() {
    assert_eq!(replay_before_resolution(dsl_unit()), 3000);
}

// R7.3, A46: the same with the ◆ written in Lua: `e.me` is the old object.
#[test]
fn a_stale_trigger_does_not_boost_the_new_object_lua() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    assert_eq!(replay_before_resolution(lua_unit(&host)), 3000);
}

// R7.3: while the card stays the same object, its ◆ still names it (the boost applies).
#[test]
fn the_same_object_still_gets_its_boost() {
    let (mut t, u) = played(dsl_unit());
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert_eq!(t.power(u), 3000);
}
