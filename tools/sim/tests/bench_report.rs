//! `dzero bench`'s report on a tiny run: every figure is present and the one-core and
//! every-core runs play the same games. Speeds are never asserted (benchmarks, not timed tests).

use dzero_sim::alloc_count::{Counting, allocations};
use dzero_sim::{BenchOptions, Chooser, RandomPlayer, bench};
use std::path::PathBuf;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn sets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample")
}

/// A stand-in for the searching player: one "play-out" per decision.
fn searcher(seed: u64) -> Box<dyn Chooser> {
    Box::new(RandomPlayer::new(seed))
}

#[test]
fn the_report_counts_allocations_and_times_the_searcher() {
    let decks = ["赤緑", "黒白"].map(|d| sets().join(format!("decks/{d}.txt")));
    let opts = BenchOptions {
        games: 3,
        seed: 7,
        threads: 2,
        decks: decks.to_vec(),
        allocations: Some(allocations),
        searcher: Some((searcher, 1)),
    };
    let report = bench(&[sets()], &opts).expect("bench runs");
    assert_eq!(report.rows.len(), 1, "one pairing of the two decks");
    let row = &report.rows[0];
    assert!(
        row.identical,
        "one core and two threads play the same games"
    );
    assert!(row.actions > 0);
    let allocs = row.allocs_per_action.expect("allocations counted");
    assert!(allocs > 0.0, "a random play-out allocates: {allocs}");
    let per_clone = row.allocs_per_clone.expect("clone allocations counted");
    assert!(
        per_clone >= 1.0,
        "a clone copies the card table: {per_clone}"
    );
    let po = row.playouts_per_sec.expect("searcher timed");
    assert!(po > 0.0);
}

#[test]
fn allocations_are_counted_on_this_thread() {
    let before = allocations();
    let v: Vec<u64> = Vec::with_capacity(std::hint::black_box(16));
    std::hint::black_box(&v);
    assert!(allocations() > before);
}
