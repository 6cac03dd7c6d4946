//! Playing games out, shared by the `dzero` program, the tests and the benchmarks: the random
//! player and the options a player restricts itself to during an announcement, the one play-out
//! loop, the card-conservation check, per-step state hashes, the runner that plays a set's deck
//! lists against each other on every core, the fuzzer and the speed benchmark.

pub mod alloc_count;
pub mod bench;
pub mod conservation;
pub mod decks;
pub mod duel;
pub mod fuzz;
pub mod games;
pub mod hash;
pub mod matches;
pub mod playout;
pub mod random;
pub mod restrict;
pub mod seat;

pub use bench::{BenchOptions, BenchReport, BenchRow, OptionCount, bench};
pub use conservation::check_conservation;
pub use decks::DeckFiles;
pub use duel::{start_duel, start_set_duel};
pub use fuzz::{FuzzFailure, FuzzReport, fuzz};
pub use games::{Matchup, load_all, matchups, run_games, run_games_with, worker_threads};
pub use hash::state_hash;
pub use matches::{
    DuelStart, MatchDeck, MatchOutcome, MatchPlayer, Swap, match_result, play_match,
    play_match_with,
};
pub use playout::{PlayError, PlayOptions, PlayOut, Watch, play_out, play_random, play_with};
pub use random::RandomPlayer;
pub use restrict::restrict;
pub use seat::{Chooser, SeatView};
