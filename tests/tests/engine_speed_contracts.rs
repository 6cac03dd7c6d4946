//! What the engine's speed-ups promise: ★ effects are asked only through the hooks
//! they declare, ◆ conditions only about the event kinds they declare, and many games on the
//! bundled deck pairs come out the same whatever the number of threads.

use dzero_core::{
    CardDb, CardDef, CardId, Characteristics, Event, EventKinds, Forbid, Hooks, Player, Query,
    Static, StaticEffect, Trigger, Triggered, ZoneSet,
};
use dzero_sim::{PlayOptions, RandomPlayer, play_with, run_games, state_hash};
use dzero_tests::Setup;
use std::path::PathBuf;

use Player::{One, Two};

/// A ★ that only changes the smash-loss count (R15.4) and panics if asked anything else.
struct OnlySmashLoss;

impl StaticEffect for OnlySmashLoss {
    fn hooks(&self) -> Hooks {
        Hooks::SMASH_LOSS
    }
    fn characteristics(&self, _: &Query<'_>, _: CardId, _: CardId, _: &mut Characteristics) {
        panic!("asked about characteristics");
    }
    fn forbids(&self, _: &Query<'_>, _: CardId, _: Forbid) -> bool {
        panic!("asked about a prohibition");
    }
    fn smash_loss(&self, view: &Query<'_>, me: CardId, player: Player, limit: u32) -> u32 {
        if view.owner(me) == player { 9 } else { limit }
    }
}

/// A ◆ condition on the end of a turn that panics if asked about any other kind of event.
struct OnlyTurnEnding;

impl Trigger for OnlyTurnEnding {
    fn matches(&self, _: &Query<'_>, _: CardId, event: &Event) -> bool {
        assert!(
            matches!(event, Event::TurnEnding { .. }),
            "asked about {event:?}"
        );
        false
    }
    fn events(&self) -> EventKinds {
        EventKinds::TURN_ENDING
    }
}

fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    db.add(
        CardDef::base("敗北を拒む砦")
            .ability(Static::new(OnlySmashLoss))
            .ability(Triggered {
                key: dzero_core::AbilityKey::NONE,
                zones: ZoneSet::FIELD,
                when: Box::new(OnlyTurnEnding),
                target: None,
                effect: Box::new(|_: &mut dzero_core::Resolve<'_>| Ok(())),
            }),
    );
    db
}

// R15.4, R16, R17.2: a smash-loss ★ and a turn-end ◆ in play through whole random turns — power
// queries, rule-effect checks, prohibitions and every event — are never asked what they did not
// declare; the smash-loss hook still applies.
#[test]
fn effects_are_asked_only_what_they_declare() {
    let mut s = Setup::with_db(db(), dzero_core::RuleSet::OFFICIAL);
    s.unit(One, "敗北を拒む砦", "P1-base1");
    s.unit(One, "チルノ", "a1");
    s.unit(Two, "チルノ", "c3");
    s.rich(One).rich(Two);
    s.deck(One, "チルノ", 20).deck(Two, "チルノ", 20);
    let t = s.build();
    assert_eq!(t.game.view(&t.db).smash_loss(One), 9);
    assert_eq!(t.game.view(&t.db).smash_loss(Two), 7);
    let out = play_with(
        &t.db,
        t.game,
        &mut [RandomPlayer::new(1), RandomPlayer::new(2)],
        PlayOptions {
            stop_after: Some(400),
            ..PlayOptions::default()
        },
        &mut (),
    )
    .expect("plays");
    assert!(out.actions > 50, "{} actions", out.actions);
}

fn bundled() -> Vec<PathBuf> {
    dzero_cardpool::set_dirs(&PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cardpool/sets"
    )))
}

// Every bundled deck pair, seats swapped every round: each game's actions and final state are
// the same on 1, 2 and 3 worker threads (each worker loads its own sets, Lua included).
#[test]
fn bundled_deck_pairs_play_the_same_games_on_any_number_of_threads() {
    let dirs = bundled();
    let sets = dzero_sim::load_all(&dirs).expect("bundled sets load");
    let pairs = dzero_sim::matchups(&sets, &[]).expect("deck pairs");
    assert!(pairs.len() >= 2, "{pairs:?}");
    let run = |threads| {
        run_games(&dirs, 16, threads, |sets, k| {
            let m = &pairs[(k % pairs.len() as u64) as usize];
            let set = &sets[m.set];
            // A dimension-deck set plays its dimension deck (R19.2).
            let seed = 1000 + k;
            let game = dzero_sim::start_set_duel(set, m.seats(sets, k, pairs.len()), seed)
                .unwrap_or_else(|e| panic!("game {k} ({}): {e}", m.name));
            let seeds = dzero_sim::playout::player_seeds(seed);
            let out = dzero_sim::play_out(&set.db, game, seeds, PlayOptions::default())
                .unwrap_or_else(|e| panic!("game {k} ({}): {e}", m.name));
            (out.actions, state_hash(&out.game))
        })
        .expect("runs")
        .0
    };
    let one = run(1);
    assert_eq!(one.len(), 16);
    assert!(one.iter().all(|&(a, _)| a > 0));
    assert_eq!(run(2), one, "2 threads");
    assert_eq!(run(3), one, "3 threads");
}
