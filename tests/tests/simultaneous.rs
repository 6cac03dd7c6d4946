//! Cards an effect puts into squares at the same time (`g:put_together`): 001 RE5/RE6
//! 「同時に置かれる場合、それら全てを破壊します」 and A21 (both arrivals attack).

use dzero_core::{Loc, Player::*, RuleSet, Timing};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support, sq};

/// The Lua fixture set plus a quick strategy "同時" whose ○ effect runs `body` (`g`, `e`).
fn with_spell(body: &str) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let mut def = blank_strategy("同時");
    def.timing = Timing::Quick;
    let src = format!("card:on_play {{ resolve = function(g, e)\n{body}\nend }}");
    db.add(
        host.load_card(def, "tests/lua/inline/together.lua", &src)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// P1 plays "同時" and it resolves.
fn cast(mut s: Setup) -> Table {
    let spell = s.hand(One, "同時");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(spell, None, &[]);
    t.pass_both();
    t
}

const FROM_HAND: &str = r#"
local h = e.controller:hand()
local n = g:put_together({ { h[1], "b2" }, { h[2], "b2" } })
assert(n == 2, n)
"#;

/// RE5: two units of one player put into an empty square at the same time are both destroyed.
#[test]
fn re5_units_put_together_into_one_square_are_all_destroyed() {
    let (host, mut s) = with_spell(FROM_HAND);
    let a = s.hand(One, "シングルモルト");
    let b = s.hand(One, "ロマネ・コンティ");
    let t = cast(s);
    assert_eq!(t.loc(a), Loc::Graveyard);
    assert_eq!(t.loc(b), Loc::Graveyard);
    host.check().unwrap();
}

/// RE5 with one unit already there: the earlier unit stays, the simultaneous arrivals die.
#[test]
fn re5_the_earlier_unit_stays_and_the_simultaneous_arrivals_die() {
    let (host, mut s) = with_spell(FROM_HAND);
    let old = s.unit(One, "シングルモルト", "b2");
    let a = s.hand(One, "シングルモルト");
    let b = s.hand(One, "ロマネ・コンティ");
    let t = cast(s);
    assert_eq!(t.loc(old), Loc::Square(sq("b2")));
    assert_eq!((t.loc(a), t.loc(b)), (Loc::Graveyard, Loc::Graveyard));
    host.check().unwrap();
}

/// RE6: two bases put into one base square at the same time are both destroyed.
#[test]
fn re6_bases_put_together_into_one_base_square_are_all_destroyed() {
    let (host, mut s) = with_spell(
        r#"
local h = e.controller:hand()
local home = game.base_squares(e.controller)[1]
assert(g:put_together({ { h[1], home }, { h[2], home } }) == 2)
"#,
    );
    let a = s.hand(One, "白玉楼");
    let b = s.hand(One, "守りの祠");
    let t = cast(s);
    assert_eq!((t.loc(a), t.loc(b)), (Loc::Graveyard, Loc::Graveyard));
    host.check().unwrap();
}

/// A21: units of both players put into one square at the same time are both attackers.
#[test]
fn a21_units_of_both_players_arriving_together_both_attack() {
    let (host, mut s) = with_spell(
        r#"
local mine = e.controller:hand()[1]
local theirs = e.controller.opponent:hand()[1]
assert(g:put_together({ { mine, "b2" }, { theirs, "b2" } }) == 2)
"#,
    );
    let mine = s.hand(One, "シングルモルト");
    let theirs = s.hand(Two, "シングルモルト");
    let t = cast(s);
    let battle = t.game.battle().expect("RE8: a battle begins in b2");
    assert_eq!(battle.square, sq("b2"));
    assert!(
        battle.fighters.iter().all(|f| f.attacker),
        "both arrived at once: both are attackers (A21)"
    );
    assert_eq!(t.loc(mine), Loc::Square(sq("b2")));
    assert_eq!(t.loc(theirs), Loc::Square(sq("b2")));
    host.check().unwrap();
}
