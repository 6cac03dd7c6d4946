//! Rules that worked without a test of their own: two 加速 units in one damage item (R11.8),
//! stacked battle damage after a unit left the square (R11.12, R11.14, A2, A3), a battle inside a
//! battle (A20), a smash larger than the deck (R12.5, A17) and the units that may not smash
//! (R12.1).
//!
//! Player One is active; squares are named from One's side (row 1 One's own area, row 2 the
//! centre, row 3 One's enemy area).

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, BattleStep, CardDb, CardDef, CardId, Decision, Dest, Event, GameResult, Keywords, Loc,
    Phase, Resolve, RuleSet, Spell, Square, TargetSpec, Timing, Zone,
};
use dzero_tests::{Setup, Table, sorted_parts, sq};

/// Fixture cards plus invented battle-timing cards.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    // Invented: a 5000 unit with 加速.
    db.add(CardDef::unit("重装の加速兵", 5000, 1).keywords(Keywords::ACCEL));
    // Invented: "○《バトル》 対象のユニット1体を、その持ち主の自軍エリアの同じ列のスクエアに置く。"
    db.add(
        CardDef::strategy(
            "後退の号令",
            Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
                if let Some(t) = r.target() {
                    let view = r.view();
                    let (owner, col) = (view.owner(t), view.square(t).map_or(0, |s| s.col()));
                    let row = if owner == One { 0 } else { 2 };
                    r.put(t, Dest::Square(Square::battle(row, col), false));
                }
                Ok(())
            }),
        )
        .timing(Timing::Battle),
    );
    // Invented: "○《バトル》 対象のユニット1体を持ち主の手札に戻す。"
    db.add(
        CardDef::strategy(
            "帰還の号令",
            Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
                if let Some(t) = r.target() {
                    r.put(t, Dest::Hand);
                }
                Ok(())
            }),
        )
        .timing(Timing::Battle),
    );
    // Invented: "○《バトル》 対象のユニット1体を、1つ敵軍エリア側のスクエアに置く。"
    db.add(
        CardDef::strategy(
            "前進の号令",
            Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
                if let Some(t) = r.target() {
                    let view = r.view();
                    let forward: i8 = if view.owner(t) == One { 1 } else { -1 };
                    if let Some(s) = view.square(t)
                        && let Ok(row) = u8::try_from(s.row() + forward)
                        && row < 3
                    {
                        r.put(t, Dest::Square(Square::battle(row, s.col()), false));
                    }
                }
                Ok(())
            }),
        )
        .timing(Timing::Battle),
    );
    db
}

/// Invented cards, official rules, enough energy for both players.
fn setup() -> Setup {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    s.rich(One);
    s.rich(Two);
    s
}

/// The current battle step, if a battle is in progress.
fn step(t: &Table) -> Option<BattleStep> {
    t.game.battle().map(|b| b.step)
}

/// The square of the innermost battle.
fn battle_square(t: &Table) -> Option<Square> {
    t.game.battle().map(|b| b.square)
}

/// Whether the last action dealt damage to `card`.
fn damaged(t: &Table, card: CardId) -> bool {
    t.game
        .events()
        .iter()
        .any(|e| matches!(e, Event::Damaged { card: c, .. } if *c == card))
}

/// One's `unit` moves into `to` and the move resolves: a battle begins there in step 1 with AP
/// holding priority.
fn attack(t: &mut Table, unit: CardId, to: &str) {
    t.mv(unit, to);
    t.pass_both();
    assert_eq!(battle_square(t), Some(sq(to)));
    assert_eq!(step(t), Some(BattleStep::First));
    assert!(t.stack().is_empty());
}

/// Both players pass through a step with no 加速 damage (R11.8).
fn pass_step_without_damage(t: &mut Table) {
    t.pass_both();
    assert!(t.stack().is_empty(), "no damage item");
}

// ------------------------------------------------------------------------- R11.8 two 加速 units

// R11.8: when both battling units have 加速, one damage item holds both parts; both are dealt
// together, so the unit that dies to it still deals its damage. R11.14: the destroyed unit is
// missing at the end of step 1, so step 2 (and its damage) is skipped; R11.15: the survivor wins.
#[test]
fn r11_8_two_accel_units_deal_damage_in_one_item() {
    let mut s = setup();
    let heavy = s.unit(One, "重装の加速兵", "b1");
    let rider = s.unit(Two, "加速の騎兵", "b2");
    let mut t = s.build();
    attack(&mut t, heavy, "b2");
    t.pass_both();
    assert_eq!(t.stack(), vec![None], "exactly one damage item in step 1");
    assert_eq!(
        t.damage_parts(),
        sorted_parts(vec![(heavy, rider, 5000), (rider, heavy, 3000)])
    );
    t.pass_both();
    assert_eq!(t.damage(heavy), 3000);
    assert_eq!(
        t.loc(rider),
        Loc::Graveyard,
        "5000 damage ≥ 3000 power (RE4)"
    );
    assert_eq!(step(&t), Some(BattleStep::First));
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::End), "R11.14: step 2 is skipped");
    assert_eq!(t.game.battle().and_then(|b| b.winner), Some(heavy));
    t.pass_both();
    assert!(!t.in_battle());
    assert_eq!(t.damage(heavy), 3000, "no second-step damage");
    assert_eq!(t.loc(heavy), Loc::Square(sq("b2")), "RE9 needs both units");
}

// R11.8, R11.11: a 加速 unit that survives step 1 deals no damage in step 2; a unit without
// 加速 deals its damage only there.
#[test]
fn r11_11_accel_unit_does_not_deal_damage_again_in_step_two() {
    let mut s = setup();
    let heavy = s.unit(One, "重装の加速兵", "b1");
    let romane = s.unit(Two, "ロマネ・コンティ", "b2");
    let mut t = s.build();
    attack(&mut t, heavy, "b2");
    t.pass_both();
    assert_eq!(t.damage_parts(), vec![(heavy, romane, 5000)]);
    t.pass_both();
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::Second));
    t.pass_both();
    assert_eq!(t.damage_parts(), vec![(romane, heavy, 8000)]);
    t.pass_both();
    assert_eq!(t.damage(romane), 5000);
    assert_eq!(t.loc(heavy), Loc::Graveyard);
}

// ----------------------------------------------------- R11.12 stacked damage after leaving

// R11.12, A3: battle damage already stacked is dealt even though its recipient has left the
// battle square for another battle square; the other part applies as usual. R11.15: neither
// unit is in the square at the end step, so the battle is a draw.
#[test]
fn r11_12_stacked_damage_follows_a_unit_that_left_the_square() {
    let mut s = setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let retreat = s.hand(One, "後退の号令");
    let mut t = s.build();
    attack(&mut t, malt, "b2");
    pass_step_without_damage(&mut t);
    assert_eq!(step(&t), Some(BattleStep::Second));
    t.pass_both();
    assert_eq!(
        t.damage_parts(),
        sorted_parts(vec![(malt, cirno, 3000), (cirno, malt, 1500)])
    );
    // In response, Malt retreats to b1.
    t.play(retreat, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Square(sq("b1")));
    assert_eq!(t.stack(), vec![None], "the damage item is still there");
    t.pass_both();
    assert_eq!(t.damage(malt), 1500, "dealt in b1 (R11.12)");
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::End));
    assert_eq!(t.game.battle().and_then(|b| b.winner), None);
    t.pass_both();
    assert!(!t.in_battle());
    assert_eq!(t.loc(malt), Loc::Square(sq("b1")), "RE9 needs both units");
}

// A3: a part whose recipient has left the battle space does nothing; the other part is still
// dealt (R11.12: the damage item is not cancelled).
#[test]
fn a3_stacked_damage_to_a_unit_that_left_the_battle_space_does_nothing() {
    let mut s = setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let recall = s.hand(One, "帰還の号令");
    let mut t = s.build();
    attack(&mut t, malt, "b2");
    pass_step_without_damage(&mut t);
    t.pass_both();
    assert_eq!(t.stack(), vec![None]);
    t.play(recall, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Hand);
    t.pass_both();
    assert!(!damaged(&t, malt));
    assert!(damaged(&t, cirno));
    assert_eq!(t.loc(cirno), Loc::Graveyard);
}

// R11.14, A2: a battling unit that leaves the square in step 1 ends the battle's damage: step 2
// is skipped without a priority window and the unit left in the square wins (R11.15).
#[test]
fn r11_14_unit_leaving_in_step_one_skips_step_two() {
    let mut s = setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let retreat = s.hand(One, "後退の号令");
    let mut t = s.build();
    attack(&mut t, malt, "b2");
    t.play(retreat, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Square(sq("b1")));
    assert_eq!(step(&t), Some(BattleStep::First));
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::End));
    assert!(t.stack().is_empty(), "no damage is stacked");
    assert_eq!(t.game.battle().and_then(|b| b.winner), Some(cirno));
    t.pass_both();
    assert!(!t.in_battle());
    assert_eq!((t.damage(malt), t.damage(cirno)), (0, 0));
    assert_eq!(t.loc(cirno), Loc::Square(sq("b2")));
}

// ------------------------------------------------------------------- A20 battle in a battle

// A20: an effect during a battle brings units together in another square: the new battle
// begins at once, the outer battle's stack (its damage item) becomes the inner battle's pending
// stack (R11.4), the outer battle resumes in the same step when the inner one ends, and RE9 and
// the winner of each battle concern only its own two units.
#[test]
fn a20_battle_inside_a_battle() {
    let mut s = setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let romane = s.unit(One, "ロマネ・コンティ", "a1");
    let chen = s.unit(Two, "橙", "a2");
    let advance = s.hand(One, "前進の号令");
    let mut t = s.build();
    attack(&mut t, malt, "b2");
    pass_step_without_damage(&mut t);
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::Second));
    assert_eq!(t.stack(), vec![None], "the outer damage item");
    t.play(advance, None, &[romane]);
    t.pass_both();
    // The inner battle in a2 begins straight after the resolution.
    assert_eq!(battle_square(&t), Some(sq("a2")));
    assert_eq!(step(&t), Some(BattleStep::First));
    assert_eq!(t.game.frames().len(), 3, "main, outer battle, inner battle");
    assert!(t.stack().is_empty(), "the inner battle has its own stack");
    let outer = &t.game.frames()[1];
    assert_eq!(outer.battle.as_ref().map(|b| b.square), Some(sq("b2")));
    assert_eq!(outer.stack.len(), 1, "the outer damage item is pending");
    // The inner battle runs to its end: Romanée-Conti destroys Chen and wins.
    t.pass_both();
    t.pass_both();
    assert_eq!(
        t.damage_parts(),
        sorted_parts(vec![(chen, romane, 1000), (romane, chen, 8000)])
    );
    t.pass_both();
    assert_eq!(t.loc(chen), Loc::Graveyard);
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::End));
    assert_eq!(t.game.battle().and_then(|b| b.winner), Some(romane));
    t.pass_both();
    // The outer battle resumes in step 2 with its damage item still unresolved.
    assert_eq!(battle_square(&t), Some(sq("b2")));
    assert_eq!(step(&t), Some(BattleStep::Second));
    assert_eq!(t.game.frames().len(), 2);
    assert_eq!(t.stack(), vec![None]);
    assert_eq!(t.loc(romane), Loc::Square(sq("a2")), "RE9 needs both units");
    t.pass_both();
    assert_eq!(t.damage(malt), 1500);
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    t.pass_both();
    assert_eq!(step(&t), Some(BattleStep::End));
    assert_eq!(t.game.battle().and_then(|b| b.winner), Some(malt));
    t.pass_both();
    assert!(!t.in_battle());
    assert_eq!(t.game.frames().len(), 1);
    assert_eq!(t.loc(malt), Loc::Square(sq("b2")));
}

// ------------------------------------------------------------------------------- R12 smash

/// Both players pass with an empty stack: the main phase ends and One's smash phase begins.
fn to_smash_phase(t: &mut Table) {
    t.pass_both();
    assert_eq!(t.game.phase(), Phase::Smash);
    assert_eq!(t.game.decision(), Decision::Smash(One));
}

// R12.5, A17: a smash larger than the deck moves all remaining cards; the player then has an
// empty deck and loses (RE2), checked right after that smash (R12.6).
#[test]
fn r12_5_smash_larger_than_the_deck_moves_what_is_left() {
    let mut s = setup();
    let lobo = s.unit(One, "狼王ロボ", "a3");
    s.deck(Two, "ロマネ・コンティ", 2);
    let mut t = s.build();
    to_smash_phase(&mut t);
    // R12.3: smash 2 from the enemy area wants 3 cards; the deck holds 2.
    t.act(Action::Smash(Some(lobo)));
    assert!(t.game.events().contains(&Event::Smashed {
        unit: lobo,
        victim: Two,
        cards: 2,
    }));
    assert!(t.zone(Two, Zone::Deck).is_empty());
    assert_eq!(t.zone(Two, Zone::Smash).len(), 2);
    assert_eq!(t.game.result(), Some(GameResult::Win(One)));
}

// R12.1: units in AP's own area and frozen units cannot smash; both are refused and neither is
// listed, while a released unit in the centre area can.
#[test]
fn r12_1_own_area_and_frozen_units_are_refused_as_smashers() {
    let mut s = setup();
    let home = s.unit(One, "シングルモルト", "a1");
    let tired = s.unit(One, "チルノ", "b2");
    s.freeze(tired);
    let ready = s.unit(One, "橙", "c2");
    let mut t = s.build();
    to_smash_phase(&mut t);
    assert!(t.try_act(Action::Smash(Some(home))).is_err());
    assert!(t.try_act(Action::Smash(Some(tired))).is_err());
    let mut listed = Vec::new();
    t.game.legal_actions(&t.db, &mut listed);
    assert!(listed.contains(&Action::Smash(Some(ready))));
    assert!(!listed.contains(&Action::Smash(Some(home))));
    assert!(!listed.contains(&Action::Smash(Some(tired))));
    assert_eq!(
        t.zone(Two, Zone::Smash).len(),
        0,
        "the refusals changed nothing"
    );
    t.act(Action::Smash(Some(ready)));
    assert_eq!(t.zone(Two, Zone::Smash).len(), 1);
}
