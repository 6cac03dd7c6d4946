//! A seeded game on the bundled d0-sample decks, shared by the tests of this crate.

use dzero_core::Game;
use dzero_sim::{DeckFiles, PlayOptions, RandomPlayer, play_with};
use std::path::Path;

/// The d0-sample card set and a seeded game on its two decks after `actions` random actions.
pub fn game_after(actions: u32) -> (dzero_cardpool::CardSet, Game) {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks");
    let found =
        DeckFiles::resolve(&[decks.join("赤緑.txt"), decks.join("黒白.txt")], None).unwrap();
    let (set, lists) = found.load().unwrap();
    let game = Game::new(&set.db, found.rules, [&lists[0].cards, &lists[1].cards], 2).unwrap();
    let opts = PlayOptions {
        stop_after: Some(actions),
        ..PlayOptions::default()
    };
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    let out = play_with(&set.db, game, &mut players, opts, &mut ()).unwrap();
    (set, out.game)
}

/// The dimensions-sample card set and a seeded game under `rules` (次元戦 or 次元探索戦) on
/// its two decks and its first dimension deck list, after `actions` random actions.
pub fn dimension_game_after(
    rules: dzero_core::RuleSet,
    actions: u32,
) -> (dzero_cardpool::CardSet, Game) {
    let decks =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/dimensions-sample/decks");
    let found = DeckFiles::resolve(
        &[decks.join("赤緑.txt"), decks.join("黒白.txt")],
        Some(rules),
    )
    .unwrap();
    let (set, lists) = found.load().unwrap();
    let dimensions = found.dimension_deck(&set).unwrap();
    let game = dzero_sim::start_duel(
        &set,
        rules,
        [&lists[0].cards, &lists[1].cards],
        &dimensions,
        2,
        None,
    )
    .unwrap();
    let opts = PlayOptions {
        stop_after: Some(actions),
        ..PlayOptions::default()
    };
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    let out = play_with(&set.db, game, &mut players, opts, &mut ()).unwrap();
    (set, out.game)
}
