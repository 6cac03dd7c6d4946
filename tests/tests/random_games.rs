//! Random games from the listed legal actions: no panic, no refused action, every card in
//! exactly one zone at every step; determinism and serialization.

use dzero_cardpool::{CardSet, load_set};
use dzero_core::{CardDb, Game, RandomPlayer, RuleSet, fixtures};
use dzero_sim::{PlayOptions, play_random};
use proptest::prelude::*;
use std::path::PathBuf;

/// Plays one game between the fixture decks; returns the final state and the number of actions.
fn play(db: &CardDb, seed: u64, rules: RuleSet, check: bool) -> Result<(Game, u32), String> {
    let red = fixtures::deck_red(db);
    let blue = fixtures::deck_blue(db);
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
        let db = fixtures::card_db();
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
    let db = fixtures::card_db();
    for seed in 0..100 {
        let (g, _) = play(&db, seed, RuleSet::TOUHOU, true).unwrap();
        assert!(g.result().is_some());
    }
}

// Determinism: same seed + same decisions ⇒ byte-identical state.
#[test]
fn same_seed_same_game_byte_for_byte() {
    let db = fixtures::card_db();
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

// State serializes and deserializes mid-game; the restored game continues identically.
#[test]
fn state_round_trips_through_serde_mid_game() {
    let db = fixtures::card_db();
    let red = fixtures::deck_red(&db);
    let blue = fixtures::deck_blue(&db);
    let mut g = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], 5).unwrap();
    let mut players = [RandomPlayer::new(11), RandomPlayer::new(12)];
    for _ in 0..150 {
        let Some(p) = g.decision().player() else {
            break;
        };
        let a = players[p.index()].choose(&g, &db).unwrap();
        g.apply(&db, a).unwrap();
    }
    let json = serde_json::to_string(&g).unwrap();
    let mut restored: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(restored, g);
    let mut pa = [RandomPlayer::new(21), RandomPlayer::new(22)];
    let mut pb = [RandomPlayer::new(21), RandomPlayer::new(22)];
    while let Some(p) = g.decision().player() {
        let a = pa[p.index()].choose(&g, &db).unwrap();
        let b = pb[p.index()].choose(&restored, &db).unwrap();
        assert_eq!(a, b);
        g.apply(&db, a).unwrap();
        restored.apply(&db, b).unwrap();
    }
    assert_eq!(g, restored);
}
