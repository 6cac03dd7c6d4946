//! Running a scenario against the cards of its sets: the checks that need the sets, the
//! starting position, the steps and their expectations, and the report of a failing step.

mod actions;
mod check;
mod expectations;
mod match_state;
mod matches;
mod play;
mod position;
mod report;
mod runner;

pub use check::check_scenario;
pub(crate) use play::run_sets_watched;
pub use play::{run_scenario, run_scenario_db, run_scenario_sets};
