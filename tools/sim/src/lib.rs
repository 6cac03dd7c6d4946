//! Playing games out, shared by the `dzero` program, the tests and the benchmarks: the random
//! player, the one play-out loop, the card-conservation check, per-step state hashes and the
//! fuzzer that plays a set's deck lists against each other on every core.

pub mod conservation;
pub mod fuzz;
pub mod hash;
pub mod playout;
pub mod random;

pub use conservation::check_conservation;
pub use fuzz::{FuzzFailure, FuzzReport, fuzz};
pub use hash::state_hash;
pub use playout::{
    Chooser, PlayError, PlayOptions, PlayOut, Watch, play_out, play_random, play_with,
};
pub use random::RandomPlayer;
