//! One running game in its own thread: a set's Lua state belongs to one thread (`CardSet` is
//! not `Send`), so the game, its card database and its AI players live there and the pages
//! talk to it through a channel. The game is recorded as it is played (a replay file on
//! `save`); against an AI player, a human seat can take its decisions back (`undo`).

mod match_play;

use crate::hot_reload::HotSet;
use crate::protocol::ServerMsg;
use crate::replay_view::divergence_text;
use crate::table::{pays, table_view, with_payment};
use dzero_ai::PlayerSpec;
use dzero_core::{Action, ActionError, CardDb, Game, Player, SeenEvent};
use dzero_replay::{Divergence, Recorder, Replay};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, DeckFiles, SeatView, Watch};
use dzero_text::Lang;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// A game no page has held a seat of for this long ends (its seat links stop working).
pub const ABANDONED: Duration = Duration::from_secs(2 * 60 * 60);

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
}

/// A message to a game's thread.
pub enum Command {
    /// A page takes `seat`; states for it go to `out`. A page already on the seat is told it
    /// was replaced and no longer acts.
    Join {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The page's language.
        lang: Lang,
        /// Where its messages go (JSON text).
        out: UnboundedSender<String>,
    },
    /// The page left.
    Leave {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
    },
    /// The page takes action `index` of the state at `version`, paying with the `payable`
    /// cards at `pay` when given.
    Act {
        /// The seat.
        seat: Player,
        /// The page's connection number.
        conn: u64,
        /// The state version the index refers to.
        version: u64,
        /// Index into the seat's legal actions.
        index: usize,
        /// Indices into the state's payable cards.
        pay: Option<Vec<usize>>,
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

/// A page holding a seat.
struct Seat {
    conn: u64,
    lang: Lang,
    out: UnboundedSender<String>,
    /// Log lines already sent.
    sent: usize,
}

/// Starts the game's thread; returns once the game is set up (or why it could not be).
pub fn start(setup: GameSetup) -> Result<mpsc::Sender<Command>, String> {
    let (tx, rx) = mpsc::channel();
    let (ready_tx, ready_rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("dzero-game".into())
        .spawn(move || {
            if setup.matched {
                match match_play::table(&setup) {
                    Ok(mut table) => {
                        let _ = ready_tx.send(Ok(()));
                        table.run(&rx);
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
                return;
            }
            let players = setup
                .ai
                .map(|a| a.map_or_else(|| "human".to_string(), |s| s.to_string()));
            let loaded = setup.decks.load().and_then(|(set, decks)| {
                let cards = match &setup.saved {
                    Some(saved) => saved.deck_cards(&set)?,
                    None => [decks[0].cards.clone(), decks[1].cards.clone()],
                };
                let game = match &setup.saved {
                    Some(saved) => saved.setup(&set),
                    None => setup.decks.dimension_deck(&set).and_then(|dimensions| {
                        dzero_sim::start_duel(
                            &set,
                            setup.decks.rules,
                            [&cards[0], &cards[1]],
                            &dimensions,
                            setup.seed,
                            None,
                        )
                    }),
                }
                .map_err(|e| format!("the game cannot start: {e}"))?;
                let files = &setup.decks.files;
                let recorder = Recorder::new(
                    &set,
                    [(&files[0], &cards[0]), (&files[1], &cards[1])],
                    setup.seed,
                    players,
                    &game,
                )?;
                Ok((set, game, recorder))
            });
            let (set, game, recorder) = match loaded {
                Ok(x) => x,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let seeds = player_seeds(setup.seed);
            let ai = [0, 1].map(|i| setup.ai[i].map(|s| s.player(seeds[i])));
            let mut table = Table::new(set.db.clone(), HotSet::new(&set), game, ai, recorder);
            if let Some(saved) = &setup.saved
                && let Err(d) = table.resume(saved)
            {
                let _ = ready_tx.send(Err(format!(
                    "the saved game does not play the same with the cards as they are now: {}",
                    divergence_text(saved, &set, &d)
                )));
                return;
            }
            let _ = ready_tx.send(Ok(()));
            table.run(&rx);
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

impl Table {
    fn new(
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
    /// [`ABANDONED`], or when the server stops.
    fn run(&mut self, rx: &mpsc::Receiver<Command>) {
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
                rx.recv_timeout(ABANDONED.saturating_sub(since.elapsed()))
                    .map_err(|_| mpsc::RecvError)
            } else {
                idle = None;
                rx.recv()
            };
            let Ok(cmd) = cmd else { return };
            self.command(cmd);
        }
    }

    /// Plays a saved game's decisions again, checking each state hash; where it first differs.
    fn resume(&mut self, saved: &Replay) -> Result<(), Divergence> {
        if saved.state_hash(&self.game) != saved.setup {
            return Err(Divergence::SetupState);
        }
        for (i, step) in saved.steps.iter().enumerate() {
            let n = i + 1;
            let now = self.game.decision().player();
            if now != Some(step.seat) {
                return Err(Divergence::Decider {
                    step: n,
                    recorded: step.seat,
                    now,
                });
            }
            self.keep_undo(step.seat);
            self.apply(step.seat, step.action.clone())
                .map_err(|e| Divergence::Refused {
                    step: n,
                    seat: step.seat,
                    error: e.to_string(),
                })?;
            if saved.state_hash(&self.game) != step.hash {
                return Err(Divergence::State {
                    step: n,
                    seat: step.seat,
                });
            }
        }
        Ok(())
    }

    /// Whether `seat` may take decisions back: a human playing an AI player.
    fn may_undo(&self, seat: Player) -> bool {
        self.ai[seat.index()].is_none() && self.ai[seat.opponent().index()].is_some()
    }

    /// Whether the game may be saved now: against an AI player, or once it is over (a replay
    /// holds the seed and every decision, so it shows every hidden card).
    fn may_save(&self) -> bool {
        self.ai.iter().any(Option::is_some) || self.finished()
    }

    /// Whether the game is over, and its match if it is a duel of one.
    fn finished(&self) -> bool {
        self.game.result().is_some() && self.matched.as_ref().is_none_or(|m| m.over())
    }

    /// Keeps the game as it is, before `seat` decides, when `seat` may take it back.
    fn keep_undo(&mut self, seat: Player) {
        if self.may_undo(seat) {
            self.undo.push(Snapshot {
                game: self.game.clone(),
                seen: [self.seen[0].len(), self.seen[1].len()],
                steps: self.recorder.steps(),
            });
        }
    }

    /// Takes the game back to just before `seat`'s last decision.
    fn take_back(&mut self, seat: Player) -> Result<(), String> {
        if !self.may_undo(seat) {
            return Err("undo is only for a game against an AI player".into());
        }
        let snap = self.undo.pop().ok_or("nothing to undo")?;
        self.game = snap.game;
        // The cards may have been reloaded since.
        self.game.refresh_abilities(&self.db);
        for (log, len) in self.seen.iter_mut().zip(snap.seen) {
            log.truncate(len);
        }
        self.recorder.rewind(snap.steps);
        self.failure = None;
        for s in self.seats.iter_mut().flatten() {
            s.sent = 0;
        }
        Ok(())
    }

    /// Lets AI seats take their decisions; whether anything changed.
    fn ai_moves(&mut self) -> bool {
        let mut moved = false;
        while self.failure.is_none() {
            let Some(p) = self.game.decision().player() else {
                break;
            };
            let Some(player) = self.ai[p.index()].as_mut() else {
                break;
            };
            let view = SeatView::new(&self.game, &self.db, p);
            let failed = match player.choose(&view) {
                Some(a) => self.apply(p, a).err().map(|e| e.to_string()),
                None => Some("the AI player found no action".into()),
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

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                seat,
                conn,
                lang,
                out,
            } => {
                if let Some(old) = self.seats[seat.index()].take() {
                    let _ = old
                        .out
                        .send(ServerMsg::error("this seat was opened in another page").to_json());
                }
                self.seats[seat.index()] = Some(Seat {
                    conn,
                    lang,
                    out,
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
                pay,
            } => {
                if !self.holder(seat, conn) {
                    return;
                }
                match self.act(seat, version, index, pay) {
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
                    self.send_to(
                        seat,
                        &ServerMsg::Saved {
                            name,
                            replay: replay.to_json(),
                            edited: self.edited,
                        },
                    );
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
    fn act(
        &mut self,
        seat: Player,
        version: u64,
        index: usize,
        pay: Option<Vec<usize>>,
    ) -> Result<(), String> {
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
        let action = match pay {
            None => action,
            Some(_) if !pays(&action) => return Err("this action pays nothing".into()),
            Some(picks) => with_payment(action, self.pay_cards(seat, &picks)?),
        };
        self.keep_undo(seat);
        self.apply(seat, action).map_err(|e| {
            if self.may_undo(seat) {
                self.undo.pop();
            }
            format!("refused: {e}")
        })
    }

    /// Applies `seat`'s action, records it and adds its events to each seat's log.
    fn apply(&mut self, seat: Player, action: Action) -> Result<(), ActionError> {
        self.game.apply(&self.db, action.clone())?;
        for p in Player::BOTH {
            self.seen[p.index()].extend(self.game.observe_events(p));
        }
        self.recorder.before(&self.game, seat, &action);
        self.recorder.after(&self.game);
        Ok(())
    }

    /// The payable cards at `picks` of the seat's current state.
    fn pay_cards(&self, seat: Player, picks: &[usize]) -> Result<Vec<dzero_core::CardId>, String> {
        let lang = self.seats[seat.index()]
            .as_ref()
            .map_or(Lang::En, |s| s.lang);
        let view = table_view(&self.game, &self.db, seat, lang, self.version, &[], 0);
        picks
            .iter()
            .map(|&i| {
                view.payable
                    .get(i)
                    .map(|p| p.card)
                    .ok_or_else(|| format!("no payable card {i}: there are {}", view.payable.len()))
            })
            .collect()
    }

    /// Sends each page its state.
    fn broadcast(&mut self) {
        for p in Player::BOTH {
            self.send_state(p);
        }
    }

    /// Sends `seat`'s page its state with the log lines it has not had yet.
    fn send_state(&mut self, seat: Player) {
        let save = self.may_save();
        let undo = if self.may_undo(seat) {
            self.undo.len()
        } else {
            0
        };
        let Some(s) = self.seats[seat.index()].as_mut() else {
            return;
        };
        let view = table_view(
            &self.game,
            &self.db,
            seat,
            s.lang,
            self.version,
            &self.seen[seat.index()],
            s.sent,
        );
        s.sent = view.log_start + view.log.len();
        let mut view = view;
        view.undo = undo;
        view.save = save;
        let _ = s.out.send(ServerMsg::State(Box::new(view)).to_json());
    }

    fn send_to(&self, seat: Player, msg: &ServerMsg) {
        if let Some(s) = &self.seats[seat.index()] {
            let _ = s.out.send(msg.to_json());
        }
    }

    fn send_all(&self, msg: &ServerMsg) {
        for p in Player::BOTH {
            self.send_to(p, msg);
        }
    }
}
