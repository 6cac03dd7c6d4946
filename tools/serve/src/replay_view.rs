//! The replay viewer: a replay is re-run on the current cards in its own thread (a set's Lua
//! state belongs to one thread) and every state kept; the page asks for one state at a time, as
//! one seat saw it, and steps back and forth or jumps to a turn.

use crate::protocol::{DeckInfo, ReplayInfo, ServerMsg};
use crate::table::table_view;
use dzero_cardpool::CardSet;
use dzero_core::{Game, Player, SeenEvent};
use dzero_replay::{Divergence, Replay};
use dzero_sim::Watch;
use dzero_text::{Lang, Text};
use std::sync::mpsc;
use tokio::sync::mpsc::UnboundedSender;

/// The log lines a frame carries: the latest ones.
const LOG_LINES: usize = 200;

/// A request to a viewer's thread.
pub enum ViewCommand {
    /// Send state `index` as `seat` saw it to `out`.
    Show {
        /// The state: 0 after setup, `n` after the n-th decision.
        index: usize,
        /// Whose view.
        seat: Player,
        /// The page's language.
        lang: Lang,
        /// Where the frame goes (JSON text).
        out: UnboundedSender<String>,
    },
}

/// Every state of a re-run with each seat's log length at it.
#[derive(Default)]
struct States {
    games: Vec<Game>,
    seen: [Vec<SeenEvent>; 2],
    /// Per state, each seat's log length.
    logged: Vec<[usize; 2]>,
}

impl States {
    fn keep(&mut self, game: &Game) {
        for p in Player::BOTH {
            self.seen[p.index()].extend(game.observe_events(p));
        }
        self.logged.push([self.seen[0].len(), self.seen[1].len()]);
        self.games.push(game.clone());
    }
}

impl Watch for States {
    fn start(&mut self, game: &Game) {
        self.keep(game);
    }

    fn after(&mut self, game: &Game) {
        self.keep(game);
    }
}

/// Where a replay no longer plays the same with `set`'s cards, with the card files changed
/// since the recording (`step 4 (P1): …; d0-sample/cards/rulebook.toml: changed`).
pub fn divergence_text(replay: &Replay, set: &CardSet, d: &Divergence) -> String {
    let changed = replay
        .changed_files(set)
        .map(|c| c.iter().map(|f| format!("; {f}")).collect::<String>())
        .unwrap_or_default();
    format!("{d}{changed}")
}

/// Re-runs `replay` (its `decks` as the lobby names them) in a new thread; the viewer's channel
/// and what the page shows first. The thread ends when the channel is dropped.
pub fn open(
    replay: Replay,
    decks: [DeckInfo; 2],
) -> Result<(mpsc::Sender<ViewCommand>, ReplayInfo), String> {
    let (tx, rx) = mpsc::channel();
    let (ready_tx, ready_rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("dzero-replay".into())
        .spawn(move || {
            let set = match replay.load_set() {
                Ok(set) => set,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let mut states = States::default();
            let divergence = match replay.rerun(&set, &mut states) {
                Ok(_) => None,
                Err(d) => {
                    states.games.truncate(d.step() + 1);
                    states.logged.truncate(d.step() + 1);
                    Some(divergence_text(&replay, &set, &d))
                }
            };
            if states.games.is_empty() {
                let why = divergence.unwrap_or_else(|| "the replay has no state".into());
                let _ = ready_tx.send(Err(format!("the replay cannot be shown: {why}")));
                return;
            }
            let last = states.games.last().expect("a state");
            let info = ReplayInfo {
                seed: replay.seed,
                decks: decks.map(|d| format!("{} / {}", d.set, d.name)),
                players: replay.players.clone(),
                turns: states.games.iter().map(Game::turn).collect(),
                result: replay
                    .result
                    .map(|r| Text::new(last, &set.db, Lang::En).result(r)),
                divergence,
            };
            let _ = ready_tx.send(Ok(info));
            while let Ok(ViewCommand::Show {
                index,
                seat,
                lang,
                out,
            }) = rx.recv()
            {
                let msg = match states.games.get(index) {
                    None => ServerMsg::error(format!(
                        "no state {index}: the replay has states 0 to {}",
                        states.games.len() - 1
                    )),
                    Some(game) => {
                        let seen = &states.seen[seat.index()][..states.logged[index][seat.index()]];
                        let from = seen.len().saturating_sub(LOG_LINES);
                        let mut view =
                            table_view(game, &set.db, seat, lang, index as u64, seen, from);
                        view.actions.clear();
                        view.payable.clear();
                        let step = index.checked_sub(1).map(|i| {
                            let s = &replay.steps[i];
                            let before = &states.games[i];
                            format!(
                                "{}: {}",
                                s.seat,
                                Text::new(before, &set.db, lang).action(&s.action)
                            )
                        });
                        ServerMsg::ReplayFrame {
                            index,
                            step,
                            view: Box::new(view),
                        }
                    }
                };
                let _ = out.send(msg.to_json());
            }
        })
        .map_err(|e| format!("cannot start a replay thread: {e}"))?;
    let info = ready_rx
        .recv()
        .map_err(|_| "the replay thread stopped while setting up".to_string())??;
    Ok((tx, info))
}
