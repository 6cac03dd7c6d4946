//! One running game in its own thread: a set's Lua state belongs to one thread (`CardSet` is
//! not `Send`), so the game, its card database and its AI players live there and the pages
//! talk to it through a channel ([`Command`]). The game is recorded as it is played (a replay
//! file on `save`); against an AI player, a human seat can take its decisions back (`undo`).

mod command;
mod match_play;
mod pages;
mod play;
mod setup;
mod supervisor;
mod undo;

pub use command::Command;

use crate::hot_reload::HotSet;
use crate::outbox::Outbox;
use dzero_ai::PlayerSpec;
use dzero_core::{CardDb, Game, SeenEvent};
use dzero_replay::{Recorder, Replay};
use dzero_sim::{Chooser, DeckFiles};
use dzero_text::Lang;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

/// What a page is told when another page takes its seat.
pub const SEAT_REPLACED: &str = "this seat was opened in another page";

/// What a game is started with.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The two deck files, seat 1's first, and the set they play in.
    pub decks: DeckFiles,
    /// Per seat: the AI playing it, or `None` for a human.
    pub ai: [Option<PlayerSpec>; 2],
    /// The game's seed (the AI players' seeds derive from it).
    pub seed: u64,
    /// A saved game to go on with: its decisions are played again first, each checked against
    /// its state hash (its decks, rules and seed are `decks` and `seed`).
    pub saved: Option<Box<Replay>>,
    /// Whether a best-of-three match is played (R2.4): duel `k` is seeded
    /// `dzero_sim::matches::duel_seed(seed, k)`.
    pub matched: bool,
    /// The game ends once no page has held a seat of it for this long.
    pub abandoned: Duration,
}

/// A page holding a seat.
struct Seat {
    conn: u64,
    lang: Lang,
    out: Outbox,
    /// Set when another page takes the seat.
    replaced: Arc<AtomicBool>,
    /// Log lines already sent.
    sent: usize,
}

/// Starts the game's thread; returns once the game is set up (or why it could not be).
pub fn start(setup: GameSetup) -> Result<mpsc::Sender<Command>, String> {
    start_running(setup, |table, rx, abandoned| table.run(rx, abandoned))
}

/// Starts the game's thread, where `run` plays the table once it is set up, under
/// [`supervisor::supervise`]: a panic ends this table only.
fn start_running(
    setup: GameSetup,
    run: impl FnOnce(&mut Table, &mpsc::Receiver<Command>, Duration) + Send + 'static,
) -> Result<mpsc::Sender<Command>, String> {
    let (tx, rx) = mpsc::channel();
    let (ready_tx, ready_rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("dzero-game".into())
        .spawn(move || {
            let table = if setup.matched {
                match_play::table(&setup)
            } else {
                setup::table(&setup)
            };
            match table {
                Ok(mut table) => {
                    let _ = ready_tx.send(Ok(()));
                    supervisor::supervise(&mut table, |t| run(t, &rx, setup.abandoned));
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                }
            }
        })
        .map_err(|e| format!("cannot start a game thread: {e}"))?;
    ready_rx
        .recv()
        .map_err(|_| "the game thread stopped while setting up".to_string())??;
    Ok(tx)
}

/// A game and the pages at its seats.
struct Table {
    db: CardDb,
    /// The host set, reloaded when its files change.
    hot: HotSet,
    game: Game,
    ai: [Option<Box<dyn Chooser>>; 2],
    seats: [Option<Seat>; 2],
    /// Per seat: the game's events so far as it saw them.
    seen: [Vec<SeenEvent>; 2],
    version: u64,
    /// Set when an AI player failed (an engine or card bug): the game stops there.
    failure: Option<String>,
    /// The game's decisions so far.
    recorder: Recorder,
    /// The points a human seat playing an AI player can go back to, latest last.
    undo: Vec<Snapshot>,
    /// Whether the cards' definitions changed during the game (a hot reload).
    edited: bool,
    /// The match the game is a duel of, if any.
    matched: Option<match_play::MatchPlay>,
}

/// The game just before a human seat's decision.
struct Snapshot {
    game: Game,
    /// Each seat's log length then.
    seen: [usize; 2],
    /// Decisions recorded then.
    steps: usize,
}
