//! The messages a game's thread answers: from the pages at its seats, and from the server.

use crate::outbox::Outbox;
use dzero_core::{Game, Player};
use dzero_text::Lang;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

/// A message to a game's thread.
pub enum Command {
    /// A page takes `seat`; states for it go to `out`. A page already on the seat is replaced
    /// by design (a page reloaded, a dropped connection opened again): it is told so, its
    /// `replaced` flag is set and it no longer acts.
    Join {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The page's language.
        lang: Lang,
        /// Where its messages go (JSON text).
        out: Outbox,
        /// Set when another page takes the seat: this page no longer acts for it.
        replaced: Arc<AtomicBool>,
    },
    /// The page left.
    Leave {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
    },
    /// The page takes action `index` of the state at `version`.
    Act {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The state version the index refers to.
        version: u64,
        /// Index into the seat's legal actions.
        index: usize,
    },
    /// The page switches language.
    Lang {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The language.
        lang: Lang,
    },
    /// The page takes back its last decision and everything played since (against an AI
    /// player only).
    Undo {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
    },
    /// The page asks for the game so far as a replay file.
    Save {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
    },
    /// Nothing: sending it tells whether the game still runs.
    Ping,
    /// A copy of the game as it is now (the server's own view, for tests and tools).
    Snapshot(mpsc::Sender<Game>),
    /// Files of the served sets changed (canonical paths): reload the host set between
    /// actions and tell the pages what changed.
    Reload(Vec<PathBuf>),
    /// Between duels of a match: the page's swap (R2.5).
    Swap {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The cards out of the deck and in from the sideboard.
        swap: dzero_sim::Swap,
    },
    /// Between duels of a match: the loser's page chooses to play first or second (R2.6).
    PlayFirst {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// Play first.
        first: bool,
    },
}
