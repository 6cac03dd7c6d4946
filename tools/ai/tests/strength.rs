//! Seeded games between specs on the bundled decks: greedy clearly beats random, and a
//! searching player's games replay identically from their seeds, on any thread.

use dzero_ai::PlayerSpec;
use dzero_ai::strength::{Tally, play_game};
use dzero_core::Game;
use dzero_sim::{
    Chooser, PlayOptions, SeatView, load_all, matchups, play_with, playout::player_seeds,
};
use std::path::PathBuf;

/// The player under test against random.
const STRONG: &str = "greedy";
/// The searching player whose games must replay (small budget: debug build).
const SEARCH: &str = "mcts:40";

fn dirs() -> Vec<PathBuf> {
    let sets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets");
    vec![sets.join("d0-sample"), sets.join("touhou-sample")]
}

#[test]
fn greedy_beats_random_clearly() {
    let sets = load_all(&dirs()).unwrap();
    let pairings = matchups(&sets, &[]).unwrap();
    let specs = [STRONG.parse().unwrap(), PlayerSpec::Random];
    let mut tally = Tally::default();
    for k in 0..20 {
        let r = play_game(&sets, &pairings, specs, 11, k);
        tally.add(&r.outcome);
        assert!(!r.decisions[0].is_empty() && !r.decisions[1].is_empty());
    }
    assert_eq!(tally.failed, 0);
    assert!(
        tally.wins >= 16,
        "{STRONG} won only {tally:?} against random"
    );
}

/// The state hashes of a game between `SEARCH` and greedy from `seed`.
fn hashes(seed: u64) -> Vec<u64> {
    let sets = load_all(&dirs()).unwrap();
    let set = &sets[1];
    let decks = [&set.decks[0].cards[..], &set.decks[1].cards[..]];
    let game = Game::new(&set.db, set.rules, decks, seed).unwrap();
    let spec: PlayerSpec = SEARCH.parse().unwrap();
    let seeds = player_seeds(seed);
    let mut players = [spec.player(seeds[0]), PlayerSpec::Greedy.player(seeds[1])];
    let opts = PlayOptions {
        hashes: true,
        ..PlayOptions::default()
    };
    let out = play_with(&set.db, game, &mut players, opts, &mut ()).unwrap();
    assert!(out.result().is_some());
    out.hashes
}

#[test]
fn a_searching_players_game_replays_from_its_seed_on_any_thread() {
    let here = hashes(3);
    let there = std::thread::spawn(|| hashes(3)).join().unwrap();
    assert_eq!(here, there);
    assert_ne!(here, hashes(4));
}

#[test]
fn every_spec_answers_with_a_listed_action() {
    let sets = load_all(&dirs()).unwrap();
    let set = &sets[0];
    let decks = [&set.decks[0].cards[..], &set.decks[1].cards[..]];
    let mut game = Game::new(&set.db, set.rules, decks, 8).unwrap();
    let mut walker = PlayerSpec::Random.player(8);
    let mut listed = Vec::new();
    let mut checked = 0;
    while let Some(p) = game.decision().player() {
        let view = SeatView::new(&game, &set.db, p);
        view.actions(&mut listed);
        if listed.len() > 1 && checked < 5 {
            for spec in ["random", "greedy", "mcts:20", "mcts:1ms"] {
                let spec: PlayerSpec = spec.parse().unwrap();
                let a = spec.player(1).choose(&view).unwrap();
                assert!(listed.contains(&a), "{spec} answered {a:?}");
            }
            checked += 1;
        }
        let a = walker.choose(&view).unwrap();
        game.apply(&set.db, a).unwrap();
    }
    assert_eq!(checked, 5);
}
