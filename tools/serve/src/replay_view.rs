//! The replay viewer: a replay is re-run on the current cards in its own thread (a set's Lua
//! state belongs to one thread) and every state kept; the page asks for one state at a time, as
//! one seat saw it, and steps back and forth or jumps to a turn.

use crate::outbox::Outbox;
use crate::protocol::{DeckInfo, ReplayInfo, ServerMsg};
use crate::table::table_view;
use dzero_cardpool::CardSet;
use dzero_core::{Action, Game, GameResult, Player, SeenEvent};
use dzero_replay::{Divergence, MatchDivergence, MatchDuel, Replay, ReplayFile};
use dzero_sim::Watch;
use dzero_text::{Lang, Text};
use std::sync::mpsc;

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
        out: Outbox,
    },
}

/// Every state of a re-run (of each duel of a match, one after the other) with each seat's
/// log at it and the decision that led to it.
#[derive(Default)]
struct States {
    games: Vec<Game>,
    seen: [Vec<SeenEvent>; 2],
    /// Per state, each seat's log: from its duel's first line to its length then.
    logged: Vec<[(usize, usize); 2]>,
    /// Per state, the decision that led to it (none for a duel's setup).
    steps: Vec<Option<(Player, Action)>>,
    /// The state each duel of a match starts with.
    duel_starts: Vec<usize>,
    /// Each seat's log length where the current duel's log starts.
    duel_log: [usize; 2],
    /// The decision being applied.
    step: Option<(Player, Action)>,
}

impl States {
    fn keep(&mut self, game: &Game) {
        for p in Player::BOTH {
            self.seen[p.index()].extend(game.observe_events(p));
        }
        let [a, b] = self.duel_log;
        self.logged
            .push([(a, self.seen[0].len()), (b, self.seen[1].len())]);
        self.steps.push(self.step.take());
        self.games.push(game.clone());
    }

    /// Keeps the states up to `index`.
    fn truncate(&mut self, index: usize) {
        self.games.truncate(index + 1);
        self.logged.truncate(index + 1);
        self.steps.truncate(index + 1);
    }
}

impl Watch for States {
    fn start(&mut self, game: &Game) {
        self.duel_log = [self.seen[0].len(), self.seen[1].len()];
        self.keep(game);
    }

    fn before(&mut self, _game: &Game, seat: Player, action: &Action) {
        self.step = Some((seat, action.clone()));
    }

    fn after(&mut self, game: &Game) {
        self.keep(game);
    }
}

/// A replay file re-run: the set it played with, its seed, players and recorded result, and
/// where it diverged.
struct Rerun {
    set: CardSet,
    seed: u64,
    players: [String; 2],
    result: Option<GameResult>,
    divergence: Option<String>,
}

/// Re-runs a replay file of either kind into `states` (a match's duels one after the other).
fn rerun(file: &ReplayFile, states: &mut States) -> Result<Rerun, String> {
    match file {
        ReplayFile::Duel(replay) => {
            let set = replay.load_set()?;
            let divergence = replay.rerun(&set, states).err().map(|d| {
                states.truncate(d.step());
                divergence_text(replay, &set, &d)
            });
            Ok(Rerun {
                set,
                seed: replay.seed,
                players: replay.players.clone(),
                result: replay.result,
                divergence,
            })
        }
        ReplayFile::Match(m) => {
            let set = m.load_set()?;
            let marks = |s: &mut States, _: usize, _: &MatchDuel| {
                s.duel_starts.push(s.games.len());
            };
            let divergence = m.rerun(&set, states, marks).err().map(|d| {
                if let MatchDivergence::Play { duel, divergence } = &d
                    && let Some(&start) = states.duel_starts.get(duel - 1)
                {
                    states.truncate(start + divergence.step());
                }
                d.to_string()
            });
            Ok(Rerun {
                set,
                seed: m.seed,
                players: m.players.clone(),
                result: m.result,
                divergence,
            })
        }
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

/// Re-runs `file` (a replay or a whole match; its `decks` as the lobby names them) in a new
/// thread; the viewer's channel and what the page shows first. The thread ends when the
/// channel is dropped.
pub fn open(
    file: ReplayFile,
    decks: [DeckInfo; 2],
) -> Result<(mpsc::Sender<ViewCommand>, ReplayInfo), String> {
    let (tx, rx) = mpsc::channel();
    let (ready_tx, ready_rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("dzero-replay".into())
        .spawn(move || {
            let mut states = States::default();
            let run = match rerun(&file, &mut states) {
                Ok(run) => run,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let set = run.set;
            if states.games.is_empty() {
                let why = run
                    .divergence
                    .unwrap_or_else(|| "the replay has no state".into());
                let _ = ready_tx.send(Err(format!("the replay cannot be shown: {why}")));
                return;
            }
            let last = states.games.last().expect("a state");
            let info = ReplayInfo {
                seed: run.seed,
                decks: decks.map(|d| format!("{} / {}", d.set, d.name)),
                players: run.players,
                turns: states.games.iter().map(Game::turn).collect(),
                result: run
                    .result
                    .map(|r| Text::new(last, &set.db, Lang::En).result(r)),
                divergence: run.divergence,
                duels: states.duel_starts.clone(),
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
                        let (from, to) = states.logged[index][seat.index()];
                        let seen = &states.seen[seat.index()][from..to];
                        let start = seen.len().saturating_sub(LOG_LINES);
                        let mut view =
                            table_view(game, &set.db, seat, lang, index as u64, seen, start);
                        view.actions.clear();
                        let step = states.steps[index].as_ref().map(|(who, action)| {
                            let before = &states.games[index - 1];
                            format!("{who}: {}", Text::new(before, &set.db, lang).action(action))
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
