//! A best-of-three match at a table (R2.4–R2.6, A26), driven by messages: when a duel ends,
//! each human seat's page swaps cards between its deck and sideboard (an AI seat through its
//! [`MatchPlayer`]), the loser of a won duel chooses who plays first, and the next duel starts
//! from the lists as they then are, seeded `duel_seed(seed, k)`. Each page is shown only its
//! own lists and swaps; after the match the lists are the originals again.

use super::{GameSetup, Table};
use crate::hot_reload::HotSet;
use crate::matches::{MatchStage, MatchView, list_cards, wins};
use crate::protocol::ServerMsg;
use dzero_ai::PlayerSpec;
use dzero_cardpool::CardSet;
use dzero_core::{Game, GameResult, MatchFormat, Player, RuleSet};
use dzero_replay::{FileHash, Recorder, Replay, card_files};
use dzero_sim::matches::{duel_seed, first_chooser, match_end};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, MatchDeck, MatchPlayer, Swap, Watch};
use std::path::PathBuf;

/// A match's state beside the duel the table plays.
pub(super) struct MatchPlay {
    /// The host set (its card names label the recorded decks).
    set: CardSet,
    /// The set's card files, hashed when the match started.
    files: Vec<FileHash>,
    /// The two deck files, seat order.
    deck_files: [PathBuf; 2],
    rules: RuleSet,
    /// The match's seed.
    seed: u64,
    /// Per seat: `human` or the AI player's spec.
    players: [String; 2],
    /// Per seat: the AI player, none for a human.
    specs: [Option<PlayerSpec>; 2],
    /// Per AI seat: its swaps and choices between duels.
    deciders: [Option<Box<dyn MatchPlayer>>; 2],
    /// The lists as the match started (R2.5: restored after it).
    original: [MatchDeck; 2],
    /// The lists as they are now.
    now: [MatchDeck; 2],
    /// The first player of each duel started.
    firsts: Vec<Player>,
    /// The result of each finished duel.
    duels: Vec<GameResult>,
    /// Each finished duel's replay.
    replays: Vec<Replay>,
    /// The swaps made before each later duel, seat order.
    swaps: Vec<[Swap; 2]>,
    /// Between duels: each seat's swap once made.
    swapped: [Option<Swap>; 2],
    /// Per seat: why its last swap was refused.
    refused: [Option<String>; 2],
}

/// The temporary AI decision between duels: it keeps its lists and, having lost, plays first.
struct KeepList;

impl MatchPlayer for KeepList {
    fn swap(&mut self, _me: Player, _deck: &MatchDeck, _duels: &[GameResult]) -> Swap {
        Swap::default()
    }

    fn play_first(&mut self, _me: Player, _duels: &[GameResult]) -> bool {
        true
    }
}

/// The AI players of duel `seed`, seeded as a single game's.
fn choosers(specs: &[Option<PlayerSpec>; 2], seed: u64) -> [Option<Box<dyn Chooser>>; 2] {
    let seeds = player_seeds(seed);
    [0, 1].map(|i| specs[i].map(|s| s.player(seeds[i])))
}

/// A recorder of duel `seed` between `lists`, shown the set-up `game`.
fn recorder(m: &MatchPlay, seed: u64, game: &Game) -> Result<Recorder, String> {
    let [a, b] = &m.now;
    let mut r = Recorder::with_files(
        m.files.clone(),
        &m.set,
        [(&m.deck_files[0], &a.cards), (&m.deck_files[1], &b.cards)],
        seed,
        m.players.clone(),
        m.rules,
    )?;
    r.start(game);
    Ok(r)
}

/// A table playing the first duel of a match between the setup's decks, which need
/// sideboards, under a best-of-three rule set.
pub(super) fn table(setup: &GameSetup) -> Result<Table, String> {
    let (set, decks) = setup.decks.load()?;
    let rules = setup.decks.rules;
    if rules.match_format != MatchFormat::BestOfThree {
        return Err(format!(
            "the rule set `{}` plays single duels, not matches (A26): start a game instead",
            rules.name
        ));
    }
    let files = &setup.decks.files;
    let lists = [0, 1].map(|i| MatchDeck {
        cards: decks[i].cards.clone(),
        sideboard: decks[i].sideboard.clone(),
    });
    if let Some(i) = (0..2).find(|&i| lists[i].sideboard.is_empty()) {
        return Err(format!(
            "{}: the deck list has no [sideboard] section, which a match needs (R2.3)",
            files[i].display()
        ));
    }
    let mut m = MatchPlay {
        files: card_files(&set)?,
        set,
        deck_files: [files[0].clone(), files[1].clone()],
        rules,
        seed: setup.seed,
        players: setup
            .ai
            .map(|a| a.map_or_else(|| "human".to_string(), |s| s.to_string())),
        specs: setup.ai,
        deciders: setup
            .ai
            .map(|a| a.map(|_| Box::new(KeepList) as Box<dyn MatchPlayer>)),
        original: lists.clone(),
        now: lists,
        firsts: Vec::new(),
        duels: Vec::new(),
        replays: Vec::new(),
        swaps: Vec::new(),
        swapped: [None, None],
        refused: [None, None],
    };
    let seed = duel_seed(m.seed, 0);
    let game = m.duel(&m.set.db, seed, None)?;
    let recorder = recorder(&m, seed, &game)?;
    m.firsts.push(game.first_player());
    let mut table = Table::new(
        m.set.db.clone(),
        HotSet::new(&m.set),
        game,
        choosers(&m.specs, seed),
        recorder,
    );
    table.matched = Some(m);
    Ok(table)
}

impl MatchPlay {
    /// Whether the match is over.
    pub(super) fn over(&self) -> bool {
        match_end(&self.rules, &self.duels).is_some()
    }

    /// A duel seeded `seed` between the lists as they are, `first` playing first (random when
    /// none).
    fn duel(&self, db: &dzero_core::CardDb, seed: u64, first: Option<Player>) -> Result<Game, String> {
        let [a, b] = &self.now;
        Game::new_with_first(db, self.rules, [&a.cards, &b.cards], seed, first).map_err(|e| {
            format!("duel {} cannot start: {e}", self.firsts.len() + 1)
        })
    }

    /// What `seat` does now.
    fn stage(&self, seat: Player) -> MatchStage {
        if self.over() {
            MatchStage::Over
        } else if self.duels.len() < self.firsts.len() {
            MatchStage::Playing
        } else if self.swapped[seat.index()].is_none() {
            MatchStage::Swap
        } else if self.swapped[seat.opponent().index()].is_none() {
            MatchStage::OpponentSwaps
        } else if first_chooser(&self.duels) == Some(seat) {
            MatchStage::ChooseFirst
        } else {
            MatchStage::OpponentChooses
        }
    }

    /// `seat`'s view: its own lists only.
    fn view(&self, db: &dzero_core::CardDb, seat: Player) -> MatchView {
        let lists = &self.now[seat.index()];
        MatchView {
            seat,
            duel: if self.over() {
                self.duels.len()
            } else {
                self.duels.len() + 1
            },
            firsts: self.firsts.clone(),
            results: self
                .duels
                .iter()
                .map(|r| match r {
                    GameResult::Win(p) => Some(*p),
                    GameResult::Draw => None,
                })
                .collect(),
            wins: wins(&self.duels),
            stage: self.stage(seat),
            deck: list_cards(db, &lists.cards),
            sideboard: list_cards(db, &lists.sideboard),
            refused: self.refused[seat.index()].clone(),
            winner: match_end(&self.rules, &self.duels).flatten(),
        }
    }
}

impl Table {
    /// Runs `f` on the table and its match, if it plays one.
    fn with_match<R>(&mut self, f: impl FnOnce(&mut Table, &mut MatchPlay) -> R) -> Option<R> {
        let mut m = self.matched.take()?;
        let out = f(self, &mut m);
        self.matched = Some(m);
        Some(out)
    }

    /// Sends `seat`'s page its view of the match, if the table plays one.
    pub(super) fn send_match(&self, seat: Player) {
        if let Some(m) = &self.matched {
            self.send_to(seat, &ServerMsg::Match(Box::new(m.view(&self.db, seat))));
        }
    }

    fn send_match_all(&self) {
        for p in Player::BOTH {
            self.send_match(p);
        }
    }

    /// When the duel has just ended: records it, and then either ends the match (the lists
    /// restored, R2.5) or lets the AI seats swap; whether anything changed.
    pub(super) fn match_moves(&mut self) -> bool {
        let Some(result) = self.game.result() else {
            return false;
        };
        self.with_match(|t, m| {
            if m.duels.len() == m.firsts.len() {
                return false;
            }
            m.duels.push(result);
            m.replays.push(t.recorder.current(&t.game));
            // A finished duel is not taken back: the match has moved on.
            t.undo.clear();
            if m.over() {
                m.now = m.original.clone();
            } else {
                for p in Player::BOTH {
                    let Some(d) = m.deciders[p.index()].as_mut() else {
                        continue;
                    };
                    let swap = d.swap(p, &m.now[p.index()], &m.duels);
                    match m.now[p.index()].swapped(&t.db, &m.rules, &swap) {
                        Ok(next) => {
                            m.now[p.index()] = next;
                            m.swapped[p.index()] = Some(swap);
                        }
                        Err(e) => t.stop(format!("{p}'s AI player's swap is refused: {e}")),
                    }
                }
                t.next_duel(m);
            }
            t.send_match_all();
            true
        })
        .unwrap_or(false)
    }

    /// A page's swap between duels (R2.5): applied when legal, else refused with the reason
    /// and nothing changed.
    pub(super) fn match_swap(&mut self, seat: Player, swap: &Swap) {
        let done = self.with_match(|t, m| {
            if m.stage(seat) != MatchStage::Swap {
                return Err("no swap now: cards are swapped between the duels of a match, once each (R2.5)".to_string());
            }
            match m.now[seat.index()].swapped(&t.db, &m.rules, swap) {
                Ok(next) => {
                    m.now[seat.index()] = next;
                    m.swapped[seat.index()] = Some(swap.clone());
                    m.refused[seat.index()] = None;
                    t.next_duel(m);
                    Ok(())
                }
                Err(e) => {
                    m.refused[seat.index()] = Some(e.clone());
                    Err(format!("the swap is refused: {e}"))
                }
            }
        });
        self.answer(seat, done);
    }

    /// The loser's page chooses to play first or second in the next duel (R2.6).
    pub(super) fn match_first(&mut self, seat: Player, first: bool) {
        let done = self.with_match(|t, m| {
            if m.stage(seat) != MatchStage::ChooseFirst {
                return Err("not yours to choose now: the loser of the last duel chooses who plays first, after both swaps (R2.6)".to_string());
            }
            t.start_duel(m, Some(if first { seat } else { seat.opponent() }));
            Ok(())
        });
        self.answer(seat, done);
    }

    /// Tells the pages the outcome of `seat`'s match command.
    fn answer(&mut self, seat: Player, done: Option<Result<(), String>>) {
        match done {
            None => self.send_to(seat, &ServerMsg::error("this table plays no match")),
            Some(Err(why)) => {
                self.send_to(seat, &ServerMsg::error(why));
                self.send_match(seat);
            }
            Some(Ok(())) => self.send_match_all(),
        }
    }

    /// Starts the next duel once both seats have swapped: the loser of a won duel chooses who
    /// plays first (R2.6, an AI seat at once), after a drawn duel it is random (A26).
    fn next_duel(&mut self, m: &mut MatchPlay) {
        if m.swapped.iter().any(Option::is_none) || self.failure.is_some() {
            return;
        }
        match first_chooser(&m.duels) {
            None => self.start_duel(m, None),
            Some(loser) => {
                if let Some(d) = m.deciders[loser.index()].as_mut() {
                    let first = d.play_first(loser, &m.duels);
                    self.start_duel(m, Some(if first { loser } else { loser.opponent() }));
                }
            }
        }
    }

    /// Sets up the next duel from the lists as they are, `first` playing first.
    fn start_duel(&mut self, m: &mut MatchPlay, first: Option<Player>) {
        let seed = duel_seed(m.seed, m.firsts.len() as u32);
        let started = m
            .duel(&self.db, seed, first)
            .and_then(|game| Ok((recorder(m, seed, &game)?, game)));
        let (recorder, game) = match started {
            Ok(x) => x,
            Err(e) => return self.stop(e),
        };
        m.swaps.push(m.swapped.clone().map(Option::unwrap_or_default));
        m.swapped = [None, None];
        m.firsts.push(game.first_player());
        self.seen = Player::BOTH.map(|p| game.observe_events(p));
        self.game = game;
        self.recorder = recorder;
        self.ai = choosers(&m.specs, seed);
        self.undo.clear();
        self.version += 1;
        for s in self.seats.iter_mut().flatten() {
            s.sent = 0;
        }
        self.broadcast();
    }

    /// Stops the match: a broken list or an AI player's refused swap (an engine or card bug).
    fn stop(&mut self, why: String) {
        let msg = format!("the match stopped: {why}");
        self.failure = Some(msg.clone());
        self.send_all(&ServerMsg::error(msg));
    }
}
