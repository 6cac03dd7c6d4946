//! The server under load over loopback (`load_driver`): a few tables in the suite, checked
//! for correctness only (every game ended or was abandoned, every table, connection and thread
//! let go of); the figure run of many tables prints latency and memory figures:
//!
//! ```text
//! DZERO_LOAD_TABLES=200 DZERO_LOAD_SECONDS=300 \
//!     cargo test --release -p dzero-serve --test load -- --ignored --nocapture
//! ```
//!
//! (`DZERO_LOAD_AI` changes the AI player, `DZERO_LOAD_ROUNDS` the rounds run one after the
//! other in the process.)

mod common;
mod load_driver;

use load_driver::{Plan, Report, run};
use std::time::Duration;

fn check(report: &Report) {
    println!("{}", report.summary());
    assert!(
        report.failures.is_empty(),
        "failures:\n{}",
        report.failures.join("\n")
    );
    assert_eq!(report.ended + report.abandoned, report.tables);
    assert_eq!(report.left, [0, 0], "every table and connection let go of");
    assert!(
        report.threads[1] <= report.threads[0],
        "threads back to the baseline: {:?}",
        report.threads
    );
    assert!(!report.latencies.is_empty(), "moves were answered");
    assert_eq!(
        report.garbage.0, report.garbage.1,
        "every garbage message got its error"
    );
}

#[test]
fn a_few_tables_at_once_end_or_are_abandoned_cleanly() {
    let plan = Plan {
        tables: 6,
        ai: "mcts:100".into(),
        deadline: Duration::from_secs(90),
        abandoned: Duration::from_secs(5),
    };
    let report = run(&common::sets(), &plan);
    check(&report);
    assert!(report.ended >= 1, "games between bots end");
    assert!(
        report.abandoned >= 1,
        "the AI table a client left is abandoned"
    );
    assert!(report.reconnects >= 1, "a dropped seat was taken back");
    assert!(report.garbage.0 >= 1, "garbage was sent");
}

#[test]
#[ignore = "the figure run: minutes, many threads"]
fn many_tables_at_once() {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let plan = Plan {
        tables: number("DZERO_LOAD_TABLES", 200) as usize,
        ai: std::env::var("DZERO_LOAD_AI").unwrap_or_else(|_| "mcts:100".into()),
        deadline: Duration::from_secs(number("DZERO_LOAD_SECONDS", 600)),
        abandoned: Duration::from_secs(30),
    };
    // A second round in the same process tells memory the allocator keeps for reuse (the
    // first round's "after") from memory leaked (which would grow with each round).
    for round in 1..=number("DZERO_LOAD_ROUNDS", 2) {
        println!("round {round}:");
        check(&run(&common::sets(), &plan));
    }
}
