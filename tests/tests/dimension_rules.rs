//! 次元戦 and 次元探索戦 (rules-reference.md §19, A34–A42): the command zone, the dimension die, and
//! planeswalking (the deck's construction in `construction.rs`, 次元探索戦's cross in
//! `exploration.rs`), with dimensions and phenomena written as Rust fixtures (the DSL and Lua
//! register the same abilities).

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, CardDb, CardDef, CardId, CardKind, Cost, DieFace, Event, Game, Loc, Payment, Phase,
    Query, Resolve, RuleSet, Static, StaticEffect, Timing, Triggered, Zone, ZoneSet,
};
use dzero_tests::{Setup, Table};

#[path = "dimension_rules/construction.rs"]
mod construction;
#[path = "dimension_rules/exploration.rs"]
mod exploration;

/// A dimension or phenomenon card with no abilities.
fn plain(name: &str, kind: CardKind) -> CardDef {
    CardDef::new(name, kind)
}

/// A ◆ of the command zone.
fn command_trigger(
    when: impl Fn(&Query<'_>, CardId, &Event) -> bool + 'static,
    effect: impl Fn(&mut Resolve<'_>) -> Result<(), dzero_core::EffectError> + 'static,
) -> Triggered {
    Triggered {
        zones: ZoneSet::COMMAND,
        ..Triggered::new(when, effect)
    }
}

/// 「あなたが{C}を出したとき、カードを1枚引く。」
fn draws_on_c(name: &str) -> CardDef {
    plain(name, CardKind::Dimension).ability(command_trigger(
        |v: &Query<'_>, me: CardId, e: &Event| {
            matches!(e, Event::Rolled { player, face: DieFace::C } if *player == v.controller(me))
        },
        |r: &mut Resolve<'_>| {
            let p = r.controller();
            r.draw(p, 1);
            Ok(())
        },
    ))
}

/// ★ 「あなたのユニットのパワーを+1000する。」 (`own: true, by: 1000`) or 「相手のユニットのパワーを
/// -1000する。」 (`own: false, by: -1000`) on a dimension: "you" and "the opponent" are each
/// player's (A42).
struct UnitsPower {
    /// The units of the ability's controller, rather than its opponent's.
    own: bool,
    /// The change to their power.
    by: i32,
}

impl StaticEffect for UnitsPower {
    fn characteristics(
        &self,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut dzero_core::Characteristics,
    ) {
        if matches!(view.loc(subject), Loc::Square(_))
            && view.def(subject).kind == CardKind::Unit
            && (view.controller(subject) == view.controller(me)) == self.own
        {
            ch.power += self.by;
        }
    }
}

/// The fixture cards plus invented dimensions and phenomena (marked: none are real cards).
fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    for n in [
        "荒野", "草原", "雪原", "火山", "海原", "砂漠", "密林", "渓谷",
    ] {
        db.add(plain(n, CardKind::Dimension));
    }
    db.add(draws_on_c("書庫の次元"));
    db.add(plain("祝福の次元", CardKind::Dimension).ability(Static {
        zones: ZoneSet::COMMAND,
        ..Static::new(UnitsPower {
            own: true,
            by: 1000,
        })
    }));
    db.add(plain("呪いの次元", CardKind::Dimension).ability(Static {
        zones: ZoneSet::COMMAND,
        ..Static::new(UnitsPower {
            own: false,
            by: -1000,
        })
    }));
    // 「あなたのターンの開始時、カードを1枚引く。」 and 「相手のターンの開始時、カードを1枚引
    // く。」: shared conditions (A42).
    let draw_one = |r: &mut Resolve<'_>| {
        let p = r.controller();
        r.draw(p, 1);
        Ok(())
    };
    db.add(
        plain("暦の次元", CardKind::Dimension)
            .ability(command_trigger(
                |v: &Query<'_>, me: CardId, e: &Event| {
                    matches!(e, Event::TurnBegan { player, .. } if *player == v.controller(me))
                },
                draw_one,
            ))
            .ability(command_trigger(
                |v: &Query<'_>, me: CardId, e: &Event| {
                    matches!(e, Event::TurnBegan { player, .. } if *player != v.controller(me))
                },
                draw_one,
            )),
    );
    // ● 無0: draw a card; quick timing.
    db.add(
        plain("泉の次元", CardKind::Dimension).ability(dzero_core::Activated {
            zones: ZoneSet::COMMAND,
            ..dzero_core::Activated::new(Cost::FREE, Timing::Quick, |r: &mut Resolve<'_>| {
                let p = r.controller();
                r.draw(p, 1);
                Ok(())
            })
        }),
    );
    // Phenomenon: 「この現象が表向きになったとき、各プレイヤーはカードを1枚引く。」
    let revealed = |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Revealed { card, setup: false, .. } if *card == me);
    db.add(
        plain("流星群", CardKind::Phenomenon).ability(command_trigger(
            revealed,
            |r: &mut Resolve<'_>| {
                r.draw(One, 1);
                r.draw(Two, 1);
                Ok(())
            },
        )),
    );
    db.add(plain("静寂", CardKind::Phenomenon));
    db.add(plain("攪拌", CardKind::ShuffleCard));
    db
}

fn setup(rules: RuleSet) -> Setup {
    Setup::with_db(db(), rules)
}

fn hand(t: &Table, p: dzero_core::Player) -> usize {
    t.game.zone(p, Zone::Hand).len()
}

fn roll() -> Action {
    Action::Roll {
        payment: Payment::Auto,
    }
}

fn name(t: &Table, c: Option<CardId>) -> Option<String> {
    c.map(|c| {
        t.db.get(t.game.card_state(c).unwrap().def)
            .unwrap()
            .name
            .clone()
    })
}

/// The names of the dimension deck, top first.
fn deck_names(t: &Table) -> Vec<String> {
    let p = t.game.planes();
    p.deck
        .iter()
        .rev()
        .map(|&c| name(t, Some(c)).unwrap())
        .collect()
}

/// Whether rolling is among the legal actions.
fn can_roll(t: &Table) -> bool {
    let out = t.game.completions(&t.db, 10_000);
    out.contains(&roll())
}

/// Rolls the die and lets it resolve.
fn roll_and_resolve(t: &mut Table) {
    t.act(roll());
    t.pass_both();
}

// R19.9, A37: setup turns cards over until a dimension is up; phenomena go to the bottom
// without triggering.
#[test]
fn r19_9_setup_turns_over_until_a_dimension_and_phenomena_do_not_trigger() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    // Bottom first: the top is 流星群, then 静寂, then 荒野.
    s.dimensions(&["草原", "荒野", "静寂", "流星群"]);
    let t = s.build();
    assert_eq!(name(&t, t.game.planes().up).as_deref(), Some("荒野"));
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("荒野"));
    // R19.9: the phenomena went to the bottom, in the order turned, face down.
    assert_eq!(deck_names(&t), ["草原", "流星群", "静寂"]);
    // Nothing triggered: no one drew.
    assert_eq!(hand(&t, One), 0);
    assert_eq!(hand(&t, Two), 0);
    assert!(t.game.planes().phenomena.is_empty());
}

// R19.9 with Game::new_with: the dimension deck is shuffled by the seed and opened once the
// opening hands are fixed; the same seed gives the same order (determinism).
#[test]
fn r19_9_a_dimension_war_game_opens_its_dimension_deck() {
    let db = db();
    let decks = [
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    ];
    let dims: Vec<_> = [
        "荒野", "草原", "雪原", "火山", "海原", "砂漠", "密林", "渓谷",
    ]
    .iter()
    .chain(&["書庫の次元", "流星群"])
    .map(|n| db.find(n).unwrap())
    .collect();
    let start = |seed| {
        Game::new_with(
            &db,
            RuleSet::DIMENSION_WAR,
            [&decks[0], &decks[1]],
            &dims,
            seed,
            None,
        )
        .unwrap()
    };
    let g = start(5);
    let p = g.planes();
    assert!(p.opened);
    let up = p.up.expect("a face-up dimension");
    assert_eq!(
        db.get(g.card_state(up).unwrap().def).unwrap().kind,
        CardKind::Dimension
    );
    assert_eq!(p.deck.len() + 1, 10);
    // R19.8: in no player's zone.
    assert_eq!(g.card_state(up).unwrap().loc, Loc::Command);
    for pl in [One, Two] {
        for z in [Zone::Deck, Zone::Hand, Zone::Graveyard, Zone::Field] {
            assert!(!g.zone(pl, z).contains(&up));
        }
    }
    assert_eq!(start(5), g);
    // Another seed, another order of the same cards.
    let other = (6..20)
        .map(start)
        .find(|o| o.planes().deck != g.planes().deck);
    assert!(other.is_some());
}

// R19.11, A35: AP rolls in the main phase at normal timing, paying colourless energy equal to
// the rolls already declared this turn; the roll goes on the stack and the die is rolled when
// it resolves.
#[test]
fn r19_11_rolling_costs_the_rolls_already_made_this_turn() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["草原", "荒野", "雪原"]);
    s.die(&[
        DieFace::Blank,
        DieFace::Blank,
        DieFace::Blank,
        DieFace::Blank,
    ]);
    s.energy(One, dzero_core::Colour::Red, 3);
    let mut t = s.build();
    assert_eq!(t.game.roll_cost(), Cost::FREE);
    assert!(can_roll(&t));
    t.act(roll());
    // A35: on the stack; the die is not rolled yet.
    assert!(t.game.events().iter().any(|e| matches!(
        e,
        Event::Stacked {
            tag: dzero_core::ItemTag::Roll,
            ..
        }
    )));
    assert!(
        !t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Rolled { .. }))
    );
    // R6.3: not while the stack holds an item.
    assert!(t.try_act(roll()).is_err());
    t.pass_both();
    assert!(t.game.events().iter().any(|e| matches!(
        e,
        Event::Rolled {
            player: One,
            face: DieFace::Blank
        }
    )));
    // The second roll costs 1, the third 2: 3 energy pay for rolls 2 and 3, not 4.
    assert_eq!(t.game.roll_cost(), Cost::colourless(1));
    roll_and_resolve(&mut t);
    assert_eq!(t.game.roll_cost(), Cost::colourless(2));
    roll_and_resolve(&mut t);
    assert_eq!(t.game.roll_cost(), Cost::colourless(3));
    assert!(t.try_act(roll()).is_err());
    assert!(!can_roll(&t));
    // R19.11: only AP rolls; the count starts again next turn.
    t.end_turn();
    assert_eq!(t.game.active(), Two);
    assert_eq!(t.game.roll_cost(), Cost::FREE);
    assert!(can_roll(&t));
}

// R19.1: a rule set without the module has no die to roll.
#[test]
fn r19_1_no_die_without_a_dimension_deck() {
    let mut t = setup(RuleSet::OFFICIAL).build();
    assert!(t.try_act(roll()).is_err());
    assert!(!can_roll(&t));
    assert!(t.game.observe(&t.db, One).command.is_none());
}

// R19.12: P turns the face-up dimension down to the bottom and the next top card up.
// R19.14: a blank does nothing.
#[test]
fn r19_12_p_planeswalks_and_r19_14_a_blank_does_nothing() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["草原", "雪原", "荒野"]);
    s.die(&[DieFace::Blank, DieFace::P]);
    s.energy(One, dzero_core::Colour::Red, 1);
    let mut t = s.build();
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("荒野"));
    roll_and_resolve(&mut t);
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("荒野"));
    assert_eq!(deck_names(&t), ["雪原", "草原"]);
    roll_and_resolve(&mut t);
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("雪原"));
    assert_eq!(deck_names(&t), ["草原", "荒野"]);
}

// R19.13: C triggers 「あなたが{C}を出したとき」 of the active dimension, for the player who
// rolled; a face-down dimension's ability does not trigger (R19.8).
#[test]
fn r19_13_c_triggers_the_active_dimensions_ability() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["書庫の次元", "荒野", "書庫の次元"]);
    s.die(&[DieFace::C, DieFace::P, DieFace::C]);
    s.energy(One, dzero_core::Colour::Red, 3);
    let mut t = s.build();
    let before = hand(&t, One);
    roll_and_resolve(&mut t);
    // The trigger waits for priority, then resolves.
    t.pass_both();
    assert_eq!(hand(&t, One), before + 1);
    assert_eq!(hand(&t, Two), 0);
    // P: 荒野 is up; a C now triggers nothing (the 書庫 cards are face down).
    roll_and_resolve(&mut t);
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("荒野"));
    roll_and_resolve(&mut t);
    assert!(t.game.stack().is_empty());
    assert_eq!(hand(&t, One), before + 1);
}

// R19.15, A36: a phenomenon turned up on P triggers; no dimension is active until its ability
// has resolved; then it goes to the bottom and the next card is turned up.
#[test]
fn r19_15_a_phenomenon_triggers_then_moves_on() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["草原", "流星群", "荒野"]);
    s.die(&[DieFace::P]);
    let mut t = s.build();
    t.act(roll());
    t.pass_both();
    // 流星群 is face up with its trigger on the stack: no dimension is active (A36).
    assert_eq!(name(&t, t.game.planes().up).as_deref(), Some("流星群"));
    assert_eq!(t.game.active_dimension(), None);
    assert_eq!(t.stack().len(), 1);
    t.pass_both();
    assert_eq!((hand(&t, One), hand(&t, Two)), (1, 1));
    // Then it went to the bottom and 草原 came up.
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("草原"));
    assert_eq!(deck_names(&t), ["荒野", "流星群"]);
    assert!(t.game.planes().phenomena.is_empty());
}

// R19.15: a phenomenon with nothing to trigger moves on at once, and several in a row each
// take their turn until a dimension is up.
#[test]
fn r19_15_phenomena_in_a_row_until_a_dimension() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["草原", "流星群", "静寂", "荒野"]);
    s.die(&[DieFace::P]);
    let mut t = s.build();
    roll_and_resolve(&mut t);
    // 静寂 came up and moved on; 流星群 came up and triggered.
    assert_eq!(name(&t, t.game.planes().up).as_deref(), Some("流星群"));
    t.pass_both();
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("草原"));
    assert_eq!(deck_names(&t), ["荒野", "静寂", "流星群"]);
}

/// With `dimension` active, how much a シングルモルト of each player differs from its printed
/// power.
fn power_changes(dimension: &str) -> [i32; 2] {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&[dimension]);
    let mine = s.unit(One, "シングルモルト", "a1");
    let theirs = s.unit(Two, "シングルモルト", "c3");
    let t = s.build();
    let v = t.game.view(&t.db);
    let printed =
        t.db.get(t.game.card_state(mine).unwrap().def)
            .unwrap()
            .power;
    [mine, theirs].map(|c| v.power(c) - printed)
}

// R19.10, A42: the active dimension's statics are shared: "your units" means each player's.
#[test]
fn r19_10_statics_are_shared_by_all_players() {
    assert_eq!(power_changes("祝福の次元"), [1000, 1000]);
}

// A42: "the opponent" in a shared static is each player's opponent, once.
#[test]
fn a42_opponent_in_a_shared_static_is_each_players_opponent() {
    assert_eq!(power_changes("呪いの次元"), [-1000, -1000]);
}

// R19.10, A42: a shared trigger condition matches each player; the trigger is the matched
// player's, even when that is not AP.
#[test]
fn r19_10_trigger_conditions_are_shared_and_the_trigger_is_the_matched_players() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    s.dimensions(&["暦の次元"]);
    let mut t = s.build();
    let (one, two) = (hand(&t, One), hand(&t, Two));
    // Two's turn begins: 「あなたのターン」 matches Two (AP), 「相手のターン」 matches One; each
    // trigger draws for its own controller.
    t.end_turn();
    assert_eq!(t.game.active(), Two);
    assert_eq!(hand(&t, One), one + 1);
    assert_eq!(
        hand(&t, Two),
        two + 2,
        "the draw phase's card and the trigger's"
    );
}

// R19.10: the dimension's other abilities are controlled by AP: AP may activate its ●, the
// other player may not.
#[test]
fn r19_10_other_abilities_are_aps() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    let d = s.dimensions(&["泉の次元"])[0];
    let mut t = s.build();
    let act = Table::activate_action(d, 0);
    // Two holds priority after One passes, and is refused.
    t.pass();
    assert_eq!(t.game.decision(), dzero_core::Decision::Act(Two));
    assert!(t.try_act(act.clone()).is_err());
    t.end_turn();
    // Now Two is AP and may activate it.
    assert_eq!(t.game.active(), Two);
    t.act(act);
    t.pass_both();
    assert_eq!(hand(&t, Two), 2, "the turn's draw and the ability's");
}

// R19.8: dimensions and phenomena never leave the command zone and are no player's cards.
#[test]
fn r19_8_the_command_zone_is_no_players() {
    let mut s = setup(RuleSet::DIMENSION_WAR);
    let d = s.dimensions(&["荒野", "草原"]);
    let t = s.build();
    for &c in &d {
        assert_eq!(t.game.card_state(c).unwrap().loc, Loc::Command);
    }
    // Face up: seen by both seats; face down: by neither.
    for seat in [One, Two] {
        let o = t.game.observe(&t.db, seat);
        let cmd = o.command.expect("a command zone");
        assert_eq!(cmd.up.map(|c| c.id), Some(d[1]));
        assert_eq!(cmd.deck, 1);
        assert_eq!(cmd.active, Some(d[1]));
        assert!(t.game.visible_to(seat, d[1]));
        assert!(!t.game.visible_to(seat, d[0]));
    }
    // A determinized copy keeps dimensions in the command zone and players' cards out of it.
    let copy = t.game.determinize(&t.db, One, 3);
    for &c in &d {
        let def = copy.card_state(c).unwrap().def;
        assert!(t.db.get(def).unwrap().kind.in_dimension_deck());
    }
}

// R19.3: over many seeded rolls the die shows P, C and blank, blank about four times in six.
#[test]
fn r19_3_the_die_has_one_p_one_c_and_four_blanks() {
    let db = db();
    let id = |n: &str| db.find(n).unwrap();
    let mut counts = [0u32; 3];
    for seed in 0..60 {
        let mut b = dzero_core::Builder::new(RuleSet::DIMENSION_WAR, seed);
        b.dimension_deck(&[id("荒野"), id("草原")]);
        for p in [One, Two] {
            b.fill_deck(p, id("ロマネ・コンティ"), 5);
        }
        let mut g = b.build(&db, Phase::Main).unwrap();
        g.apply(&db, roll()).unwrap();
        g.apply(&db, Action::Pass).unwrap();
        g.apply(&db, Action::Pass).unwrap();
        for e in g.events() {
            if let Event::Rolled { face, .. } = e {
                counts[match face {
                    DieFace::P => 0,
                    DieFace::C => 1,
                    DieFace::Blank => 2,
                }] += 1;
            }
        }
    }
    assert_eq!(counts.iter().sum::<u32>(), 60);
    assert!(counts[0] > 0 && counts[1] > 0, "{counts:?}");
    assert!(counts[2] > counts[0] && counts[2] > counts[1], "{counts:?}");
}
