//! Rule effects (R14): one test per rule effect RE1–RE9 (R14.3), their simultaneity (R14.4,
//! R11.2), the instant-match smash limit (R18.1) and several contested squares at once (A19).

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, Activated, BattleStep, CardCost, CardDb, CardDef, CardId, CardKind, ChoiceKind,
    ChoiceOption, Cost, CostDest, Decision, Dest, Event, Game, GameResult, Loc, Payment, Phase,
    Player, Query, Resolve, RuleSet, Spell, Square, TargetSpec, Targets, Timing, Zone, ZoneSet,
};
use dzero_tests::{Setup, Table, sq};

/// Fixture cards plus invented test cards for rule effects.
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    // Invented: "○ 対象のユニット1体のパワーを-3000する。"
    db.add(CardDef::strategy(
        "弱体化の呪い",
        Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
            if let Some(t) = r.target() {
                r.boost(t, -3000);
            }
            Ok(())
        }),
    ));
    // Invented: "○ 対象のユニット1体のパワーを-3000し、その後+3000する。"
    db.add(CardDef::strategy(
        "一時の揺らぎ",
        Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
            if let Some(t) = r.target() {
                r.boost(t, -3000);
                r.boost(t, 3000);
            }
            Ok(())
        }),
    ));
    // Invented: a unit with power 0.
    db.add(CardDef::unit("零の兵", 0, 1));
    // Invented: "○ あなたのバトルスペースのユニット全てを、1つ敵軍エリア側のスクエアに置く。"
    db.add(CardDef::strategy(
        "全軍前進",
        Spell::new(|r: &mut Resolve<'_>| {
            let p = r.controller();
            let forward: i8 = if p == One { 1 } else { -1 };
            let view = r.view();
            let moves: Vec<(CardId, Square)> = view
                .field()
                .iter()
                .copied()
                .filter(|&c| view.owner(c) == p)
                .filter_map(|c| {
                    let s = view.square(c).filter(|s| s.is_battle())?;
                    let row = u8::try_from(s.row() + forward).ok().filter(|&r| r < 3)?;
                    Some((c, Square::battle(row, s.col())))
                })
                .collect();
            for (c, s) in moves {
                r.put(c, Dest::Square(s, false));
            }
            Ok(())
        }),
    ));
    // Invented: "○ 相手のユニット全てを破壊する。"
    db.add(CardDef::strategy(
        "一斉破壊",
        Spell::new(|r: &mut Resolve<'_>| {
            let them = r.controller().opponent();
            let view = r.view();
            let units: Vec<CardId> = view
                .field()
                .iter()
                .copied()
                .filter(|&c| view.owner(c) == them)
                .collect();
            r.destroy_all(&units);
            Ok(())
        }),
    ));
    // Invented: "○ あなたの手札全てを好きな順番でデッキの下に置く。"
    db.add(CardDef::strategy(
        "手札送還",
        Spell::new(|r: &mut Resolve<'_>| {
            let p = r.controller();
            let hand = r.zone(p, Loc::Hand);
            r.put_all(&hand, Dest::DeckBottom);
            Ok(())
        }),
    ));
    // Invented: "● [廃棄 あなたの手札のユニット1枚を墓地に置く]《クイック》 カードを1枚引く。"
    db.add(CardDef::base("供物の祭壇").ability(Activated {
        card_costs: vec![CardCost {
            zones: ZoneSet::HAND,
            filter: Box::new(|view: &Query<'_>, me: CardId, c: CardId| {
                view.owner(c) == view.owner(me) && view.def(c).kind == CardKind::Unit
            }),
            to: CostDest::Graveyard,
            pick: dzero_core::CardPick::One,
        }],
        ..Activated::new(
            Cost::FREE.and_discard_self(),
            Timing::Quick,
            |r: &mut Resolve<'_>| {
                let p = r.controller();
                r.draw(p, 1);
                Ok(())
            },
        )
    }));
    db
}

fn custom() -> Setup {
    Setup::with_db(db(), RuleSet::OFFICIAL)
}

/// Both players pass with an empty stack: the main phase ends (R6.13).
fn end_main(t: &mut Table) {
    assert!(t.game.stack().is_empty() && !t.in_battle());
    t.pass_both();
}

fn battle_step(t: &Table) -> Option<BattleStep> {
    t.game.battle().map(|b| b.step)
}

fn battle_square(t: &Table) -> Option<Square> {
    t.game.battle().map(|b| b.square)
}

fn events(t: &Table) -> &[Event] {
    t.game.events()
}

fn destroyed(t: &Table, card: CardId) -> bool {
    events(t)
        .iter()
        .any(|e| matches!(e, Event::Destroyed { card: c, .. } if *c == card))
}

fn battle_began(t: &Table) -> bool {
    events(t)
        .iter()
        .any(|e| matches!(e, Event::BattleBegan { .. }))
}

/// R14.1, R6.14: the rule effect applied right after the resolution, without using the stack,
/// and the active player then received priority.
fn assert_applied_before_priority(t: &Table, ap: Player) {
    assert!(
        !events(t).iter().any(|e| matches!(e, Event::Stacked { .. })),
        "a rule effect must not use the stack: {:?}",
        events(t)
    );
    assert!(t.game.stack().is_empty());
    assert_eq!(t.priority(), Some(ap));
}

/// Smashes with `unit` in the smash phase (R12.1).
fn smash(t: &mut Table, unit: CardId) {
    t.act(Action::Smash(Some(unit)));
}

// RE1: a player with 7 or more smash-zone cards loses, checked after each single smash (R12.6).
#[test]
fn re1_seven_smash_cards_lose() {
    let mut s = Setup::new();
    let a = s.unit(One, "シングルモルト", "a2");
    let b = s.unit(One, "チルノ", "c2");
    for _ in 0..5 {
        s.add(Two, "ロマネ・コンティ", Loc::Smash);
    }
    let mut t = s.build();
    end_main(&mut t);
    assert_eq!(t.game.decision(), Decision::Smash(One));
    smash(&mut t, a);
    // R12.2: smash 1 from the centre area; 6 cards do not lose.
    assert_eq!(t.zone(Two, Zone::Smash).len(), 6);
    assert_eq!(t.game.result(), None);
    assert_eq!(t.game.decision(), Decision::Smash(One));
    smash(&mut t, b);
    assert_eq!(t.zone(Two, Zone::Smash).len(), 7);
    assert_eq!(t.game.result(), Some(GameResult::Win(One)));
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(One)));
    // R15.1: the duel ends at once, in the smash phase.
    assert_eq!(t.game.phase(), Phase::Smash);
}

// RE1, R18.1: in an instant match 5 smash-zone cards lose.
#[test]
fn re1_instant_match_five_smash_cards_lose() {
    let mut s = Setup::with_db(dzero_fixtures::card_db(), RuleSet::TOUHOU_INSTANT);
    let a = s.unit(One, "シングルモルト", "a2");
    let b = s.unit(One, "チルノ", "c2");
    for _ in 0..3 {
        s.add(Two, "ロマネ・コンティ", Loc::Smash);
    }
    let mut t = s.build();
    end_main(&mut t);
    smash(&mut t, a);
    assert_eq!(t.zone(Two, Zone::Smash).len(), 4);
    assert_eq!(t.game.decision(), Decision::Smash(One));
    smash(&mut t, b);
    assert_eq!(t.zone(Two, Zone::Smash).len(), 5);
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(One)));
}

// RE2: a player with 0 cards in their deck loses, even with far fewer than 7 smash cards.
#[test]
fn re2_empty_deck_loses() {
    let mut s = Setup::new();
    let u = s.unit(One, "シングルモルト", "a3");
    s.deck(Two, "ロマネ・コンティ", 2);
    let mut t = s.build();
    end_main(&mut t);
    // R12.3: smash 1 from the enemy area moves 1 + 1 cards.
    smash(&mut t, u);
    assert!(t.zone(Two, Zone::Deck).is_empty());
    assert_eq!(t.zone(Two, Zone::Smash).len(), 2);
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(One)));
}

// RE3: a unit whose power is 0 or less is destroyed (exactly 0 here). An undamaged unit at
// power 0 also meets RE4 (0 ≥ 0), so only the outcome both demand can be observed.
#[test]
fn re3_zero_power_unit_destroyed() {
    let mut s = custom();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let curse = s.hand(One, "弱体化の呪い");
    let mut t = s.build();
    t.play(curse, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.zone(Two, Zone::Graveyard), vec![malt]);
    assert!(destroyed(&t, malt));
    assert_applied_before_priority(&t, One);
}

// R14.2: rule effects are never checked in the middle of a resolution.
#[test]
fn re3_not_checked_mid_resolution() {
    let mut s = custom();
    let malt = s.unit(Two, "シングルモルト", "b3");
    let wobble = s.hand(One, "一時の揺らぎ");
    let mut t = s.build();
    t.play(wobble, None, &[malt]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Square(sq("b3")));
    assert_eq!(t.power(malt), 3000);
}

// RE4 (A30, R11.13): damage ≥ power destroys; earlier damage accumulates.
#[test]
fn re4_lethal_damage_destroyed() {
    let mut s = Setup::new();
    let robo = s.unit(Two, "狼王ロボ", "b3");
    s.damage(robo, 2000);
    let survivor = s.unit(Two, "ロマネ・コンティ", "a3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let rifle2 = s.hand(One, "プラズマ・ライフル");
    s.rich(One);
    let mut t = s.build();
    t.play(rifle, None, &[robo]);
    t.pass_both();
    // 2000 + 3000 = 5000 = power.
    assert_eq!(t.loc(robo), Loc::Graveyard);
    assert!(destroyed(&t, robo));
    assert_applied_before_priority(&t, One);
    t.play(rifle2, None, &[survivor]);
    t.pass_both();
    assert_eq!(t.loc(survivor), Loc::Square(sq("a3")));
    assert_eq!(t.damage(survivor), 3000);
}

// RE5, A15: a unit put into a square already holding a unit of its player is destroyed; the
// earlier unit stays.
#[test]
fn re5_later_unit_in_occupied_square_destroyed() {
    let mut s = Setup::new();
    let first = s.hand(One, "チルノ");
    let second = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build();
    t.play(first, Some("a1"), &[]);
    // R6.9: AP keeps priority; a1 holds no unit of One yet, so the second play is legal.
    t.play(second, Some("a1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(second), Loc::Square(sq("a1")));
    t.pass_both();
    assert_eq!(t.loc(first), Loc::Graveyard);
    assert_eq!(t.loc(second), Loc::Square(sq("a1")));
    assert!(destroyed(&t, first));
    assert!(!destroyed(&t, second));
    assert_applied_before_priority(&t, One);
}

// RE6: likewise for bases in a base square.
#[test]
fn re6_later_base_in_occupied_square_destroyed() {
    let mut s = Setup::new();
    let first = s.hand(One, "白玉楼");
    let second = s.hand(One, "守りの祠");
    s.rich(One);
    let mut t = s.build();
    t.play(first, Some("P1-base1"), &[]);
    t.play(second, Some("P1-base1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(second), Loc::Square(sq("P1-base1")));
    t.pass_both();
    assert_eq!(t.loc(first), Loc::Graveyard);
    assert_eq!(t.loc(second), Loc::Square(sq("P1-base1")));
    assert!(destroyed(&t, first));
    assert_applied_before_priority(&t, One);
}

// RE7 (R8.5): a unit played into the centre area with no battle is destroyed at once; one played
// into the own area stays (R8.4).
#[test]
fn re7_centre_unit_destroyed_without_battle() {
    let mut s = Setup::new();
    let cirno = s.hand(One, "チルノ");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build();
    t.play(cirno, Some("b2"), &[]);
    t.pass_both();
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    assert!(destroyed(&t, cirno));
    assert!(!battle_began(&t));
    assert_applied_before_priority(&t, One);
    t.play(malt, Some("a1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Square(sq("a1")));
}

// RE7 (R11.16): if a battle begins, the centre-played unit survives the battle's damage steps but
// is destroyed when the battle ends, although it won.
#[test]
fn re7_centre_unit_destroyed_when_its_battle_ends() {
    let mut s = Setup::new();
    let cirno = s.unit(Two, "チルノ", "b2");
    let romane = s.hand(One, "ロマネ・コンティ");
    s.rich(One);
    let mut t = s.build();
    t.play(romane, Some("b2"), &[]);
    t.pass_both();
    assert_eq!(battle_square(&t), Some(sq("b2")));
    t.pass_until(|t| battle_step(t) == Some(BattleStep::End));
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    assert_eq!(t.loc(romane), Loc::Square(sq("b2")));
    assert_eq!(t.game.battle().and_then(|b| b.winner), Some(romane));
    t.pass_both();
    assert!(!t.in_battle());
    assert_eq!(t.loc(romane), Loc::Graveyard);
    assert!(destroyed(&t, romane));
    assert_eq!(t.priority(), Some(One));
}

// RE8 (R11.1, R11.3, R11.4, R11.7): units of both players in one square begin a battle at once,
// without the stack; the stack below becomes pending and AP receives priority.
#[test]
fn re8_battle_begins_without_stack() {
    let mut s = Setup::new();
    let cirno = s.unit(Two, "チルノ", "b2");
    let chen = s.unit(Two, "橙", "c3");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build();
    t.play(rifle, None, &[chen]);
    t.play(malt, Some("b2"), &[]);
    t.pass_both();
    assert!(events(&t).contains(&Event::BattleBegan {
        square: sq("b2"),
        attacker: malt,
        defender: cirno,
    }));
    assert_eq!(battle_square(&t), Some(sq("b2")));
    assert_eq!(battle_step(&t), Some(BattleStep::First));
    assert_applied_before_priority(&t, One);
    // R11.4: the rifle waits on the pending stack.
    let frames = t.game.frames();
    assert_eq!(frames.len(), 2);
    assert_eq!(frames[0].stack.len(), 1);
    assert_eq!(t.loc(rifle), Loc::Stack);
}

// RE9 (R11.15, R11.16): when both battling units remain, the battle is a draw and the attacker
// is destroyed; the defender stays.
#[test]
fn re9_attacker_destroyed_when_both_remain() {
    let mut s = Setup::new();
    let malt = s.unit(One, "シングルモルト", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    t.mv(malt, "b2");
    t.pass_both();
    assert_eq!(battle_square(&t), Some(sq("b2")));
    // First step: no 加速, nothing stacked; second step: the damage item (R11.11).
    t.pass_both();
    t.pass_both();
    assert_eq!(battle_step(&t), Some(BattleStep::Second));
    assert_eq!(t.stack(), vec![None]);
    // R11.9: amounts are fixed; Cirno grows to 4500 before 3000 damage lands.
    t.pass();
    t.play(soul, None, &[cirno]);
    t.pass_both();
    t.pass_both();
    assert_eq!(t.damage(cirno), 3000);
    assert_eq!(t.damage(malt), 1500);
    t.pass_both();
    assert_eq!(battle_step(&t), Some(BattleStep::End));
    assert_eq!(t.game.battle().and_then(|b| b.winner), None);
    t.pass_both();
    assert!(!t.in_battle());
    assert!(events(&t).contains(&Event::BattleEnded {
        square: sq("b2"),
        winner: None,
    }));
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.loc(cirno), Loc::Square(sq("b2")));
    assert!(destroyed(&t, malt));
    assert!(!destroyed(&t, cirno));
}

// R14.4, R11.2: RE3 destroys the arriving unit in the same check, so RE8 begins no battle.
#[test]
fn re8_no_battle_when_another_rule_effect_destroys_a_unit() {
    let mut s = custom();
    let cirno = s.unit(Two, "チルノ", "b1");
    let zero = s.hand(One, "零の兵");
    let mut t = s.build();
    t.play(zero, Some("b1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(zero), Loc::Graveyard);
    assert!(destroyed(&t, zero));
    assert!(!battle_began(&t));
    assert!(!t.in_battle());
    assert_eq!(t.loc(cirno), Loc::Square(sq("b1")));
    assert_eq!(t.damage(cirno), 0);
    assert_applied_before_priority(&t, One);
}

// A19: one resolution contests two squares; AP chooses the battle order, even though NAP's card
// caused it, and the second battle begins only after the first ends.
#[test]
fn a19_two_contested_squares_ap_chooses_battle_order() {
    let mut s = custom();
    let cirno = s.unit(One, "チルノ", "a2");
    let chen = s.unit(One, "橙", "c2");
    let romane = s.unit(Two, "ロマネ・コンティ", "a3");
    let malt = s.unit(Two, "シングルモルト", "c3");
    let advance = s.hand(Two, "全軍前進");
    let mut t = s.build();
    t.pass();
    t.play(advance, None, &[]);
    t.pass_both();
    assert_eq!(t.loc(romane), Loc::Square(sq("a2")));
    assert_eq!(t.loc(malt), Loc::Square(sq("c2")));
    assert_eq!(t.game.decision(), Decision::Choose(One));
    let choice = t.game.choice().expect("a battle-order choice");
    assert_eq!(choice.kind, ChoiceKind::BattleOrder);
    let mut options = choice.options.clone();
    options.sort_by_key(|o| format!("{o:?}"));
    assert_eq!(
        options,
        vec![
            ChoiceOption::Square(sq("a2")),
            ChoiceOption::Square(sq("c2"))
        ]
    );
    let c2 = choice
        .options
        .iter()
        .position(|o| *o == ChoiceOption::Square(sq("c2")))
        .expect("c2 is an option");
    assert!(!t.in_battle(), "no battle begins before AP chooses");
    t.act(Action::Choose(c2 as u16));
    assert_eq!(
        battle_square(&t),
        Some(sq("c2")),
        "A19: the chosen c2 battle runs first; a2 waits until it ends"
    );
    assert_eq!(t.game.frames().len(), 2, "only one battle at a time (A19)");
    assert_eq!(t.priority(), Some(One));
    t.pass_until(|t| battle_square(t) != Some(sq("c2")));
    assert_eq!(t.loc(chen), Loc::Graveyard);
    assert_eq!(battle_square(&t), Some(sq("a2")));
    assert_eq!(t.game.frames().len(), 2);
    assert_eq!(t.loc(cirno), Loc::Square(sq("a2")));
}

// ---------------------------------------------------------------- R1.7 order of arrivals

/// The pending choice, which must be a zone-order choice for `p`.
fn order_choice(t: &Table, p: Player) -> Vec<ChoiceOption> {
    let c = t.game.choice().expect("an order choice");
    assert_eq!((c.player, c.kind), (p, ChoiceKind::ZoneOrder), "{c:?}");
    c.options.clone()
}

/// P2 is asked to order `malt` and `robo` (in that option order) before anyone has priority,
/// chooses option `first` to go lowest, and then P1 acts (R1.7).
fn p2_orders_malt_and_robo(t: &mut Table, first: u16, malt: CardId, robo: CardId) {
    assert_eq!(
        order_choice(t, Two),
        vec![ChoiceOption::Card(malt), ChoiceOption::Card(robo)]
    );
    assert_eq!(t.priority(), None, "ordered before priority");
    t.act(Action::Choose(first));
    let expected = if first == 0 {
        vec![malt, robo]
    } else {
        vec![robo, malt]
    };
    assert_eq!(t.zone(Two, Zone::Graveyard), expected, "bottom first");
    assert_eq!(t.game.decision(), Decision::Act(One));
}

// R1.7: two different units of P2 destroyed by one rule-effect check go to the graveyard in the
// order P2 chooses (the first chosen lowest), before anyone receives priority.
#[test]
fn r1_7_owner_orders_simultaneous_graveyard_arrivals() {
    for first in [0u16, 1] {
        let mut s = Setup::new();
        let malt = s.unit(Two, "シングルモルト", "a3");
        let robo = s.unit(Two, "狼王ロボ", "c3");
        s.damage(malt, 9000).damage(robo, 9000);
        let mut t = s.build();
        assert_eq!(t.loc(malt), Loc::Graveyard, "destroyed together (RE4)");
        assert_eq!(t.loc(robo), Loc::Graveyard);
        p2_orders_malt_and_robo(&mut t, first, malt, robo);
    }
}

// R1.7: identical cards need no order; with a third, different card, only the different one's
// place is asked.
#[test]
fn r1_7_identical_cards_are_not_ordered() {
    let mut s = Setup::new();
    let malts = [
        s.unit(Two, "シングルモルト", "a3"),
        s.unit(Two, "シングルモルト", "b3"),
    ];
    for m in malts {
        s.damage(m, 9000);
    }
    let t = s.build();
    assert!(t.game.choice().is_none());
    assert_eq!(t.zone(Two, Zone::Graveyard), malts.to_vec());

    let mut s = Setup::new();
    let malts = [
        s.unit(Two, "シングルモルト", "a3"),
        s.unit(Two, "シングルモルト", "b3"),
    ];
    let robo = s.unit(Two, "狼王ロボ", "c3");
    for c in [malts[0], malts[1], robo] {
        s.damage(c, 9000);
    }
    let mut t = s.build();
    assert_eq!(
        order_choice(&t, Two),
        vec![ChoiceOption::Card(malts[0]), ChoiceOption::Card(robo)]
    );
    t.act(Action::Choose(1));
    assert!(t.game.choice().is_none(), "the rest are alike");
    assert_eq!(t.zone(Two, Zone::Graveyard), vec![robo, malts[0], malts[1]]);
}

// R1.7 with cards of both players: each owner orders their own, the active player first.
#[test]
fn r1_7_each_owner_orders_their_own_active_player_first() {
    let mut s = Setup::new();
    let mine = [
        s.unit(One, "シングルモルト", "a1"),
        s.unit(One, "狼王ロボ", "c1"),
    ];
    let theirs = [
        s.unit(Two, "シングルモルト", "a3"),
        s.unit(Two, "狼王ロボ", "c3"),
    ];
    for c in mine.iter().chain(&theirs) {
        s.damage(*c, 9000);
    }
    let mut t = s.build();
    order_choice(&t, One);
    t.act(Action::Choose(1));
    order_choice(&t, Two);
    t.act(Action::Choose(0));
    assert_eq!(t.zone(One, Zone::Graveyard), vec![mine[1], mine[0]]);
    assert_eq!(t.zone(Two, Zone::Graveyard), theirs.to_vec());
    assert_eq!(t.game.decision(), Decision::Act(One));
}

// R1.7 outside the main phase: units destroyed in the release phase are ordered before anyone
// next receives priority, at the start of the main phase.
#[test]
fn r1_7_arrivals_outside_the_main_phase_are_ordered_before_priority() {
    let mut s = Setup::new();
    let malt = s.unit(One, "シングルモルト", "a1");
    let robo = s.unit(One, "狼王ロボ", "c1");
    s.damage(malt, 9000).damage(robo, 9000);
    let mut t = s.build_in(Phase::Release);
    assert_eq!(t.loc(malt), Loc::Graveyard);
    assert_eq!(t.loc(robo), Loc::Graveyard);
    assert_eq!(t.game.decision(), Decision::Energy(One));
    t.act(Action::Energy(None));
    order_choice(&t, One);
    t.act(Action::Choose(1));
    assert_eq!(t.zone(One, Zone::Graveyard), vec![robo, malt]);
    assert_eq!(t.game.decision(), Decision::Act(One));
}

// R1.7 for effects: units one effect destroys together go to their owner's graveyard at once,
// in the order the owner chooses, before anyone next receives priority.
#[test]
fn r1_7_owner_orders_units_an_effect_destroys_together() {
    for first in [0u16, 1] {
        let mut s = custom();
        let malt = s.unit(Two, "シングルモルト", "a3");
        let robo = s.unit(Two, "狼王ロボ", "c3");
        let purge = s.hand(One, "一斉破壊");
        let mut t = s.build();
        t.play(purge, None, &[]);
        t.pass_both();
        assert_eq!(t.loc(malt), Loc::Graveyard);
        assert_eq!(t.loc(robo), Loc::Graveyard);
        p2_orders_malt_and_robo(&mut t, first, malt, robo);
    }
}

// R1.7 for effects: cards one effect puts on the bottom of a deck together are ordered by their
// owner, the first chosen lowest.
#[test]
fn r1_7_owner_orders_cards_an_effect_puts_into_the_deck_together() {
    let mut s = custom();
    let recall = s.hand(One, "手札送還");
    let malt = s.hand(One, "シングルモルト");
    let robo = s.hand(One, "狼王ロボ");
    s.deck(One, "ロマネ・コンティ", 3);
    let mut t = s.build();
    let deck = t.zone(One, Zone::Deck);
    t.play(recall, None, &[]);
    t.pass_both();
    assert_eq!(t.loc(malt), Loc::Deck);
    assert_eq!(t.loc(robo), Loc::Deck);
    order_choice(&t, One);
    t.act(Action::Choose(1));
    let mut expected = vec![robo, malt];
    expected.extend(deck);
    assert_eq!(t.zone(One, Zone::Deck), expected, "bottom first");
    assert_eq!(t.game.decision(), Decision::Act(One));
}

// R1.7 for costs, R5.9: a cost is paid at once, so the discarded card (廃棄) and a cost card
// sent to the graveyard arrive together and their owner orders them before priority.
#[test]
fn r1_7_owner_orders_cards_a_cost_puts_into_the_graveyard_together() {
    for first in [0u16, 1] {
        let mut s = custom();
        let altar = s.unit(One, "供物の祭壇", "P1-base2");
        let malt = s.hand(One, "シングルモルト");
        let mut t = s.build();
        t.act(Action::Activate {
            card: altar,
            ability: 0,
            targets: Targets::NONE,
            cost_cards: dzero_core::CardList::of(&[malt]),
            x: 0,
            payment: Payment::Auto,
        });
        assert_eq!(t.loc(altar), Loc::Graveyard);
        assert_eq!(t.loc(malt), Loc::Graveyard);
        let options = order_choice(&t, One);
        assert_eq!(options.len(), 2);
        assert_eq!(t.priority(), None, "ordered before priority");
        let ChoiceOption::Card(lowest) = options[usize::from(first)] else {
            panic!("card options");
        };
        t.act(Action::Choose(first));
        let other = if lowest == altar { malt } else { altar };
        assert_eq!(t.zone(One, Zone::Graveyard), vec![lowest, other]);
        assert_eq!(t.priority(), Some(One));
        assert_eq!(t.stack(), vec![Some(altar)], "the ability waits to resolve");
    }
}

// R18.2 with R1.7: the mulligan's cards go to the bottom of the deck in the order the player
// chooses, and only then are the 5 new cards drawn, before the first turn begins.
#[test]
fn r18_2_mulligan_cards_are_put_on_the_bottom_in_the_chosen_order() {
    let db = dzero_fixtures::card_db();
    let decks = [
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    ];
    let mut g = Game::new(&db, RuleSet::TOUHOU, [&decks[0], &decks[1]], 5).expect("legal decks");
    let Decision::Mulligan(p) = g.decision() else {
        panic!("a mulligan decision first");
    };
    let hand = g.zone(p, Zone::Hand);
    let deck = g.zone(p, Zone::Deck);
    let mut top_five = deck[deck.len() - 5..].to_vec();
    top_five.sort();
    g.apply(&db, Action::Mulligan(true)).expect("mulligan");
    let mut chosen = Vec::new();
    while let Some(c) = g.choice() {
        assert_eq!((c.player, c.kind), (p, ChoiceKind::ZoneOrder));
        assert_eq!(g.phase(), Phase::Mulligan, "ordered before the first turn");
        assert!(
            g.zone(p, Zone::Hand).is_empty(),
            "the new five are not drawn while the order is chosen"
        );
        // Always the last option: the reverse of the hand's order where names differ.
        let i = c.options.len() - 1;
        let ChoiceOption::Card(card) = c.options[i] else {
            panic!("card options");
        };
        chosen.push(card);
        g.apply(&db, Action::Choose(i as u16)).expect("answer");
    }
    assert!(!chosen.is_empty(), "a fixture hand holds different cards");
    let bottom = g.zone(p, Zone::Deck)[..hand.len()].to_vec();
    assert_eq!(
        bottom[..chosen.len()],
        chosen[..],
        "chosen order, lowest first"
    );
    let mut sorted = bottom.clone();
    sorted.sort();
    let mut expected = hand.clone();
    expected.sort();
    assert_eq!(sorted, expected, "exactly the old hand");
    let mut new_hand = g.zone(p, Zone::Hand);
    new_hand.sort();
    assert_eq!(
        new_hand, top_five,
        "then 5 new cards are drawn from the top"
    );
    assert_ne!(g.phase(), Phase::Mulligan, "the first turn began");
}
