//! The whole bundled pool fuzzed (a small count): every set with its rule set and dimension
//! deck, every deck pair, nothing that must never happen.

use dzero_sim::fuzz;
use std::path::PathBuf;

fn bundled() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../cardpool/sets"))
}

#[test]
fn every_bundled_set_fuzzes_cleanly_with_its_dimension_deck() {
    let dirs = dzero_cardpool::set_dirs(&bundled());
    assert!(dirs.len() >= 3, "bundled sets: {dirs:?}");
    let sets = dzero_sim::load_all(&dirs).expect("bundled sets load");
    let games = 3 * dirs.len() as u64;
    let r = fuzz(&dirs, games, 11, 2).expect("fuzz runs");
    assert_eq!(r.games, games);
    for set in &sets {
        assert!(
            r.matchups
                .iter()
                .any(|m| m.starts_with(&format!("{}:", set.id))),
            "{} was not played: {:?}",
            set.id,
            r.matchups
        );
    }
    assert!(
        r.matchups
            .iter()
            .any(|m| m.starts_with("dimensions-sample:")),
        "{:?}",
        r.matchups
    );
    assert_eq!(r.setup, 0, "setup refused: {:?}", r.failures);
    assert!(r.clean(), "{r:?}");
    assert!(r.actions > 0);
}
