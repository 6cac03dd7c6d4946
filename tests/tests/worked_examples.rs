//! Acceptance tests: the worked examples of RULES.md §20 (R20.x), step by step.
//!
//! Player One is "A" (the active player unless a test says otherwise), player Two is "B".
//! Squares are named from One's side (`tests/src/lib.rs`, [`sq`]): row 1 is One's own area, row 2
//! the centre area, row 3 One's enemy area (Two's own area).

use dzero_core::{
    Action, ActionError, Activated, BattleStep, CardDb, CardDef, CardId, Colour, Cost, Decision,
    Event, ItemKind, ItemTag, Keywords, Loc, Payment, Player, Resolve, RuleSet, Targets, Timing,
    Zone, fixtures,
};
use dzero_tests::{Setup, Table, sorted_parts, sq};

use Player::{One, Two};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The stack directly below the active one: the pending stack of the current battle (R11.4).
fn pending(t: &Table) -> Vec<Option<CardId>> {
    let frames = t.game.frames();
    assert!(frames.len() >= 2, "no pending stack: no battle in progress");
    frames[frames.len() - 2]
        .stack
        .iter()
        .map(|i| i.summary().1)
        .collect()
}

/// The current battle step, if a battle is in progress.
fn step(t: &Table) -> Option<BattleStep> {
    t.game.battle().map(|b| b.step)
}

/// The attackers of the current battle (R11.3).
fn attackers(t: &Table) -> Vec<CardId> {
    let b = t.game.battle().expect("a battle in progress");
    b.fighters
        .iter()
        .filter(|f| f.attacker)
        .map(|f| f.unit.card)
        .collect()
}

/// Whether `c` is in `p`'s graveyard.
fn in_graveyard(t: &Table, p: Player, c: CardId) -> bool {
    t.loc(c) == Loc::Graveyard && t.zone(p, Zone::Graveyard).contains(&c)
}

/// How the last action's resolution of an item from `card` ended: `Some(fizzled)`, or `None`
/// if no such item resolved during the last action (R7.5, R7.7).
fn resolution(t: &Table, card: CardId) -> Option<bool> {
    t.game.events().iter().find_map(|e| match e {
        Event::Resolved {
            card: Some(c),
            fizzled,
            ..
        } if *c == card => Some(*fizzled),
        _ => None,
    })
}

/// Number of frozen cards in `p`'s energy zone.
fn frozen_energy(t: &Table, p: Player) -> usize {
    t.zone(p, Zone::Energy)
        .iter()
        .filter(|&&c| t.frozen(c))
        .count()
}

/// `n` released cards in `p`'s smash zone.
fn smash_cards(s: &mut Setup, p: Player, n: usize) -> Vec<CardId> {
    (0..n)
        .map(|_| s.add(p, "ロマネ・コンティ", Loc::Smash))
        .collect()
}

/// A play action with an explicit payment.
fn play_paying(card: CardId, square: &str, cards: &[CardId]) -> Action {
    Action::Play {
        card,
        method: None,
        square: Some(sq(square)),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::Targets::NONE,
        payment: Payment::Cards(cards.to_vec()),
    }
}

/// A move action with an explicit payment.
fn move_paying(unit: CardId, to: &str, cards: &[CardId]) -> Action {
    Action::Move {
        unit,
        to: sq(to),
        payment: Payment::Cards(cards.to_vec()),
    }
}

/// A play of a card from hand or plan zone with one target (auto payment).
fn play_on(card: CardId, target: CardId) -> Action {
    Table::play_action(card, None, &[target])
}

/// The active player.
fn ap(t: &Table) -> Player {
    t.game.active()
}

/// R11.8, A45: in step 1, without 加速, both passes end the step with no damage item; AP then
/// holds priority in step 2 with an empty stack.
fn end_first_step_without_damage(t: &mut Table) {
    assert_eq!(step(t), Some(BattleStep::First));
    assert!(t.stack().is_empty());
    t.pass_both();
    assert_eq!(step(t), Some(BattleStep::Second));
    assert!(t.stack().is_empty(), "no 加速, so no damage in step 1");
    assert_eq!(t.priority(), Some(ap(t)));
}

/// R11.11, R6.9: in step 2, both passes with an empty stack put the damage item on the stack,
/// and AP receives priority. Returns the damage parts.
fn stack_second_step_damage(t: &mut Table) -> Vec<(CardId, CardId, i32)> {
    assert_eq!(step(t), Some(BattleStep::Second));
    assert!(t.stack().is_empty());
    t.pass_both();
    assert_eq!(step(t), Some(BattleStep::Second));
    assert_eq!(t.stack(), vec![None], "one damage item");
    assert_eq!(t.priority(), Some(ap(t)));
    t.damage_parts()
}

/// R11.15, R11.16: from step 2 with an empty stack, both passes begin the end step with the
/// winner fixed, and two more passes end the battle.
fn finish_battle(t: &mut Table, winner: Option<CardId>) {
    assert_eq!(step(t), Some(BattleStep::Second));
    assert!(t.stack().is_empty());
    t.pass_both();
    assert_eq!(step(t), Some(BattleStep::End));
    assert_eq!(t.game.battle().expect("battle").winner, winner);
    assert_eq!(t.priority(), Some(ap(t)));
    t.pass_both();
    assert!(!t.in_battle(), "the battle has ended");
}

// ---------------------------------------------------------------------------------------------
// R20.1 — 000 stack example 1
// ---------------------------------------------------------------------------------------------

// R20.1, R6.9, R6.11, R6.12, R7.2, R7.8, RE4 (A30)
#[test]
fn r20_1_plasma_rifle_answered_by_diamond_soul() {
    let mut s = Setup::new();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    assert_eq!(t.priority(), Some(One));
    assert_eq!(t.power(malt), 3000);

    // 1. A plays Plasma Rifle; A receives priority (R6.9), passes, priority goes to B (R6.10).
    t.play(rifle, None, &[malt]);
    assert_eq!(t.stack(), vec![Some(rifle)]);
    assert_eq!(t.loc(rifle), Loc::Stack);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // 2. B plays Diamond Soul; A receives priority (R6.9).
    t.play(soul, None, &[malt]);
    assert_eq!(t.stack(), vec![Some(rifle), Some(soul)]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();

    // 3. Diamond Soul resolves (R7.2): 6000. A receives priority (R6.12).
    assert_eq!(t.power(malt), 6000);
    assert_eq!(t.stack(), vec![Some(rifle)]);
    assert!(in_graveyard(&t, Two, soul));
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();

    // 4. Plasma Rifle resolves: 3000 damage, not destroyed (3000 < 6000).
    assert_eq!(t.loc(malt), Loc::Square(sq("b3")));
    assert_eq!(t.damage(malt), 3000);
    assert_eq!(t.power(malt), 6000);
    assert!(in_graveyard(&t, One, rifle));
    assert!(in_graveyard(&t, Two, soul));
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.1 control case, RE4
#[test]
fn r20_1_control_unanswered_plasma_rifle_destroys_single_malt() {
    let mut s = Setup::new();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut t = s.build();

    t.play(rifle, None, &[malt]);
    assert_eq!(t.stack(), vec![Some(rifle)]);
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();

    // 3000 damage ≥ power 3000: destroyed (RE4).
    assert!(
        t.game.events().iter().any(|e| matches!(
            e,
            Event::Damaged { card, amount: 3000, .. } if *card == malt
        )),
        "Single Malt took 3000 damage"
    );
    assert!(in_graveyard(&t, Two, malt));
    assert!(in_graveyard(&t, One, rifle));
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// ---------------------------------------------------------------------------------------------
// R20.2 — 000 stack example 2
// ---------------------------------------------------------------------------------------------

// R20.2, R6.9, R8.5, RE7, RE8, R11.3, R11.4, R11.7, R11.9, R11.17, R10.3
#[test]
fn r20_2_pending_stack_resolves_after_battle() {
    let mut s = Setup::new();
    // S = b2 (centre), T = b3 (A's enemy area, same line).
    let angel = s.unit(One, "バトルフィールド・エンジェル", "b2");
    let robo = s.hand(Two, "狼王ロボ");
    let soul = s.hand(One, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    // 1. A declares the move S → T; the move goes on the stack; A passes, B receives priority.
    t.mv(angel, "b3");
    assert_eq!(t.stack(), vec![Some(angel)]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // 2. B plays Robo into S; A receives priority; both pass.
    t.play(robo, Some("b2"), &[]);
    assert_eq!(t.stack(), vec![Some(angel), Some(robo)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 3. Robo is put into S frozen; a battle begins (RE8), Robo the attacker, played into the
    //    centre (RE7 applies at the battle's end).
    assert_eq!(t.loc(robo), Loc::Square(sq("b2")));
    assert!(t.frozen(robo));
    let b = t.game.battle().expect("a battle began (RE8)");
    assert_eq!(b.square, sq("b2"));
    assert_eq!(attackers(&t), vec![robo]);
    assert!(
        b.fighters
            .iter()
            .any(|f| f.unit.card == robo && f.centre_played),
        "Robo counts as played into the centre (RE7, A22)"
    );

    // 4. The move is the pending stack; the battle has its own, empty stack.
    assert_eq!(pending(&t), vec![Some(angel)]);
    assert!(t.stack().is_empty());
    assert_eq!(step(&t), Some(BattleStep::First));

    // 5. A holds priority in step 1 (R11.7) and plays Diamond Soul on the battle's stack.
    assert_eq!(t.priority(), Some(One));
    t.play(soul, None, &[angel]);
    assert_eq!(t.stack(), vec![Some(soul)]);
    assert_eq!(pending(&t), vec![Some(angel)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(angel), 6500);
    assert!(t.stack().is_empty());
    assert_eq!(
        pending(&t),
        vec![Some(angel)],
        "the pending move cannot resolve"
    );
    assert_eq!(t.priority(), Some(One));

    // 6. Step 1 ends without damage; in step 2 one damage item: 6500 to Robo, 5000 to Angel.
    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(angel, robo, 6500), (robo, angel, 5000)])
    );
    assert_eq!(pending(&t), vec![Some(angel)]);
    t.pass_both();

    // 7. Robo is destroyed (6500 ≥ 5000); Angel remains (5000 < 6500).
    assert!(in_graveyard(&t, Two, robo));
    assert_eq!(t.loc(angel), Loc::Square(sq("b2")));
    assert_eq!(t.damage(angel), 5000);
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));

    // 8. End step: Angel wins; the battle ends.
    finish_battle(&mut t, Some(angel));

    // 9. The pending stack is the normal stack again; A receives priority (R11.17).
    assert_eq!(t.game.frames().len(), 1);
    assert_eq!(t.stack(), vec![Some(angel)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 10. The move resolves: Angel in T, released, 5000 damage, power 6500.
    assert_eq!(t.loc(angel), Loc::Square(sq("b3")));
    assert!(!t.frozen(angel));
    assert_eq!(t.damage(angel), 5000);
    assert_eq!(t.power(angel), 6500);
    assert!(in_graveyard(&t, Two, robo));
    assert!(in_graveyard(&t, One, soul));
    assert!(t.stack().is_empty());
    assert!(!t.in_battle());
    assert_eq!(t.priority(), Some(One));
}

// ---------------------------------------------------------------------------------------------
// R20.3 — 002 stack example
// ---------------------------------------------------------------------------------------------

// R20.3, R5.10, R6.9, R7.5, R7.7, R7.8, R10.5, RE4
#[test]
fn r20_3_move_answered_four_deep() {
    let mut s = Setup::new();
    let spider = s.unit(One, "自走戦鬼大砲蜘蛛", "a1");
    let pr = s.hand(Two, "プラズマ・ライフル");
    let hl = s.hand(Two, "ヒュドラランチャー");
    let rs = s.hand(One, "ルビーソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    // 1. A declares a move of Spider and passes.
    t.mv(spider, "a2");
    assert_eq!(t.stack(), vec![Some(spider)]);
    assert_eq!(
        frozen_energy(&t, One),
        1,
        "the move cost is paid on declaration"
    );
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // 2. B plays Plasma Rifle; A receives priority.
    t.play(pr, None, &[spider]);
    assert_eq!(t.stack(), vec![Some(spider), Some(pr)]);
    assert_eq!(t.priority(), Some(One));

    // 3. A plays Ruby Soul and passes.
    t.play(rs, None, &[spider]);
    assert_eq!(t.stack(), vec![Some(spider), Some(pr), Some(rs)]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // 4. B plays Hydra Launcher; A passes, then B passes.
    t.play(hl, None, &[spider]);
    assert_eq!(t.stack(), vec![Some(spider), Some(pr), Some(rs), Some(hl)]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();

    // 5. Hydra Launcher: 5000 damage, RE4 destroys Spider.
    assert_eq!(resolution(&t, hl), Some(false));
    assert!(in_graveyard(&t, One, spider));
    assert!(in_graveyard(&t, Two, hl));
    assert_eq!(t.stack(), vec![Some(spider), Some(pr), Some(rs)]);
    assert_eq!(t.priority(), Some(One));

    // 6. Ruby Soul: target gone, does nothing (but resolves, R7.7).
    t.pass_both();
    assert_eq!(resolution(&t, rs), Some(true));
    assert!(in_graveyard(&t, One, rs));
    assert_eq!(t.stack(), vec![Some(spider), Some(pr)]);
    assert_eq!(t.priority(), Some(One));

    // 7. Plasma Rifle: does nothing.
    t.pass_both();
    assert_eq!(resolution(&t, pr), Some(true));
    assert!(in_graveyard(&t, Two, pr));
    assert_eq!(t.stack(), vec![Some(spider)]);
    assert_eq!(t.priority(), Some(One));

    // 8. The move: the unit is gone, nothing happens, no battle (R10.5).
    t.pass_both();
    assert_eq!(resolution(&t, spider), Some(true));
    assert!(t.stack().is_empty());
    assert!(!t.in_battle());
    assert!(in_graveyard(&t, One, spider));
    assert_eq!(t.priority(), Some(One));

    // All four costs stay paid: A move 無1 + Ruby Soul 赤1; B 赤1無1 + 赤2無1.
    assert_eq!(frozen_energy(&t, One), 2);
    assert_eq!(frozen_energy(&t, Two), 5);
}

// ---------------------------------------------------------------------------------------------
// R20.4–R20.7 — 002 damage stack: Holy Flail (6000) and Romanée-Conti (8000)
// ---------------------------------------------------------------------------------------------

/// Romanée-Conti (A's, b2) and Holy Flail (B's, b3), each player with a Diamond Soul in hand.
/// The attacker's player is active and moves it into the other's square; the battle begins.
struct FlailDuel {
    t: Table,
    romanee: CardId,
    flail: CardId,
    soul_a: CardId,
    soul_b: CardId,
}

fn flail_duel(romanee_attacks: bool) -> FlailDuel {
    let mut s = Setup::new();
    let romanee = s.unit(One, "ロマネ・コンティ", "b2");
    let flail = s.unit(Two, "聖騎士ホーリー・フレイル", "b3");
    let soul_a = s.hand(One, "ダイヤモンド・ソウル");
    let soul_b = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    if !romanee_attacks {
        s.active(Two);
    }
    let mut t = s.build();
    let (mover, to) = if romanee_attacks {
        (romanee, "b3")
    } else {
        (flail, "b2")
    };
    t.mv(mover, to);
    assert_eq!(t.stack(), vec![Some(mover)]);
    t.pass_both();
    // R10.3, R11.1, R11.3: the moved unit is the attacker; AP holds priority in step 1.
    assert_eq!(t.loc(mover), Loc::Square(sq(to)));
    assert_eq!(t.game.battle().map(|b| b.square), Some(sq(to)));
    assert_eq!(attackers(&t), vec![mover]);
    assert_eq!(step(&t), Some(BattleStep::First));
    assert!(t.stack().is_empty());
    assert!(pending(&t).is_empty());
    assert_eq!(t.priority(), Some(ap(&t)));
    FlailDuel {
        t,
        romanee,
        flail,
        soul_a,
        soul_b,
    }
}

// R20.4, R11.8, R11.9, R11.11, R11.13, RE4, R11.15
#[test]
fn r20_4_damage_stack_basic_case() {
    let FlailDuel {
        mut t,
        romanee,
        flail,
        ..
    } = flail_duel(true);

    // 1. Step 1: no 加速, the step ends.
    end_first_step_without_damage(&mut t);
    // 2. Step 2: Flail takes 8000, Romanée takes 6000, in one item.
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(romanee, flail, 8000), (flail, romanee, 6000)])
    );
    t.pass_both();
    // 3. Flail destroyed (8000 ≥ 6000); Romanée survives with 6000 damage ("2000 remaining").
    assert!(in_graveyard(&t, Two, flail));
    assert_eq!(t.loc(romanee), Loc::Square(sq("b3")));
    assert_eq!(t.damage(romanee), 6000);
    assert_eq!(t.power(romanee) - t.damage(romanee), 2000);
    // Romanée-Conti wins in the end step.
    finish_battle(&mut t, Some(romanee));
    assert_eq!(t.loc(romanee), Loc::Square(sq("b3")));
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.5, R11.9, R11.10, R11.15, RE9
#[test]
fn r20_5_boost_after_damage_is_stacked_draw_and_attacker_dies() {
    let FlailDuel {
        mut t,
        romanee,
        flail,
        soul_b,
        ..
    } = flail_duel(true);

    // 1. As in R20.4 until the damage item is on the stack.
    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(romanee, flail, 8000), (flail, romanee, 6000)])
    );

    // 2. Flail's player (B) plays Diamond Soul on Flail; it resolves first: 9000.
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.play(soul_b, None, &[flail]);
    assert_eq!(t.stack(), vec![None, Some(soul_b)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(flail), 9000);
    assert_eq!(t.stack(), vec![None]);
    assert_eq!(
        t.damage_parts(),
        dmg,
        "amounts are fixed when stacked (R11.9)"
    );
    assert_eq!(t.priority(), Some(One));

    // 3. The damage resolves unchanged: both survive.
    t.pass_both();
    assert_eq!(t.damage(flail), 8000);
    assert_eq!(t.damage(romanee), 6000);
    assert_eq!(t.loc(flail), Loc::Square(sq("b3")));
    assert_eq!(t.loc(romanee), Loc::Square(sq("b3")));

    // The end step finds both units: a draw. At the end Romanée (the attacker) is destroyed.
    finish_battle(&mut t, None);
    assert!(in_graveyard(&t, One, romanee));
    assert_eq!(t.loc(flail), Loc::Square(sq("b3")));
    assert_eq!(t.damage(flail), 8000);
    assert_eq!(t.priority(), Some(One));
}

// R20.5 variant: Flail is the attacker, so Flail is destroyed instead (RE9).
#[test]
fn r20_5_variant_flail_attacker_is_destroyed() {
    let FlailDuel {
        mut t,
        romanee,
        flail,
        soul_b,
        ..
    } = flail_duel(false);
    assert_eq!(ap(&t), Two);

    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(romanee, flail, 8000), (flail, romanee, 6000)])
    );

    // B (now AP) holds priority and plays Diamond Soul on Flail.
    assert_eq!(t.priority(), Some(Two));
    t.play(soul_b, None, &[flail]);
    assert_eq!(t.stack(), vec![None, Some(soul_b)]);
    assert_eq!(t.priority(), Some(Two));
    t.pass_both();
    assert_eq!(t.power(flail), 9000);
    assert_eq!(t.stack(), vec![None]);
    t.pass_both();
    assert_eq!(t.damage(flail), 8000);
    assert_eq!(t.damage(romanee), 6000);

    finish_battle(&mut t, None);
    assert!(in_graveyard(&t, Two, flail));
    assert_eq!(t.loc(romanee), Loc::Square(sq("b2")));
    assert_eq!(t.damage(romanee), 6000);
}

// R20.6, R6.9, R7.2, R11.9, R11.13, R11.15
#[test]
fn r20_6_defender_boosts_first_and_loses() {
    let FlailDuel {
        mut t,
        romanee,
        flail,
        soul_a,
        soul_b,
    } = flail_duel(true);

    // 1. A passes; B plays Diamond Soul on Flail; A receives priority and answers on Romanée.
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.play(soul_b, None, &[flail]);
    assert_eq!(t.stack(), vec![Some(soul_b)]);
    assert_eq!(t.priority(), Some(One));
    t.play(soul_a, None, &[romanee]);
    assert_eq!(t.stack(), vec![Some(soul_b), Some(soul_a)]);
    assert_eq!(t.priority(), Some(One));

    // 2. A's Diamond Soul resolves first (Romanée 11000), then B's (Flail 9000).
    t.pass_both();
    assert_eq!(t.power(romanee), 11000);
    assert_eq!(t.power(flail), 6000);
    assert_eq!(t.stack(), vec![Some(soul_b)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(flail), 9000);
    assert!(t.stack().is_empty());
    assert_eq!(step(&t), Some(BattleStep::First));

    // 3. Step 1 ends without damage; step 2: Flail takes 11000, Romanée takes 9000.
    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(romanee, flail, 11000), (flail, romanee, 9000)])
    );
    t.pass_both();

    // Flail destroyed (11000 ≥ 9000); Romanée survives (9000 < 11000) and wins.
    assert!(in_graveyard(&t, Two, flail));
    assert_eq!(t.damage(romanee), 9000);
    finish_battle(&mut t, Some(romanee));
    assert_eq!(t.loc(romanee), Loc::Square(sq("b3")));
    assert_eq!(t.damage(romanee), 9000);
}

// R20.7, R11.9, R11.10, R11.15, RE9
#[test]
fn r20_7_damage_stacked_first_attacker_dies() {
    // "A may answer with Diamond Soul on Romanée or not": both branches.
    for a_answers in [false, true] {
        let FlailDuel {
            mut t,
            romanee,
            flail,
            soul_a,
            soul_b,
        } = flail_duel(true);

        // 1. Step 1 ends; in step 2 the damage item: Flail takes 8000, Romanée takes 6000.
        end_first_step_without_damage(&mut t);
        let dmg = stack_second_step_damage(&mut t);
        assert_eq!(
            dmg,
            sorted_parts(vec![(romanee, flail, 8000), (flail, romanee, 6000)])
        );
        assert_eq!(t.priority(), Some(One));
        t.pass();

        // 2. B plays Diamond Soul on Flail; A may answer on Romanée.
        assert_eq!(t.priority(), Some(Two));
        t.play(soul_b, None, &[flail]);
        assert_eq!(t.stack(), vec![None, Some(soul_b)]);
        assert_eq!(t.priority(), Some(One));
        if a_answers {
            t.play(soul_a, None, &[romanee]);
            assert_eq!(t.stack(), vec![None, Some(soul_b), Some(soul_a)]);
            assert_eq!(t.priority(), Some(One));
            t.pass_both();
            assert_eq!(t.power(romanee), 11000);
        }
        t.pass_both();
        assert_eq!(t.power(flail), 9000);
        assert_eq!(t.stack(), vec![None]);
        assert_eq!(t.damage_parts(), dmg, "fixed when stacked (R11.9)");
        t.pass_both();

        // 3. Both survive.
        assert_eq!(t.damage(flail), 8000);
        assert_eq!(t.damage(romanee), 6000);
        assert_eq!(t.loc(flail), Loc::Square(sq("b3")));
        assert_eq!(t.loc(romanee), Loc::Square(sq("b3")));

        // A draw; Romanée (the attacker) is destroyed when it ends; Flail keeps 8000 damage.
        finish_battle(&mut t, None);
        assert!(in_graveyard(&t, One, romanee), "a_answers = {a_answers}");
        assert_eq!(t.loc(flail), Loc::Square(sq("b3")));
        assert_eq!(t.damage(flail), 8000);
    }
}

// ---------------------------------------------------------------------------------------------
// R20.8, R20.9 — 002 damage accumulation
// ---------------------------------------------------------------------------------------------

/// Fixture cards plus units A (6000), B (3000) and C (4000).
fn accumulation_db() -> CardDb {
    let mut db = fixtures::card_db();
    db.add(CardDef::unit("ユニットA", 6000, 1));
    db.add(CardDef::unit("ユニットB", 3000, 1));
    db.add(CardDef::unit("ユニットC", 4000, 1));
    db
}

/// A (One's) at b1, B (Two's) at b2, C (Two's) at b3.
fn accumulation_table() -> (Table, CardId, CardId, CardId) {
    let mut s = Setup::with_db(accumulation_db(), RuleSet::OFFICIAL);
    let a = s.unit(One, "ユニットA", "b1");
    let b = s.unit(Two, "ユニットB", "b2");
    let c = s.unit(Two, "ユニットC", "b3");
    let t = s.build();
    (t, a, b, c)
}

/// R20.8: A moves into B's square and battles it. A takes 3000, B takes 6000; B is destroyed.
fn battle_a_against_b(t: &mut Table, a: CardId, b: CardId) {
    t.mv(a, "b2");
    t.pass_both();
    assert_eq!(attackers(t), vec![a]);
    end_first_step_without_damage(t);
    let dmg = stack_second_step_damage(t);
    assert_eq!(dmg, sorted_parts(vec![(a, b, 6000), (b, a, 3000)]));
    t.pass_both();
    assert!(in_graveyard(t, Two, b));
    assert_eq!(t.damage(a), 3000);
    finish_battle(t, Some(a));
    assert_eq!(t.loc(a), Loc::Square(sq("b2")));
    assert!(!t.frozen(a));
    assert_eq!(t.damage(a), 3000);
}

// R20.8, R11.9, R11.13, RE4
#[test]
fn r20_8_damage_accumulation_first_battle() {
    let (mut t, a, b, _) = accumulation_table();
    battle_a_against_b(&mut t, a, b);
    assert_eq!(t.power(a), 6000);
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.9, R11.13 (damage accumulates; it never reduces the damage dealt), RE4, R11.15
#[test]
fn r20_9_damage_accumulates_later_in_the_same_turn() {
    let (mut t, a, b, c) = accumulation_table();
    battle_a_against_b(&mut t, a, b);

    // Later in the same turn: A (6000 power, 3000 damage) moves into C's square.
    assert_eq!(t.game.turn(), 3);
    t.mv(a, "b3");
    t.pass_both();
    assert_eq!(t.game.battle().map(|x| x.square), Some(sq("b3")));
    end_first_step_without_damage(&mut t);
    // A deals 6000 (its damage does not reduce it); C deals 4000.
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(dmg, sorted_parts(vec![(a, c, 6000), (c, a, 4000)]));
    t.pass_both();
    // A: 7000 ≥ 6000, destroyed. C: 6000 ≥ 4000, destroyed.
    assert!(in_graveyard(&t, One, a));
    assert!(in_graveyard(&t, Two, c));
    // Neither is in the square: a draw.
    finish_battle(&mut t, None);
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.9 control case, R13.1: a recovery phase between the battles removes the damage.
#[test]
fn r20_9_control_recovery_between_battles() {
    let (mut t, a, b, c) = accumulation_table();
    battle_a_against_b(&mut t, a, b);

    // End the turn: both pass on an empty stack (R6.13), no smash, recovery (R13.1).
    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Smash(One));
    t.act(Action::Smash(None));
    assert_eq!(t.damage(a), 0, "damage is removed in the recovery phase");
    assert_eq!(t.game.active(), Two);
    assert_eq!(t.game.decision(), Decision::Energy(Two), "B drew a card");
    t.act(Action::Energy(None));
    assert_eq!(t.priority(), Some(Two));

    // B's turn: C moves into A's square.
    t.mv(c, "b2");
    t.pass_both();
    assert_eq!(attackers(&t), vec![c]);
    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(dmg, sorted_parts(vec![(a, c, 6000), (c, a, 4000)]));
    t.pass_both();
    // A has only 4000 damage and survives.
    assert_eq!(t.damage(a), 4000);
    assert_eq!(t.loc(a), Loc::Square(sq("b2")));
    assert!(in_graveyard(&t, Two, c));
    finish_battle(&mut t, Some(a));
    assert_eq!(t.loc(a), Loc::Square(sq("b2")));
}

// ---------------------------------------------------------------------------------------------
// R20.10, R20.11 — 001 examples
// ---------------------------------------------------------------------------------------------

// R20.10, R6.9–R6.11, R8.6, R7.2, R16.1 (白玉楼's damage reduction)
#[test]
fn r20_10_youmu_scarlet_shoot_and_hakugyokurou() {
    let mut s = Setup::new();
    // "You" = A. Youmu in line b; the base square in the same line is free.
    let youmu = s.unit(One, "魂魄 妖夢", "b1");
    let shoot = s.hand(Two, "紅符「スカーレット・シュート」");
    let haku = s.hand(One, "白玉楼");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    assert!(t.power(youmu) > 4000);

    // 1. The opponent plays Scarlet Shoot targeting Youmu.
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.play(shoot, None, &[youmu]);
    assert_eq!(t.stack(), vec![Some(shoot)]);
    assert_eq!(t.priority(), Some(One));

    // 2. You respond with 白玉楼 in the base square of Youmu's line.
    t.play(haku, Some("P1-base2"), &[]);
    assert_eq!(t.stack(), vec![Some(shoot), Some(haku)]);
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();

    // 3. 白玉楼 is put into that base square released.
    assert_eq!(t.loc(haku), Loc::Square(sq("P1-base2")));
    assert!(!t.frozen(haku));
    assert_eq!(t.stack(), vec![Some(shoot)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 4. Scarlet Shoot: 6000 − 2000 = 4000 damage.
    assert_eq!(t.damage(youmu), 4000);
    assert_eq!(t.loc(youmu), Loc::Square(sq("b1")));
    assert_eq!(t.loc(haku), Loc::Square(sq("P1-base2")));
    assert!(in_graveyard(&t, Two, shoot));
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.11, R6.9, R7.5, R10.3, R11.3, R11.13, R11.15
#[test]
fn r20_11_cirno_chen_lingering_cold_misdirection() {
    let mut s = Setup::new();
    let cirno = s.unit(One, "チルノ", "b2");
    let chen = s.unit(Two, "橙", "b3");
    let cold = s.hand(Two, "寒符「リンガリングコールド」");
    let misdirection = s.hand(One, "奇術「ミスディレクション」");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    // 1. You declare Cirno's move into Chen's square, then pass.
    t.mv(cirno, "b3");
    assert_eq!(t.stack(), vec![Some(cirno)]);
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // 2. The opponent plays Lingering Cold on Cirno; you receive priority.
    t.play(cold, None, &[cirno]);
    assert_eq!(t.stack(), vec![Some(cirno), Some(cold)]);
    assert_eq!(t.priority(), Some(One));

    // 3. You play Misdirection on Cirno and receive priority again; both pass.
    t.play(misdirection, None, &[cirno]);
    assert_eq!(t.stack(), vec![Some(cirno), Some(cold), Some(misdirection)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 4. Misdirection: 3500 and "cannot be targeted by the opponent's cards".
    assert_eq!(t.power(cirno), 3500);
    assert!(t.game.view(&t.db).keywords(cirno).has(Keywords::HEXPROOF));
    assert!(in_graveyard(&t, One, misdirection));
    assert_eq!(t.stack(), vec![Some(cirno), Some(cold)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 5. Lingering Cold fails: its only target is illegal (R7.5).
    assert_eq!(resolution(&t, cold), Some(true));
    assert!(!t.frozen(cirno));
    assert!(in_graveyard(&t, Two, cold));
    assert_eq!(t.stack(), vec![Some(cirno)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();

    // 6. The move resolves: Cirno released in Chen's square, battle, Cirno the attacker.
    assert_eq!(t.loc(cirno), Loc::Square(sq("b3")));
    assert!(!t.frozen(cirno));
    assert_eq!(t.game.battle().map(|b| b.square), Some(sq("b3")));
    assert_eq!(attackers(&t), vec![cirno]);
    assert_eq!(t.priority(), Some(One));

    // 7. Step 1 ends; step 2: Chen takes 3500, Cirno takes 1000.
    end_first_step_without_damage(&mut t);
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(cirno, chen, 3500), (chen, cirno, 1000)])
    );
    t.pass_both();
    assert!(in_graveyard(&t, Two, chen));
    assert_eq!(t.damage(cirno), 1000);

    // Cirno wins; after the battle it stays, released, with 1000 damage.
    finish_battle(&mut t, Some(cirno));
    assert_eq!(t.loc(cirno), Loc::Square(sq("b3")));
    assert!(!t.frozen(cirno));
    assert_eq!(t.damage(cirno), 1000);
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// ---------------------------------------------------------------------------------------------
// R20.12–R20.17 — 000 Q&A and 001 テクニック ①
// ---------------------------------------------------------------------------------------------

// R20.12, R6.4, R6.6, R6.2
#[test]
fn r20_12_battle_timing_card_outside_battle() {
    let mut s = Setup::new();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let soul_a = s.hand(One, "ダイヤモンド・ソウル");
    let soul_b = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    // A may play one in A's own main phase outside battle.
    assert!(!t.in_battle());
    t.play(soul_a, None, &[malt]);
    assert_eq!(t.stack(), vec![Some(soul_a)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(malt), 6000);
    assert!(t.stack().is_empty());

    // No battle; A passes priority to B; B (NAP) may play it.
    assert_eq!(t.priority(), Some(One));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert!(!t.in_battle());
    t.play(soul_b, None, &[malt]);
    assert_eq!(t.stack(), vec![Some(soul_b)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.power(malt), 9000);
    assert!(in_graveyard(&t, Two, soul_b));
}

/// A's plan card is a Diamond Soul (battle timing); A also holds one in hand, and a Plasma Rifle.
struct PlanTable {
    t: Table,
    plan: CardId,
    hand_soul: CardId,
    rifle: CardId,
    /// A's unit at b2.
    malt: CardId,
    /// B's unit at b3, adjacent to `malt`.
    chen: CardId,
    /// B's unit at a3, a target that survives the rifle.
    romanee: CardId,
}

fn plan_soul_table(active: Player) -> PlanTable {
    let mut s = Setup::new();
    s.deck(One, "ダイヤモンド・ソウル", 1);
    s.deck(One, "ロマネ・コンティ", 10);
    s.plan(One);
    let malt = s.unit(One, "シングルモルト", "b2");
    let chen = s.unit(Two, "橙", "b3");
    let romanee = s.unit(Two, "ロマネ・コンティ", "a3");
    let hand_soul = s.hand(One, "ダイヤモンド・ソウル");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    s.rich(Two);
    if active == Two {
        s.active(Two);
    }
    let t = s.build();
    let plan = t.game.plan_card(One).expect("a plan zone");
    let def = t.game.card_state(plan).expect("card").def;
    assert_eq!(
        t.db.get(def).map(|d| d.name.as_str()),
        Some("ダイヤモンド・ソウル")
    );
    PlanTable {
        t,
        plan,
        hand_soul,
        rifle,
        malt,
        chen,
        romanee,
    }
}

fn timing_refused(r: Result<(), ActionError>) -> bool {
    matches!(r, Err(ActionError::Timing(_)))
}

// R20.13, R9.6, R6.3, A14
#[test]
fn r20_13_battle_timing_plan_card_only_at_normal_timing() {
    let PlanTable {
        mut t,
        plan,
        hand_soul,
        rifle,
        malt,
        chen,
        romanee,
    } = plan_soul_table(One);

    // Own main phase, no battle, empty stack: allowed.
    assert!(t.game.check(&t.db, &play_on(plan, malt)).is_ok());

    // In response to a stack item: refused (the hand copy may respond).
    t.play(rifle, None, &[romanee]);
    assert_eq!(t.stack(), vec![Some(rifle)]);
    assert_eq!(t.priority(), Some(One));
    assert!(timing_refused(t.try_act(play_on(plan, malt))));
    assert!(t.game.check(&t.db, &play_on(hand_soul, malt)).is_ok());
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    t.pass();
    assert!(t.stack().is_empty());
    assert_eq!(t.damage(romanee), 3000);

    // During a battle: refused (the hand copy is allowed).
    t.mv(malt, "b3");
    t.pass_both();
    assert!(t.in_battle());
    assert_eq!(t.game.battle().map(|b| b.square), Some(sq("b3")));
    assert_eq!(attackers(&t), vec![malt]);
    assert_eq!(t.loc(chen), Loc::Square(sq("b3")));
    assert_eq!(t.priority(), Some(One));
    assert!(timing_refused(t.try_act(play_on(plan, malt))));
    assert!(t.game.check(&t.db, &play_on(hand_soul, malt)).is_ok());
    assert_eq!(t.game.plan_card(One), Some(plan));

    // In B's turn: refused.
    let PlanTable {
        mut t,
        plan,
        hand_soul,
        malt,
        ..
    } = plan_soul_table(Two);
    assert_eq!(t.priority(), Some(Two));
    t.pass();
    assert_eq!(t.priority(), Some(One));
    assert!(t.stack().is_empty());
    assert!(!t.in_battle());
    assert!(timing_refused(t.try_act(play_on(plan, malt))));
    assert!(t.game.check(&t.db, &play_on(hand_soul, malt)).is_ok());
    assert_eq!(t.game.plan_card(One), Some(plan));
}

// R20.14, R7.4, R11.1, R7.1, R6.5
#[test]
fn r20_14_play_into_enemy_square_battle_starts_without_stack() {
    let mut s = Setup::new();
    let u = s.unit(Two, "チルノ", "b2");
    let x = s.hand(One, "ロマネ・コンティ");
    let ray = s.hand(Two, "破壊光線");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    t.play(x, Some("b2"), &[]);
    assert_eq!(t.stack(), vec![Some(x)]);
    t.pass();
    assert_eq!(t.priority(), Some(Two));

    // B may respond (e.g. on U), but the new unit is not in the battle space: not a target.
    assert!(t.game.check(&t.db, &play_on(ray, u)).is_ok());
    assert!(matches!(
        t.try_act(play_on(ray, x)),
        Err(ActionError::Target(_))
    ));
    t.pass();

    // The play resolves and the battle begins at once, without using the stack.
    assert_eq!(t.loc(x), Loc::Square(sq("b2")));
    assert!(t.in_battle());
    assert!(t.stack().is_empty());
    assert!(pending(&t).is_empty());
    assert!(
        !t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Stacked { .. })),
        "nothing was stacked when the battle began"
    );
    assert_eq!(t.priority(), Some(One));

    // From then on only battle-timing cards: the quick strategy cannot be played.
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert!(matches!(
        t.try_act(play_on(ray, x)),
        Err(ActionError::Timing(_))
    ));
    assert_eq!(t.loc(ray), Loc::Hand);
}

// R20.15, R10.5, R7.3
#[test]
fn r20_15_move_target_destroyed_in_response() {
    let mut s = Setup::new();
    let m = s.unit(One, "シングルモルト", "b2");
    let u = s.unit(Two, "橙", "b3");
    let ray = s.hand(Two, "破壊光線");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    t.mv(m, "b3");
    assert_eq!(t.stack(), vec![Some(m)]);
    t.pass();
    t.play(ray, None, &[m]);
    assert_eq!(t.stack(), vec![Some(m), Some(ray)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert!(in_graveyard(&t, One, m));
    assert_eq!(t.stack(), vec![Some(m)]);

    // The move does nothing; no battle begins.
    t.pass_both();
    assert_eq!(resolution(&t, m), Some(true));
    assert!(in_graveyard(&t, One, m));
    assert!(!t.in_battle());
    assert_eq!(t.loc(u), Loc::Square(sq("b3")));
    assert!(t.stack().is_empty());
    assert_eq!(t.priority(), Some(One));
}

// R20.16, R10.6, R10.3, A5
#[test]
fn r20_16_same_unit_moves_twice() {
    let mut s = Setup::new();
    let m = s.unit(One, "シングルモルト", "a1");
    let energy = s.energy(One, Colour::Red, 2);
    let mut t = s.build();

    t.mv(m, "a2");
    assert_eq!(frozen_energy(&t, One), 1);
    t.pass_both();
    assert_eq!(t.loc(m), Loc::Square(sq("a2")));
    assert!(!t.frozen(m));

    t.mv(m, "a3");
    assert_eq!(frozen_energy(&t, One), 2, "the move cost is paid again");
    t.pass_both();
    assert_eq!(t.loc(m), Loc::Square(sq("a3")));
    assert!(!t.frozen(m));
    assert!(energy.iter().all(|&c| t.frozen(c)));

    // Each move costs its move cost: with no energy left, a third move cannot be paid.
    assert!(matches!(
        t.try_act(Action::Move {
            unit: m,
            to: sq("b3"),
            payment: Payment::Auto,
        }),
        Err(ActionError::Payment(_))
    ));
}

// R20.17, R10.4, A5
#[test]
fn r20_17_unit_frozen_in_response_arrives_released() {
    let mut s = Setup::new();
    let m = s.unit(One, "シングルモルト", "b1");
    let cold = s.hand(Two, "寒符「リンガリングコールド」");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();

    t.mv(m, "b2");
    t.pass();
    t.play(cold, None, &[m]);
    assert_eq!(t.stack(), vec![Some(m), Some(cold)]);
    t.pass_both();
    assert!(t.frozen(m), "frozen in response");
    assert_eq!(t.loc(m), Loc::Square(sq("b1")));
    assert_eq!(t.stack(), vec![Some(m)]);

    t.pass_both();
    assert_eq!(t.loc(m), Loc::Square(sq("b2")));
    assert!(
        !t.frozen(m),
        "the move still resolves and the unit arrives released"
    );
}

// ---------------------------------------------------------------------------------------------
// R20.19, R20.20 — costs
// ---------------------------------------------------------------------------------------------

/// Fixture cards plus: a unit costing 青2無3; a unit with move cost 青1無1; a unit with
/// "● [黒1 無1 廃棄]《クイック》 draw a card".
fn cost_db() -> CardDb {
    let mut db = fixtures::card_db();
    let blue = |n| Cost::FREE.and(Colour::Blue, n);
    db.add(
        CardDef::unit("青2無3のユニット", 3000, 1)
            .colour(Colour::Blue)
            .cost(blue(2).and_colourless(3)),
    );
    db.add(
        CardDef::unit("青1無1で動くユニット", 3000, 1)
            .colour(Colour::Blue)
            .move_cost(blue(1).and_colourless(1)),
    );
    db.add(
        CardDef::unit("廃棄のユニット", 2000, 1)
            .colour(Colour::Black)
            .ability(Activated::new(
                Cost::FREE
                    .and(Colour::Black, 1)
                    .and_colourless(1)
                    .and_discard_self(),
                Timing::Quick,
                |r: &mut Resolve<'_>| {
                    let p = r.controller();
                    r.draw(p, 1);
                    Ok(())
                },
            )),
    );
    db
}

/// Exactly the cards in `frozen` are frozen among `all`.
fn assert_frozen_exactly(t: &Table, all: &[CardId], frozen: &[CardId]) {
    for &c in all {
        assert_eq!(t.frozen(c), frozen.contains(&c), "card {c:?}");
    }
}

// R20.19(a), R5.2, R5.3, R5.4, R5.9
#[test]
fn r20_19a_blue2_colourless3_use_cost() {
    let mut s = Setup::with_db(cost_db(), RuleSet::OFFICIAL);
    let unit = s.hand(One, "青2無3のユニット");
    let blue = s.energy(One, Colour::Blue, 4);
    let smash = smash_cards(&mut s, One, 3);
    let mut t = s.build();
    let all: Vec<CardId> = blue.iter().chain(&smash).copied().collect();

    // Two blue for 青2; one blue + two smash-zone cards for 無3.
    let paying = [blue[0], blue[1], blue[2], smash[0], smash[1]];
    t.act(play_paying(unit, "a1", &paying));
    assert_frozen_exactly(&t, &all, &paying);
    assert_eq!(t.stack(), vec![Some(unit)]);
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(t.loc(unit), Loc::Square(sq("a1")));
}

// R20.19(b), R5.2, R5.3, R10.1
#[test]
fn r20_19b_blue1_colourless1_move_cost() {
    let mut s = Setup::with_db(cost_db(), RuleSet::OFFICIAL);
    let unit = s.unit(One, "青1無1で動くユニット", "a1");
    let blue = s.energy(One, Colour::Blue, 2);
    let smash = smash_cards(&mut s, One, 2);
    let mut t = s.build();
    let all: Vec<CardId> = blue.iter().chain(&smash).copied().collect();

    let paying = [blue[0], smash[0]];
    t.act(move_paying(unit, "a2", &paying));
    assert_frozen_exactly(&t, &all, &paying);
    assert_eq!(t.stack(), vec![Some(unit)]);
    t.pass_both();
    assert_eq!(t.loc(unit), Loc::Square(sq("a2")));
    assert!(!t.frozen(unit));
}

// R20.19 negative case, R5.2: blue energy never comes from the smash zone.
#[test]
fn r20_19_negative_blue_never_from_smash_zone() {
    let mut s = Setup::with_db(cost_db(), RuleSet::OFFICIAL);
    let card = s.hand(One, "青2無3のユニット");
    let mover = s.unit(One, "青1無1で動くユニット", "c1");
    let blue = s.energy(One, Colour::Blue, 1);
    let smash = smash_cards(&mut s, One, 4);
    let mut t = s.build();
    let all: Vec<CardId> = blue.iter().chain(&smash).copied().collect();

    // Use cost 青2無3 with one blue energy and four smash-zone cards: refused.
    let r = t.try_act(play_paying(
        card,
        "a1",
        &[blue[0], smash[0], smash[1], smash[2], smash[3]],
    ));
    assert!(matches!(r, Err(ActionError::Payment(_))), "{r:?}");
    assert!(matches!(
        t.try_act(Table::play_action(card, Some("a1"), &[])),
        Err(ActionError::Payment(_))
    ));
    // Move cost 青1無1 paid with two smash-zone cards: refused.
    let r = t.try_act(move_paying(mover, "c2", &[smash[0], smash[1]]));
    assert!(matches!(r, Err(ActionError::Payment(_))), "{r:?}");

    // Nothing happened.
    assert_frozen_exactly(&t, &all, &[]);
    assert_eq!(t.loc(card), Loc::Hand);
    assert_eq!(t.loc(mover), Loc::Square(sq("c1")));
    assert!(t.stack().is_empty());
}

// R20.19(c), R5.7, R5.9, R17.3
#[test]
fn r20_19c_ability_cost_with_discard() {
    let mut s = Setup::with_db(cost_db(), RuleSet::OFFICIAL);
    let unit = s.unit(One, "廃棄のユニット", "a1");
    let black = s.energy(One, Colour::Black, 2);
    let smash = smash_cards(&mut s, One, 1);
    let mut t = s.build();
    let all: Vec<CardId> = black.iter().chain(&smash).copied().collect();
    let hand = t.zone(One, Zone::Hand).len();

    let paying = [black[0], smash[0]];
    t.act(Action::Activate {
        card: unit,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: Targets::NONE,
        x: 0,
        payment: Payment::Cards(paying.to_vec()),
    });
    // The cost is paid at once (R5.9): two energies frozen, the unit in its owner's graveyard.
    assert_frozen_exactly(&t, &all, &paying);
    assert!(in_graveyard(&t, One, unit));
    let items = t.game.stack();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].summary(), (ItemTag::Activated, Some(unit)));
    assert_eq!(
        items[0].cost_square,
        Some(sq("a1")),
        "the last square is kept (R5.7)"
    );
    assert_eq!(t.priority(), Some(One));

    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);
    assert!(t.stack().is_empty());
}

// R20.20, R5.2, R5.3: Lady Last's use cost 黒3 無5.
#[test]
fn r20_20_lady_last_use_cost() {
    // Only two released black energy cards (the third is frozen): refused.
    let mut s = Setup::new();
    let ll = s.hand(One, "レイディ・ラスト");
    let black = s.energy(One, Colour::Black, 3);
    s.freeze(black[2]);
    let red = s.energy(One, Colour::Red, 3);
    let smash = smash_cards(&mut s, One, 3);
    let mut t = s.build();
    assert!(matches!(
        t.try_act(Table::play_action(ll, Some("a1"), &[])),
        Err(ActionError::Payment(_))
    ));
    let eight = [
        black[0], black[1], red[0], red[1], red[2], smash[0], smash[1], smash[2],
    ];
    assert!(matches!(
        t.try_act(play_paying(ll, "a1", &eight)),
        Err(ActionError::Payment(_))
    ));
    assert_eq!(t.loc(ll), Loc::Hand);

    // Three released black plus five more from the energy or smash zone: allowed.
    let mut s = Setup::new();
    let ll = s.hand(One, "レイディ・ラスト");
    let black = s.energy(One, Colour::Black, 3);
    let red = s.energy(One, Colour::Red, 2);
    let smash = smash_cards(&mut s, One, 3);
    let mut t = s.build();
    let seven = [
        black[0], black[1], black[2], red[0], red[1], smash[0], smash[1],
    ];
    assert!(matches!(
        t.try_act(play_paying(ll, "a1", &seven)),
        Err(ActionError::Payment(_))
    ));
    let eight = [
        black[0], black[1], black[2], red[0], red[1], smash[0], smash[1], smash[2],
    ];
    t.act(play_paying(ll, "a1", &eight));
    assert_frozen_exactly(&t, &eight, &eight);
    assert_eq!(t.stack(), vec![Some(ll)]);
    t.pass_both();
    assert_eq!(t.loc(ll), Loc::Square(sq("a1")));
}

// R20.20, R10.1, R10.2, R5.2: Lady Last's move cost 黒1 無2; the unit must be released.
#[test]
fn r20_20_lady_last_move_cost() {
    let mut s = Setup::new();
    let ll = s.unit(One, "レイディ・ラスト", "a1");
    let frozen_ll = s.unit(One, "レイディ・ラスト", "c1");
    s.freeze(frozen_ll);
    let black = s.energy(One, Colour::Black, 1);
    let smash = smash_cards(&mut s, One, 3);
    let mut t = s.build();
    let all: Vec<CardId> = black.iter().chain(&smash).copied().collect();

    // A frozen unit cannot move (R10.2).
    assert!(matches!(
        t.try_act(move_paying(
            frozen_ll,
            "c2",
            &[black[0], smash[0], smash[1]]
        )),
        Err(ActionError::Illegal(_))
    ));
    // 黒1 cannot come from the smash zone.
    assert!(matches!(
        t.try_act(move_paying(ll, "a2", &[smash[0], smash[1], smash[2]])),
        Err(ActionError::Payment(_))
    ));
    assert_frozen_exactly(&t, &all, &[]);

    let paying = [black[0], smash[0], smash[1]];
    t.act(move_paying(ll, "a2", &paying));
    assert_frozen_exactly(&t, &all, &paying);
    t.pass_both();
    assert_eq!(t.loc(ll), Loc::Square(sq("a2")));
    assert!(!t.frozen(ll));

    // No black energy left: the next move cannot be paid.
    assert!(matches!(
        t.try_act(Action::Move {
            unit: ll,
            to: sq("a3"),
            payment: Payment::Auto,
        }),
        Err(ActionError::Payment(_))
    ));
}

// R20.20, R12.1–R12.3: Lady Last smashes 2 from the centre area and 3 from the enemy area.
#[test]
fn r20_20_lady_last_smash() {
    let mut s = Setup::new();
    let centre = s.unit(One, "レイディ・ラスト", "b2");
    let enemy = s.unit(One, "レイディ・ラスト", "a3");
    let mut t = s.build();

    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Smash(One));
    t.act(Action::Smash(Some(centre)));
    assert!(t.frozen(centre));
    assert_eq!(t.zone(Two, Zone::Smash).len(), 2);
    assert_eq!(t.game.decision(), Decision::Smash(One));
    t.act(Action::Smash(Some(enemy)));
    assert!(t.frozen(enemy));
    assert_eq!(t.zone(Two, Zone::Smash).len(), 5);
}

// ---------------------------------------------------------------------------------------------
// R20.23 — 001 テクニック ②
// ---------------------------------------------------------------------------------------------

// R20.23, R11.18, A7, R11.4, R11.17, R6.14, R17.2
#[test]
fn r20_23_placement_trigger_waits_for_battle_end() {
    let mut s = Setup::new();
    let mover = s.unit(One, "シングルモルト", "a1");
    let enemy = s.unit(Two, "ロマネ・コンティ", "b2");
    let watch = s.hand(One, "見張り番");
    s.rich(One);
    let mut t = s.build();

    // A pending stack: A declares a move, then (holding priority, R6.9) plays the unit.
    t.mv(mover, "a2");
    t.play(watch, Some("b2"), &[]);
    assert_eq!(t.stack(), vec![Some(mover), Some(watch)]);
    let hand = t.zone(One, Zone::Hand).len();
    let deck = t.zone(One, Zone::Deck).len();
    t.pass_both();

    // The battle begins first; the trigger is on no stack.
    assert_eq!(t.loc(watch), Loc::Square(sq("b2")));
    assert!(t.in_battle());
    assert_eq!(attackers(&t), vec![watch]);
    assert!(t.stack().is_empty());
    assert_eq!(pending(&t), vec![Some(mover)]);
    assert_eq!(t.priority(), Some(One));

    // The unit is destroyed in the battle.
    end_first_step_without_damage(&mut t);
    assert!(
        t.stack().is_empty(),
        "the trigger does not go on the battle's stack"
    );
    let dmg = stack_second_step_damage(&mut t);
    assert_eq!(
        dmg,
        sorted_parts(vec![(watch, enemy, 2000), (enemy, watch, 8000)])
    );
    t.pass_both();
    assert!(in_graveyard(&t, One, watch));
    finish_battle(&mut t, Some(enemy));

    // After the battle, the trigger goes on top of the restored pending stack.
    assert_eq!(t.game.frames().len(), 1);
    assert_eq!(t.stack(), vec![Some(mover), Some(watch)]);
    let top = t.game.stack().last().expect("trigger");
    assert!(matches!(top.kind, ItemKind::Triggered { card, .. } if card == watch));
    assert_eq!(t.priority(), Some(One));
    t.pass_both();
    assert_eq!(
        t.zone(One, Zone::Hand).len(),
        hand + 1,
        "the trigger drew a card"
    );
    assert_eq!(t.zone(One, Zone::Deck).len(), deck - 1);
    assert_eq!(t.stack(), vec![Some(mover)]);
    t.pass_both();
    assert_eq!(t.loc(mover), Loc::Square(sq("a2")));
    assert!(t.stack().is_empty());
}
