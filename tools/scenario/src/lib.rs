//! Scenario files: a game position written in TOML, steps that drive it, and expectations
//! checked along the way (`docs/scenarios.md` is the format reference).
//!
//! ```toml
//! title = "Plasma Rifle destroys Single Malt"
//!
//! [P1]
//! hand = [{ card = "プラズマ・ライフル", label = "rifle" }]
//! energy = [{ card = "シングルモルト", count = 2 }]
//!
//! [P2]
//! units = [{ card = "シングルモルト", at = "b3", label = "malt" }]
//!
//! [[step]]
//! play = "rifle"
//! target = "malt"
//! expect = { stack = ["rifle"], priority = "P1" }
//!
//! [[step]]
//! pass_until = "stack-empty"
//! expect.at = { malt = "graveyard", rifle = "graveyard" }
//! ```
//!
//! Squares are named from player One's side: columns `a`–`c` from One's left, rows `1`–`3` from
//! One's own area to One's enemy area, base squares `P1-base1`…`P2-base3`.
//!
//! Loading ([`load_scenario`]) checks everything that does not need the cards; running
//! ([`run_scenario`]) first checks the card names against the set, builds the position with
//! [`dzero_core::Builder`], then plays each step in strict mode and reports the first failing
//! step with expected and actual values and a picture of the board.
//!
//! ```
//! use dzero_scenario::{SetCache, run_file, run_paths};
//! use std::path::PathBuf;
//!
//! let set = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/fixture-set");
//! let mut sets = SetCache::new();
//! let outcome = run_file(&set.join("tests/rulebook/r20_1.toml"), &mut sets);
//! assert!(outcome.passed(), "{}", outcome.render());
//!
//! let report = run_paths(&[set]);
//! assert!(report.ok(), "{}", report.render());
//! ```
#![warn(missing_docs)]

mod board;
mod coverage;
mod format;
mod names;
mod outcome;
mod parse;
mod pool;
mod rerun;
mod run;
mod scenario;
mod schema;
mod set_cache;
mod spec;
mod test_run;
mod trace;
mod zones;

pub use coverage::{Coverage, coverage, matches_filter, mentions};
pub use names::{parse_player, parse_square};
pub use outcome::{Failure, Finding, ScenarioOutcome};
pub use parse::{load_scenario, parse_scenario};
pub use rerun::{affected_scenarios, affected_scenarios_in, run_reloaded};
pub use run::{check_scenario, run_scenario, run_scenario_db, run_scenario_sets};
pub use scenario::Scenario;
pub use schema::{all_schema_files, scenario_schema};
pub use set_cache::SetCache;
pub use test_run::{
    FileResult, TestReport, run_file, run_paths, run_paths_matching, run_paths_under, trace_file,
};
pub use trace::{Moment, OnMoment};
