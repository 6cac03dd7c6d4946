//! Playing games out, shared by the `dzero` program, the tests and the benchmarks: the
//! random play-out loop, the card-conservation check, per-step state hashes and the fuzzer that
//! plays a set's deck lists against each other on every core.

pub mod conservation;
pub mod fuzz;
pub mod hash;
pub mod playout;

pub use conservation::check_conservation;
pub use fuzz::{FuzzFailure, FuzzReport, fuzz};
pub use hash::state_hash;
pub use playout::{PlayError, PlayOptions, PlayOut, play_random};
