//! The game's loop at a table: AI seats move as soon as they decide, pages' commands are
//! checked and answered in order, the host set is reloaded between actions.

use super::{Command, SEAT_REPLACED, Seat, Table};
use crate::hot_reload::HotSet;
use crate::protocol::ServerMsg;
use dzero_core::{Action, ActionError, CardDb, Game, Player};
use dzero_replay::Recorder;
use dzero_sim::{Chooser, SeatView, Watch};
use dzero_text::Text;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Decisions an AI player may take in a row before it counts as stuck (announcing and
/// cancelling forever, say): the game stops with an error instead of the table hanging.
const MAX_AI_RUN: u32 = 10_000;

impl Table {
    pub(super) fn new(
        db: CardDb,
        hot: HotSet,
        game: Game,
        ai: [Option<Box<dyn Chooser>>; 2],
        recorder: Recorder,
    ) -> Table {
        let seen = Player::BOTH.map(|p| game.observe_events(p));
        Table {
            db,
            hot,
            game,
            ai,
            seats: [None, None],
            seen,
            version: 0,
            failure: None,
            recorder,
            undo: Vec::new(),
            edited: false,
            matched: None,
        }
    }

    /// The game's loop: AI seats move as soon as they decide; pages' commands are answered in
    /// order. Ends when the game is over and no page is left, when no page has held a seat for
    /// `abandoned`, or when the server stops.
    pub(super) fn run(&mut self, rx: &mpsc::Receiver<Command>, abandoned: Duration) {
        // Since when no page has held a seat.
        let mut idle: Option<Instant> = None;
        loop {
            if self.ai_moves() {
                self.broadcast();
            }
            if self.match_moves() {
                continue;
            }
            let empty = self.seats.iter().all(Option::is_none);
            if self.finished() && empty {
                return;
            }
            let cmd = if empty {
                let since = *idle.get_or_insert_with(Instant::now);
                rx.recv_timeout(abandoned.saturating_sub(since.elapsed()))
                    .map_err(|_| mpsc::RecvError)
            } else {
                idle = None;
                rx.recv()
            };
            let Ok(cmd) = cmd else { return };
            self.command(cmd);
        }
    }

    /// Lets AI seats take their decisions; whether anything changed.
    fn ai_moves(&mut self) -> bool {
        let mut moved = false;
        let mut run = 0;
        while self.failure.is_none() {
            let Some(p) = self.game.decision().player() else {
                break;
            };
            let Some(player) = self.ai[p.index()].as_mut() else {
                break;
            };
            let view = SeatView::new(&self.game, &self.db, p);
            run += 1;
            let failed = if run > MAX_AI_RUN {
                Some(format!("it took {MAX_AI_RUN} decisions in a row"))
            } else {
                match player.choose(&view) {
                    Some(a) => self.apply(p, a).err().map(|e| self.refused(&e)),
                    None => Some("the AI player found no action".into()),
                }
            };
            if let Some(why) = failed {
                let msg = format!("the game stopped: {p}'s AI player failed: {why}");
                self.failure = Some(msg.clone());
                self.send_all(&ServerMsg::error(msg));
            }
            self.version += 1;
            moved = true;
        }
        moved
    }

    /// Answers one command: from a page holding a seat (ignored from one that does not), or
    /// from the server.
    pub(super) fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                seat,
                conn,
                lang,
                out,
                replaced,
            } => {
                if let Some(old) = self.seats[seat.index()].take() {
                    old.replaced.store(true, Ordering::Relaxed);
                    let _ = old.out.send(ServerMsg::error(SEAT_REPLACED).to_json());
                }
                self.seats[seat.index()] = Some(Seat {
                    conn,
                    lang,
                    out,
                    replaced,
                    sent: 0,
                });
                self.send_state(seat);
                self.send_match(seat);
                if let Some(why) = &self.failure {
                    self.send_to(seat, &ServerMsg::error(why.clone()));
                }
            }
            Command::Leave { seat, conn } => {
                if self.holder(seat, conn) {
                    self.seats[seat.index()] = None;
                }
            }
            Command::Lang { seat, conn, lang } => {
                if let Some(s) = self.seats[seat.index()].as_mut().filter(|s| s.conn == conn) {
                    s.lang = lang;
                    s.sent = 0;
                    self.send_state(seat);
                }
            }
            Command::Act {
                seat,
                conn,
                version,
                index,
            } => {
                if !self.holder(seat, conn) {
                    return;
                }
                match self.act(seat, version, index) {
                    Ok(()) => {
                        self.version += 1;
                        self.broadcast();
                    }
                    Err(why) => self.send_to(seat, &ServerMsg::error(why)),
                }
            }
            Command::Undo { seat, conn } => {
                if !self.holder(seat, conn) {
                    return;
                }
                match self.take_back(seat) {
                    Ok(()) => {
                        self.version += 1;
                        self.broadcast();
                    }
                    Err(why) => self.send_to(seat, &ServerMsg::error(why)),
                }
            }
            Command::Save { seat, conn } => {
                if !self.holder(seat, conn) {
                    return;
                }
                if !self.may_save() {
                    self.send_to(
                        seat,
                        &ServerMsg::error(
                            "a game between two humans can be saved once it is over (a saved \
                             game shows every hidden card)",
                        ),
                    );
                } else if self.matched.is_some() {
                    self.save_match(seat);
                } else {
                    let replay = self.recorder.current(&self.game);
                    let name = format!(
                        "dzero-{}-turn{}-{}.json",
                        replay.seed,
                        self.game.turn(),
                        if replay.result.is_some() {
                            "end".to_string()
                        } else {
                            format!("step{}", replay.steps.len())
                        }
                    );
                    self.send_saved(seat, name, replay.to_json());
                }
            }
            Command::Ping => {}
            Command::Snapshot(reply) => {
                let _ = reply.send(self.game.clone());
            }
            Command::Reload(changed) => self.reload(&changed),
            Command::Swap { seat, conn, swap } => {
                if self.holder(seat, conn) {
                    self.match_swap(seat, &swap);
                }
            }
            Command::PlayFirst { seat, conn, first } => {
                if self.holder(seat, conn) {
                    self.match_first(seat, first);
                }
            }
        }
    }

    /// Reloads the host set after `changed` files were saved (between actions, never during
    /// one): the game switches to the new definitions when the card list is the same; the
    /// pages are told what changed, then get a fresh state.
    fn reload(&mut self, changed: &[PathBuf]) {
        let Some(reloaded) = self.hot.apply(changed, &self.db) else {
            return;
        };
        if let Some(db) = reloaded.db {
            self.game.refresh_abilities(&db);
            self.db = db;
            self.edited = true;
            // The legal actions may differ: actions chosen before the reload are stale.
            self.version += 1;
        }
        self.send_all(&ServerMsg::Reloaded(reloaded.note));
        self.broadcast();
    }

    /// Whether connection `conn` holds `seat`.
    fn holder(&self, seat: Player, conn: u64) -> bool {
        self.seats[seat.index()]
            .as_ref()
            .is_some_and(|s| s.conn == conn)
    }

    /// Checks a page's action against the current state and applies it.
    fn act(&mut self, seat: Player, version: u64, index: usize) -> Result<(), String> {
        if let Some(why) = &self.failure {
            return Err(why.clone());
        }
        if self.game.result().is_some() {
            return Err("the game is over".into());
        }
        if version != self.version {
            return Err(format!(
                "stale action: it was chosen in state {version}, the game is at state {}",
                self.version
            ));
        }
        let mut listed = Vec::new();
        self.game.seat_actions(&self.db, seat, &mut listed);
        if listed.is_empty() {
            return Err("it is not your decision".into());
        }
        let action = listed.get(index).cloned().ok_or_else(|| {
            format!(
                "no action {index}: there are {} legal actions",
                listed.len()
            )
        })?;
        self.keep_undo(seat);
        self.apply(seat, action).map_err(|e| {
            if self.may_undo(seat) {
                self.undo.pop();
            }
            format!("refused: {}", self.refused(&e))
        })
    }

    /// A refused action in English (dzero-text).
    pub(super) fn refused(&self, e: &ActionError) -> String {
        Text::new(&self.game, &self.db, dzero_text::Lang::En).action_error(e)
    }

    /// Applies `seat`'s action, records it and adds its events to each seat's log.
    pub(super) fn apply(&mut self, seat: Player, action: Action) -> Result<(), ActionError> {
        self.game.apply(&self.db, action.clone())?;
        for p in Player::BOTH {
            self.seen[p.index()].extend(self.game.observe_events(p));
        }
        self.recorder.before(&self.game, seat, &action);
        self.recorder.after(&self.game);
        Ok(())
    }
}
