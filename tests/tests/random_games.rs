//! Random games from the listed legal actions: no panic, no refused action, every card in
//! exactly one zone at every step; determinism and serialization.

use dzero_cardpool::{CardSet, load_set};
use dzero_core::{Action, CardDb, Game, Player, RuleSet};
use dzero_sim::RandomPlayer;
use dzero_sim::{PlayOptions, Watch, play_out, play_random, play_with};
use proptest::prelude::*;
use std::path::PathBuf;

/// Plays one game between the fixture decks; returns the final state and the number of actions.
fn play(db: &CardDb, seed: u64, rules: RuleSet, check: bool) -> Result<(Game, u32), String> {
    let red = dzero_fixtures::deck_red(db);
    let blue = dzero_fixtures::deck_blue(db);
    let opts = PlayOptions {
        conservation: check,
        ..PlayOptions::default()
    };
    let out = play_random(db, rules, [&red, &blue], seed, opts)
        .map_err(|e| format!("seed {seed}: {e}"))?;
    Ok((out.game, out.actions))
}

thread_local! {
    /// The bundled sets, loaded once per test thread (a set's Lua state stays on its thread).
    static BUNDLED: Vec<CardSet> = ["d0-sample", "touhou-sample"]
        .iter()
        .map(|id| {
            let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cardpool/sets")).join(id);
            load_set(&dir).set.expect("the bundled set loads")
        })
        .collect();
}

/// Plays one game between a bundled set's two deck lists (seats swapped on odd seeds) with the
/// card-conservation check after every action; the game must end with no effect or script error.
fn play_bundled(set: usize, seed: u64) -> Result<(), String> {
    BUNDLED.with(|sets| {
        let set = &sets[set];
        let (a, b) = (&set.decks[0].cards, &set.decks[1].cards);
        let decks: [&[_]; 2] = if seed.is_multiple_of(2) {
            [a, b]
        } else {
            [b, a]
        };
        let out = play_random(&set.db, set.rules, decks, seed, PlayOptions::default())
            .map_err(|e| format!("{} seed {seed}: {e}", set.id))?;
        if out.result().is_none() {
            return Err(format!("{} seed {seed}: no result", set.id));
        }
        if !out.game.effect_errors().is_empty() {
            return Err(format!(
                "{} seed {seed}: effect errors {:?}",
                set.id,
                out.game.effect_errors()
            ));
        }
        let errors = set.host.take_errors();
        if let Some(e) = errors.first() {
            return Err(format!("{} seed {seed}: script error {e}", set.id));
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // Thousands of seeded random games finish without panic or error, zones intact at every step.
    #[test]
    fn random_games_keep_every_card_in_one_zone(seed in any::<u64>()) {
        let db = dzero_fixtures::card_db();
        let (g, _) = play(&db, seed, RuleSet::OFFICIAL, true).map_err(TestCaseError::fail)?;
        prop_assert!(g.result().is_some());
        prop_assert!(g.effect_errors().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    // The bundled Lua sets' deck lists: every card stays in exactly one zone after every action
    // (R1.1), no listed action is refused, the game ends, no card effect or script fails.
    #[test]
    fn bundled_lua_decks_keep_every_card_in_one_zone(seed in any::<u64>(), set in 0usize..2) {
        play_bundled(set, seed).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn touhou_rules_with_mulligan_play_out() {
    let db = dzero_fixtures::card_db();
    for seed in 0..100 {
        let (g, _) = play(&db, seed, RuleSet::TOUHOU, true).unwrap();
        assert!(g.result().is_some());
    }
}

// Determinism: same seed + same decisions ⇒ byte-identical state.
#[test]
fn same_seed_same_game_byte_for_byte() {
    let db = dzero_fixtures::card_db();
    for seed in [1, 2, 3, 99] {
        let (a, na) = play(&db, seed, RuleSet::OFFICIAL, false).unwrap();
        let (b, nb) = play(&db, seed, RuleSet::OFFICIAL, false).unwrap();
        assert_eq!(na, nb);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
}

/// The actions a play-out took, in order.
#[derive(Default)]
struct Chosen(Vec<Action>);

impl Watch for Chosen {
    fn before(&mut self, _game: &Game, _seat: Player, action: &Action) {
        self.0.push(action.clone());
    }
}

// State serializes and deserializes mid-game; the restored game continues identically.
#[test]
fn state_round_trips_through_serde_mid_game() {
    let db = dzero_fixtures::card_db();
    let red = dzero_fixtures::deck_red(&db);
    let blue = dzero_fixtures::deck_blue(&db);
    let g = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], 5).unwrap();
    let first = PlayOptions {
        conservation: false,
        stop_after: Some(150),
        ..PlayOptions::default()
    };
    let g = play_out(&db, g, [11, 12], first).unwrap().game;
    let json = serde_json::to_string(&g).unwrap();
    let restored: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(restored, g);
    let rest = PlayOptions {
        conservation: false,
        max_actions: u32::MAX,
        ..PlayOptions::default()
    };
    let mut players = [RandomPlayer::new(21), RandomPlayer::new(22)];
    let mut actions_a = Chosen::default();
    let a = play_with(&db, g, &mut players, rest, &mut actions_a).unwrap();
    let mut players = [RandomPlayer::new(21), RandomPlayer::new(22)];
    let mut actions_b = Chosen::default();
    let b = play_with(&db, restored, &mut players, rest, &mut actions_b).unwrap();
    assert_eq!(actions_a.0, actions_b.0);
    assert_eq!(a.game, b.game);
}
