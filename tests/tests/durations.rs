//! Durations of temporary changes beyond "until end of turn" (A31): until the end of the battle
//! (R11.16) and until the end of your next turn (R13.1, A31), each ending exactly when it should.

use dzero_core::{BattleStep, CardId, Loc, Player::*, RuleSet, Timing};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::{Setup, Table, lua as lua_support};

/// The Lua set plus a strategy "テスト" of `timing` whose ○ effect targets a unit and runs
/// `body` (with `g`, `e`).
fn with_spell(timing: Timing, body: &str) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let mut def = blank_strategy("テスト");
    def.timing = timing;
    let src =
        format!("card:on_play {{ target = target.unit(), resolve = function(g, e)\n{body}\nend }}");
    let def = host
        .load_card(def, "tests/lua/inline/duration.lua", &src)
        .unwrap_or_else(|e| panic!("{e}"));
    db.add(def);
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

fn step(t: &Table) -> Option<BattleStep> {
    t.game.battle().map(|b| b.step)
}

/// R11.16, RE4: +6000 "until end of battle" on the attacker holds through damage and the end
/// step, and ends when the battle ends — the damage stays (R1.9), so the unit then dies.
#[test]
fn r11_16_until_end_of_battle_ends_with_the_battle() {
    let (host, mut s) = with_spell(
        Timing::Battle,
        r#"assert(g:boost(e.target, 6000, "end_of_battle"))"#,
    );
    let malt = s.unit(One, "シングルモルト", "b1");
    let romanee = s.unit(Two, "ロマネ・コンティ", "b2");
    let spell = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build_strict();
    t.mv(malt, "b2");
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::First));
    t.play(spell, None, &[malt]);
    t.pass_both();
    assert_eq!(t.power(malt), 9000);
    t.pass_until(|t| step(t) == Some(BattleStep::End));
    assert_eq!(t.loc(romanee), Loc::Graveyard, "9000 damage ≥ 8000");
    assert_eq!(t.damage(malt), 8000);
    assert_eq!(t.power(malt), 9000, "still boosted in the end step");
    assert_eq!(t.loc(malt), Loc::Square(dzero_tests::sq("b2")));
    t.pass_until(|t| !t.in_battle());
    assert_eq!(
        t.loc(malt),
        Loc::Graveyard,
        "the boost ended with the battle: 8000 damage ≥ 3000 power (RE4)"
    );
    host.check().unwrap();
}

/// "until end of battle" outside a battle gives the change no time: nothing changes, the call
/// returns false and the effect does not fail.
#[test]
fn until_end_of_battle_outside_a_battle_changes_nothing() {
    let (host, mut s) = with_spell(
        Timing::Quick,
        r#"assert(g:boost(e.target, 1000, "end_of_battle") == false)
           assert(g:boost(e.target, 500) == true)"#,
    );
    let malt = s.unit(One, "シングルモルト", "a1");
    let spell = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(spell, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(spell), Loc::Graveyard);
    assert_eq!(t.power(malt), 3500);
    host.check().unwrap();
}

/// R13.1, A31: cast in your own turn, "until the end of your next turn" lasts through the
/// opponent's turn and your next one, and ends with that turn's recovery phase.
#[test]
fn r13_1_until_end_of_your_next_turn_from_your_own_turn() {
    let (host, mut s) = with_spell(
        Timing::Quick,
        r#"g:boost(e.target, 2000, "end_of_your_next_turn")"#,
    );
    let malt = s.unit(One, "シングルモルト", "a1");
    let spell = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(spell, None, &[malt]);
    t.pass_both();
    let seen = turns(&mut t, malt, 3);
    assert_eq!(seen, [(3, 5000), (4, 5000), (5, 5000), (6, 3000)]);
    host.check().unwrap();
}

/// R13.1, A31: cast in the opponent's turn, "your next turn" is the very next turn.
#[test]
fn r13_1_until_end_of_your_next_turn_from_the_opponents_turn() {
    let (host, mut s) = with_spell(
        Timing::Quick,
        r#"g:boost(e.target, 2000, "end_of_your_next_turn")"#,
    );
    s.active(Two);
    let malt = s.unit(One, "シングルモルト", "a1");
    let spell = s.hand(One, "テスト");
    s.rich(One);
    let mut t = s.build_strict();
    t.pass();
    t.play(spell, None, &[malt]);
    t.pass_both();
    let seen = turns(&mut t, malt, 2);
    assert_eq!(seen, [(4, 5000), (5, 5000), (6, 3000)]);
    host.check().unwrap();
}

/// The turn number and `c`'s power now and at the main phase of each of the next `n` turns.
fn turns(t: &mut Table, c: CardId, n: usize) -> Vec<(u32, i32)> {
    let mut seen = vec![(t.game.turn(), t.power(c))];
    for _ in 0..n {
        t.end_turn();
        seen.push((t.game.turn(), t.power(c)));
    }
    seen
}
