//! dzero-replay: replays of dzero games and the terminal front end of `dzero play`.
//!
//! A [`Replay`] records what was played (seed, rule set, deck lists, the card files by hash,
//! the players) and every decision with the state hash after it (`docs/replays.md`); a
//! [`Recorder`] writes one as a game is played, and [`Replay::rerun`] plays it again on the
//! current cards, naming the first step that diverges and the card files that changed. A
//! [`MatchReplay`] records a whole match (R2.4–R2.6) duel by duel, as a [`MatchRecorder`]
//! feeds it.
//! [`board`] draws one seat's view of a duel; [`Terminal`] is a human player at a terminal.

pub mod board;
pub mod format;
pub mod match_replay;
pub mod match_rerun;
mod menu;
pub mod narrate;
pub mod record;
pub mod rerun;
pub mod terminal;
pub mod terminal_match;
mod version1;
mod version3;

pub use board::board;
pub use format::{
    DeckList, FORMAT_VERSION, FileHash, MATCH_VERSION, Replay, ReplayError, Step, hash_hex,
};
pub use match_replay::{MatchDuel, MatchList, MatchRecorder, MatchReplay, ReplayFile, SwapNames};
pub use match_rerun::MatchDivergence;
pub use narrate::Narrator;
pub use record::{Both, Recorder, card_files};
pub use rerun::{Change, Divergence, FileChange};
pub use terminal::Terminal;
pub use terminal_match::TerminalMatch;
