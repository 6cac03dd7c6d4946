//! RULES.md §20 worked examples (all but R20.21 and R20.22) with every card's behaviour
//! scripted in Lua (`tests/scenarios/fixture-set/scripts/*.lua`): the same rulings a judge gives, now reached through the
//! script API. Each test runs in strict mode and checks the host's error log stays empty.

use dzero_tests::lua as lua_support;

use dzero_core::{
    Action, CardDef, CardKind, Colour, Cost, Decision, ItemTag, Loc, Payment, Phase, Player::*,
    RuleSet, Targets, Zone,
};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, Table, examples, sq};

/// Worked examples written once in `dzero_tests::examples`, here with the Lua cards in strict
/// mode; the host's error log must stay empty.
macro_rules! shared_examples {
    ($($(#[$doc:meta])* $name:ident => $example:ident;)*) => {$(
        $(#[$doc])*
        #[test]
        fn $name() {
            let (host, s) = lua_support::setup();
            examples::$example(s, Setup::build_strict);
            host.check().unwrap();
        }
    )*};
}

shared_examples! {
    /// R20.1: Plasma Rifle answered by Diamond Soul; Single Malt survives with 3000 damage.
    r20_1_plasma_rifle_answered_by_diamond_soul => r20_1;
    /// R20.1 control: without the answer, Single Malt is destroyed (RE4).
    r20_1_control_without_answer_malt_is_destroyed => r20_1_control;
    /// R20.2: the move waits as a pending stack while Robo's battle is fought.
    r20_2_pending_stack_resolves_after_battle => r20_2;
    /// R20.3: a move answered four deep; Hydra Launcher destroys Spider, the rest fizzles.
    r20_3_move_answered_four_deep => r20_3;
    /// R20.4: damage stack, basic case.
    r20_4_damage_stack_basic => r20_4;
    /// R20.10: 白玉楼 (a Lua ★ damage replacement) reduces Scarlet Shoot's 6000 to 4000.
    r20_10_hakugyokurou_reduces_damage => r20_10;
    /// R20.10 control: a base in another line does not reduce the damage.
    r20_10_control_other_line_no_reduction => r20_10_control;
    /// R20.11: ミスディレクション (Lua) makes リンガリングコールド (Lua) fizzle; Cirno wins.
    r20_11_misdirection_fizzles_lingering_cold => r20_11;
}

/// R20.5: a power boost after damage is stacked; a draw, the attacker is destroyed (RE9).
#[test]
fn r20_5_boost_after_damage_stacked() {
    let (host, mut s) = lua_support::setup();
    let (flail, romanee) = examples::flail_vs_romanee(&mut s);
    let soul = s.hand(Two, "ダイヤモンド・ソウル");
    let mut t = s.build_strict();
    t.mv(romanee, "b2");
    t.pass_both();
    t.pass_until(Table::damage_item_on_stack);
    t.pass_until(|t| t.priority() == Some(Two));
    t.play(soul, None, &[flail]);
    t.pass_both();
    assert_eq!(t.power(flail), 9000);
    t.pass_both();
    assert_eq!(t.damage(flail), 8000);
    assert_eq!(t.damage(romanee), 6000);
    t.pass_until(|t| !t.in_battle());
    assert_eq!(
        t.loc(romanee),
        Loc::Graveyard,
        "RE9: the attacker of a drawn battle"
    );
    assert_eq!(t.loc(flail), Loc::Square(sq("b2")));
    assert_eq!(t.damage(flail), 8000);
    host.check().unwrap();
}

/// R20.6: the defender boosts first and loses.
#[test]
fn r20_6_defender_boosts_first_and_loses() {
    let (host, mut s) = lua_support::setup();
    let (flail, romanee) = examples::flail_vs_romanee(&mut s);
    let soul_a = s.hand(One, "ダイヤモンド・ソウル");
    let soul_b = s.hand(Two, "ダイヤモンド・ソウル");
    let mut t = s.build_strict();
    t.mv(romanee, "b2");
    t.pass_both();
    assert!(t.in_battle());
    assert_eq!(t.priority(), Some(One));
    t.pass();
    t.play(soul_b, None, &[flail]);
    t.play(soul_a, None, &[romanee]);
    t.pass_both();
    assert_eq!(t.power(romanee), 11000);
    t.pass_both();
    assert_eq!(t.power(flail), 9000);
    t.pass_until(Table::damage_item_on_stack);
    t.pass_both();
    assert_eq!(t.loc(flail), Loc::Graveyard);
    assert_eq!(t.damage(romanee), 9000);
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.loc(romanee), Loc::Square(sq("b2")));
    host.check().unwrap();
}

/// R20.7: damage stacked first; the boosts change nothing about who dies: the attacker.
#[test]
fn r20_7_damage_stacked_first_attacker_dies() {
    for answer in [false, true] {
        let (host, mut s) = lua_support::setup();
        let (flail, romanee) = examples::flail_vs_romanee(&mut s);
        let soul_a = s.hand(One, "ダイヤモンド・ソウル");
        let soul_b = s.hand(Two, "ダイヤモンド・ソウル");
        let mut t = s.build_strict();
        t.mv(romanee, "b2");
        t.pass_both();
        t.pass_until(Table::damage_item_on_stack);
        assert_eq!(t.priority(), Some(One));
        t.pass();
        t.play(soul_b, None, &[flail]);
        if answer {
            t.play(soul_a, None, &[romanee]);
        }
        t.pass_until(|t| !t.damage_item_on_stack());
        assert_eq!(t.damage(flail), 8000);
        assert_eq!(t.damage(romanee), 6000);
        t.pass_until(|t| !t.in_battle());
        assert_eq!(t.loc(romanee), Loc::Graveyard);
        assert_eq!(t.loc(flail), Loc::Square(sq("b2")));
        host.check().unwrap();
    }
}

/// R20.8: damage accumulation, example 1.
#[test]
fn r20_8_damage_accumulates() {
    let (host, mut s) = lua_support::setup();
    let a = s.unit(One, "聖騎士ホーリー・フレイル", "b1");
    let b = s.unit(Two, "シングルモルト", "b2");
    s.rich(One);
    let mut t = s.build_strict();
    t.mv(a, "b2");
    t.pass_both();
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.loc(b), Loc::Graveyard);
    assert_eq!(t.damage(a), 3000);
    host.check().unwrap();
}

/// R20.9: damage accumulation, example 2, and its control case.
#[test]
fn r20_9_damage_from_an_earlier_battle_counts() {
    for earlier in [3000, 0] {
        let (host, mut s) = lua_support::setup();
        let a = s.unit(One, "聖騎士ホーリー・フレイル", "b1");
        s.damage(a, earlier);
        let c = s.unit(Two, "自走戦鬼大砲蜘蛛", "b2");
        s.rich(One);
        let mut t = s.build_strict();
        t.mv(a, "b2");
        t.pass_both();
        t.pass_until(|t| !t.in_battle());
        assert_eq!(t.loc(c), Loc::Graveyard);
        if earlier > 0 {
            assert_eq!(t.loc(a), Loc::Graveyard, "7000 damage ≥ 6000 power");
        } else {
            assert_eq!(t.damage(a), 4000, "control: recovered in between");
            assert_eq!(t.loc(a), Loc::Square(sq("b2")));
        }
        host.check().unwrap();
    }
}

/// R20.12: NAP may play a battle-timing strategy outside battle once AP passed.
#[test]
fn r20_12_nap_plays_battle_timing_outside_battle() {
    let (host, mut s) = lua_support::setup();
    let malt = s.unit(Two, "シングルモルト", "b2");
    let soul_b = s.hand(Two, "ダイヤモンド・ソウル");
    let soul_a = s.hand(One, "ダイヤモンド・ソウル");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build_strict();
    assert!(
        t.game
            .check(&t.db, &Table::play_action(soul_a, None, &[malt]))
            .is_ok()
    );
    t.pass();
    t.play(soul_b, None, &[malt]);
    t.pass_both();
    assert_eq!(t.power(malt), 6000);
    host.check().unwrap();
}

/// R20.13: a battle-timing plan card is played only at normal timing.
#[test]
fn r20_13_plan_card_plays_at_normal_timing() {
    let (host, mut s) = lua_support::setup();
    let malt = s.unit(One, "シングルモルト", "b1");
    let rifle = s.hand(One, "プラズマ・ライフル");
    s.deck(One, "ロマネ・コンティ", 10);
    let plan = s.add(One, "ダイヤモンド・ソウル", Loc::Deck);
    s.plan(One);
    s.rich(One);
    let mut t = s.build_strict();
    let play_plan = Table::play_action(plan, None, &[malt]);
    assert!(
        t.game.check(&t.db, &play_plan).is_ok(),
        "own main phase, empty stack"
    );
    t.play(rifle, None, &[malt]);
    assert!(t.game.check(&t.db, &play_plan).is_err(), "not in response");
    host.check().unwrap();

    let (host, mut s) = lua_support::setup();
    s.active(Two);
    let malt = s.unit(One, "シングルモルト", "b1");
    s.deck(One, "ロマネ・コンティ", 10);
    let plan = s.add(One, "ダイヤモンド・ソウル", Loc::Deck);
    s.plan(One);
    s.rich(One);
    let mut t = s.build_strict();
    t.pass();
    assert_eq!(t.priority(), Some(One));
    assert!(
        t.game
            .check(&t.db, &Table::play_action(plan, None, &[malt]))
            .is_err(),
        "not in the opponent's turn"
    );
    host.check().unwrap();
}

/// R20.14: the unit being played cannot be targeted; after it resolves only battle timing.
#[test]
fn r20_14_unit_on_the_stack_cannot_be_targeted() {
    let (host, mut s) = lua_support::setup();
    s.unit(Two, "橙", "b2");
    let malt = s.hand(One, "シングルモルト");
    let beam = s.hand(Two, "破壊光線");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build_strict();
    t.play(malt, Some("b2"), &[]);
    t.pass();
    assert!(t.try_act(Table::play_action(beam, None, &[malt])).is_err());
    t.pass();
    assert!(t.in_battle(), "the battle begins at once");
    t.pass_until(|t| t.priority() == Some(Two));
    let err = t.try_act(Table::play_action(beam, None, &[malt]));
    assert!(
        matches!(err, Err(dzero_core::ActionError::Timing(_))),
        "{err:?}"
    );
    host.check().unwrap();
}

/// R20.15: the moving unit is destroyed in response; no battle.
#[test]
fn r20_15_moving_unit_destroyed_in_response() {
    let (host, mut s) = lua_support::setup();
    let m = s.unit(One, "シングルモルト", "b1");
    s.unit(Two, "橙", "b2");
    let beam = s.hand(Two, "破壊光線");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build_strict();
    t.mv(m, "b2");
    t.pass();
    t.play(beam, None, &[m]);
    t.pass_both();
    assert_eq!(t.loc(m), Loc::Graveyard);
    t.pass_both();
    assert!(!t.in_battle());
    assert!(t.game.stack().is_empty());
    host.check().unwrap();
}

/// R20.16: the same unit moves twice, paying each time, released after each move.
#[test]
fn r20_16_unit_moves_twice() {
    let (host, mut s) = lua_support::setup();
    let m = s.unit(One, "シングルモルト", "a1");
    s.rich(One);
    let mut t = s.build_strict();
    let before = t
        .zone(One, Zone::Energy)
        .iter()
        .filter(|&&c| !t.frozen(c))
        .count();
    t.mv(m, "a2");
    t.pass_both();
    assert!(!t.frozen(m));
    t.mv(m, "a1");
    t.pass_both();
    assert_eq!(t.loc(m), Loc::Square(sq("a1")));
    assert!(!t.frozen(m));
    let after = t
        .zone(One, Zone::Energy)
        .iter()
        .filter(|&&c| !t.frozen(c))
        .count();
    assert_eq!(before - after, 2, "move cost 無1 paid twice");
    host.check().unwrap();
}

/// R20.17: a unit frozen in response to its move still arrives released.
#[test]
fn r20_17_frozen_mover_arrives_released() {
    let (host, mut s) = lua_support::setup();
    let m = s.unit(One, "シングルモルト", "a1");
    let cold = s.hand(Two, "寒符「リンガリングコールド」");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build_strict();
    t.mv(m, "a2");
    t.pass();
    t.play(cold, None, &[m]);
    t.pass_both();
    assert!(t.frozen(m));
    t.pass_both();
    assert_eq!(t.loc(m), Loc::Square(sq("a2")));
    assert!(!t.frozen(m));
    host.check().unwrap();
}

fn activate_mayohiga(t: &mut Table, card: dzero_core::CardId) {
    t.act(Action::Activate {
        card,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: Targets::NONE,
        x: 0,
        payment: Payment::Auto,
    });
}

/// R20.18: 迷い家's graveyard ● ability (Lua) chooses the base square on resolution.
#[test]
fn r20_18_mayohiga_chooses_square_on_resolution() {
    let (host, mut s) = lua_support::setup();
    let mayo = s.add(One, "迷い家", Loc::Graveyard);
    s.unit(One, "白玉楼", "P1-base1");
    s.rich(One);
    let mut t = s.build_strict();
    activate_mayohiga(&mut t, mayo);
    t.pass_both();
    assert_eq!(t.game.decision(), Decision::Choose(One));
    let choice = t.game.choice().unwrap();
    assert_eq!(
        choice.options.len(),
        2,
        "the two free base squares, seen on resolution"
    );
    let i = choice
        .options
        .iter()
        .position(|o| *o == dzero_core::ChoiceOption::Square(sq("P1-base3")))
        .unwrap();
    t.act(Action::Choose(i as u16));
    assert_eq!(t.loc(mayo), Loc::Square(sq("P1-base3")));
    host.check().unwrap();
}

/// R20.18: with every base square taken by the time it resolves, nothing happens.
#[test]
fn r20_18_mayohiga_does_nothing_without_a_free_square() {
    let (host, mut s) = lua_support::setup();
    let mayo = s.add(One, "迷い家", Loc::Graveyard);
    s.unit(One, "白玉楼", "P1-base1");
    s.unit(One, "守りの祠", "P1-base2");
    let last = s.hand(One, "白玉楼");
    s.rich(One);
    let mut t = s.build_strict();
    activate_mayohiga(&mut t, mayo);
    t.play(last, Some("P1-base3"), &[]);
    t.pass_both();
    assert_eq!(t.loc(last), Loc::Square(sq("P1-base3")));
    t.pass_both();
    assert_ne!(t.game.decision(), Decision::Choose(One));
    assert_eq!(t.loc(mayo), Loc::Graveyard);
    host.check().unwrap();
}

/// Extra Lua cards for R20.19: a vanilla unit costing 青2無3 with move cost 青1無1, and a unit
/// with "● [黒1 無1 廃棄] draw a card".
fn r20_19_setup() -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    let blue = CardDef::unit("青の試験兵", 2000, 1)
        .colour(Colour::Blue)
        .cost(Cost::FREE.and(Colour::Blue, 2).and_colourless(3))
        .move_cost(Cost::FREE.and(Colour::Blue, 1).and_colourless(1));
    db.add(
        host.load_card(blue, "tests/lua/inline/blue_trooper.lua", "-- vanilla")
            .unwrap(),
    );
    let black = CardDef::unit("黒の試験兵", 2000, 1).colour(Colour::Black);
    let src = r#"card:activated { cost = "黒1 無1 廃棄", resolve = function(g, e) g:draw(e.controller) end }"#;
    db.add(
        host.load_card(black, "tests/lua/inline/black_trooper.lua", src)
            .unwrap(),
    );
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// R20.19: cost payment from the energy and smash zones, and a 廃棄 cost.
#[test]
fn r20_19_cost_payment_examples() {
    let (host, mut s) = r20_19_setup();
    let unit = s.hand(One, "青の試験兵");
    let blue = s.energy(One, Colour::Blue, 3);
    let smash: Vec<_> = (0..4)
        .map(|_| s.add(One, "ロマネ・コンティ", Loc::Smash))
        .collect();
    let mut t = s.build_strict();
    let pay = |cards: Vec<_>| Action::Play {
        card: unit,
        method: None,
        square: Some(sq("a1")),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::Targets::NONE,
        payment: Payment::Cards(cards),
    };
    // Negative case: blue can never be paid from the smash zone.
    let mut bad = vec![blue[0]];
    bad.extend(&smash);
    assert!(t.game.check(&t.db, &pay(bad)).is_err());
    // (a) blue 2 from two blue energies; colourless 3 from one blue energy and two smash cards.
    let all = vec![blue[0], blue[1], blue[2], smash[0], smash[1]];
    t.act(pay(all));
    t.pass_both();
    assert_eq!(t.loc(unit), Loc::Square(sq("a1")));
    host.check().unwrap();

    // (b) move cost 青1無1 from one blue energy and one smash-zone card.
    let (host, mut s) = r20_19_setup();
    let unit = s.unit(One, "青の試験兵", "a1");
    let blue = s.energy(One, Colour::Blue, 1);
    let sm = s.add(One, "ロマネ・コンティ", Loc::Smash);
    let mut t = s.build_strict();
    t.act(Action::Move {
        unit,
        to: sq("a2"),
        payment: Payment::Cards(vec![blue[0], sm]),
    });
    t.pass_both();
    assert_eq!(t.loc(unit), Loc::Square(sq("a2")));
    host.check().unwrap();

    // (c) [黒1 無1 廃棄]: two energies frozen and the unit put into the graveyard.
    let (host, mut s) = r20_19_setup();
    let unit = s.unit(One, "黒の試験兵", "a1");
    s.energy(One, Colour::Black, 2);
    s.deck(One, "ロマネ・コンティ", 5);
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    t.act(Action::Activate {
        card: unit,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: Targets::NONE,
        x: 0,
        payment: Payment::Auto,
    });
    assert_eq!(t.loc(unit), Loc::Graveyard);
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);
    host.check().unwrap();
}

/// R20.20: Lady Last's use cost, move cost and smash counts.
#[test]
fn r20_20_lady_last() {
    let (host, mut s) = lua_support::setup();
    let lady = s.hand(One, "レイディ・ラスト");
    s.energy(One, Colour::Black, 2);
    s.energy(One, Colour::Red, 6);
    let t = s.build_strict();
    assert!(
        t.game
            .check(&t.db, &Table::play_action(lady, Some("a1"), &[]))
            .is_err(),
        "three black energies are needed"
    );
    host.check().unwrap();

    let (host, mut s) = lua_support::setup();
    let lady = s.hand(One, "レイディ・ラスト");
    s.energy(One, Colour::Black, 3);
    s.energy(One, Colour::Red, 3);
    for _ in 0..2 {
        s.add(One, "ロマネ・コンティ", Loc::Smash);
    }
    let mut t = s.build_strict();
    t.play(lady, Some("a1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(lady), Loc::Square(sq("a1")));
    host.check().unwrap();

    // Moving: black 1 + colourless 2, and only while released.
    for frozen in [false, true] {
        let (host, mut s) = lua_support::setup();
        let lady = s.unit(One, "レイディ・ラスト", "a1");
        if frozen {
            s.freeze(lady);
        }
        s.energy(One, Colour::Black, 1);
        s.energy(One, Colour::Red, 2);
        let t = s.build_strict();
        let mv = Action::Move {
            unit: lady,
            to: sq("a2"),
            payment: Payment::Auto,
        };
        assert_eq!(t.game.check(&t.db, &mv).is_ok(), !frozen);
        host.check().unwrap();
    }
    let (host, mut s) = lua_support::setup();
    let lady = s.unit(One, "レイディ・ラスト", "a1");
    s.energy(One, Colour::Red, 3);
    let t = s.build_strict();
    let mv = Action::Move {
        unit: lady,
        to: sq("a2"),
        payment: Payment::Auto,
    };
    assert!(
        t.game.check(&t.db, &mv).is_err(),
        "the black point is needed"
    );
    host.check().unwrap();

    for (square, expected) in [("a2", 2), ("a3", 3)] {
        let (host, mut s) = lua_support::setup();
        let lady = s.unit(One, "レイディ・ラスト", square);
        s.deck(Two, "ロマネ・コンティ", 20);
        let mut t = s.build_in(Phase::Smash);
        t.game.set_strict(true);
        t.act(Action::Smash(Some(lady)));
        assert_eq!(
            t.zone(Two, Zone::Smash).len(),
            expected,
            "smash from {square}"
        );
        host.check().unwrap();
    }
}

/// R20.23: a Lua "◆ when put into a square" trigger waits until the battle it began ends.
#[test]
fn r20_23_placement_trigger_after_battle() {
    let (host, mut s) = lua_support::setup();
    s.unit(Two, "ロマネ・コンティ", "b2");
    let lookout = s.hand(One, "見張り番");
    s.deck(One, "ロマネ・コンティ", 10);
    s.rich(One);
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    t.play(lookout, Some("b2"), &[]);
    t.pass_both();
    assert!(t.in_battle(), "the battle begins first");
    while t.in_battle() {
        assert!(
            !t.stack_has(ItemTag::Triggered),
            "the trigger waits for the battle to end"
        );
        t.pass();
    }
    assert_eq!(t.loc(lookout), Loc::Graveyard, "destroyed in the battle");
    assert!(t.stack_has(ItemTag::Triggered));
    t.pass_until(|t| t.game.stack().is_empty());
    assert_eq!(t.zone(One, Zone::Hand).len(), hand, "played one, drew one");
    host.check().unwrap();
}

/// The Lua set keeps the printed values of the fixture set, card for card.
#[test]
fn lua_set_has_every_fixture_card_with_its_printed_values() {
    let (_host, db) = lua_support::lua_db();
    let natives = dzero_core::fixtures::card_db();
    assert_eq!(db.len(), natives.len());
    for ((_, a), (_, b)) in db.iter().zip(natives.iter()) {
        assert_eq!(a.name, b.name);
        assert_eq!(
            (a.kind, a.power, a.smash, a.cost, a.keywords),
            (b.kind, b.power, b.smash, b.cost, b.keywords)
        );
        assert_eq!(a.abilities.len(), b.abilities.len(), "{}", a.name);
        assert_eq!(a.spell.is_some(), b.spell.is_some(), "{}", a.name);
        assert!(a.kind != CardKind::Strategy || a.spell.is_some());
    }
}
