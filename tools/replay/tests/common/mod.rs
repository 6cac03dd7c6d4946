//! Seeded games on the bundled decks, shared by the tests of this crate.

use dzero_core::{Game, RuleSet};
use dzero_sim::{Chooser, DeckFiles, PlayOptions, RandomPlayer, SeatView, play_with};
use std::path::Path;

/// The bundled set `set`'s cards and the first position of a seeded random game on its two
/// decks (as [`set_game_after`]) where `wanted` holds; panics if the game ends first.
// Each test binary including this module uses some of its helpers.
#[allow(dead_code)]
pub fn set_game_when(
    set: &str,
    rules: Option<RuleSet>,
    wanted: impl Fn(&dzero_cardpool::CardSet, &Game) -> bool,
) -> (dzero_cardpool::CardSet, Game) {
    let (set, mut game) = set_game_after(set, rules, 0);
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    for _ in 0..20_000 {
        if wanted(&set, &game) {
            return (set, game);
        }
        let Some(p) = game.decision().player() else {
            break;
        };
        let action = players[p.index()]
            .choose(&SeatView::new(&game, &set.db, p))
            .expect("a random player always has an action");
        game.apply(&set.db, action)
            .expect("a chosen action applies");
    }
    panic!("the seeded game never reached the position wanted");
}

/// The d0-sample card set and a seeded game on its two decks after `actions` random actions.
// Each test binary including this module uses some of its helpers.
#[allow(dead_code)]
pub fn game_after(actions: u32) -> (dzero_cardpool::CardSet, Game) {
    set_game_after("d0-sample", None, actions)
}

/// The bundled set `set`'s cards and a seeded game on its two decks (赤緑, 黒白) under `rules`
/// (default: the set's), with its first dimension deck list the rules accept when they take
/// one, after `actions` random actions.
pub fn set_game_after(
    set: &str,
    rules: Option<RuleSet>,
    actions: u32,
) -> (dzero_cardpool::CardSet, Game) {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../cardpool/sets")
        .join(set)
        .join("decks");
    let found =
        DeckFiles::resolve(&[decks.join("赤緑.txt"), decks.join("黒白.txt")], rules).unwrap();
    let (set, lists) = found.load().unwrap();
    let dimensions = found.dimension_deck(&set).unwrap();
    let game = dzero_sim::start_duel(
        &set,
        found.rules,
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
