//! A best-of-three match at a table (R2.4–R2.6, A26), driven by messages: when a duel ends,
//! each human seat's page swaps cards between its deck and sideboard (an AI seat through
//! `dzero_ai::SideboardPlayer`), the loser of a won duel chooses who plays first, and the
//! next duel starts from the lists as they then are, seeded `duel_seed(seed, k)`. Each page
//! is shown only its own lists and swaps; after the match the lists are the originals again.

use super::{GameSetup, Table};
use crate::hot_reload::HotSet;
use crate::matches::{MatchStage, MatchView, list_cards, wins};
use crate::protocol::ServerMsg;
use dzero_ai::{PlayerSpec, SideboardPlayer};
use dzero_cardpool::CardSet;
use dzero_cardpool::DeckText;
use dzero_core::{CardDb, DefId, Game, GameResult, MatchFormat, Observation, Player, RuleSet};
use dzero_replay::{MatchRecorder, MatchReplay, Recorder, Replay};
use dzero_sim::matches::{duel_seed, match_result};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, MatchDeck, MatchPlayer, Swap};

/// A match's state beside the duel the table plays.
pub(super) struct MatchPlay {
    /// The host set (its card names label the recorded lists and swaps).
    set: CardSet,
    rules: RuleSet,
    /// The dimension deck every duel plays (empty without one, R19.2).
    dimensions: Vec<DefId>,
    /// The match's seed.
    seed: u64,
    /// Per seat: the AI player, none for a human.
    specs: [Option<PlayerSpec>; 2],
    /// Per AI seat: what it saw at the end of each duel (it decides from that).
    ends: [Vec<Observation>; 2],
    /// Between duels: whether the AI seat that lost plays first, decided with its swap.
    ai_first: Option<bool>,
    /// The lists as the match started (R2.5: restored after it).
    original: [MatchDeck; 2],
    /// The match so far: the lists as they now stand, each duel's swaps, chooser, first
    /// player and replay.
    record: MatchRecorder,
    /// The result of each finished duel.
    duels: Vec<GameResult>,
    /// Between duels: each seat's swap once made (applied when the next duel starts).
    swapped: [Option<Swap>; 2],
    /// Per seat: why its last swap was refused.
    refused: [Option<String>; 2],
}

/// Who chooses who plays first in the next duel: the loser of the last (R2.6); none after a
/// drawn duel, when it is random (A26).
fn loser(duels: &[GameResult]) -> Option<Player> {
    match duels.last() {
        Some(GameResult::Win(w)) => Some(w.opponent()),
        Some(GameResult::Draw) | None => None,
    }
}

/// AI seat `me`'s decisions between duels, from what it saw at the end of each duel (`ends`):
/// its swap (R2.5) and, when it lost the last duel, whether it plays first (R2.6) — the
/// questions `dzero_sim::play_match` asks it, in the same order.
fn ai_decisions(
    db: &CardDb,
    me: Player,
    ends: &[Observation],
    deck: &MatchDeck,
    duels: &[GameResult],
) -> (Swap, Option<bool>) {
    let mut ai = SideboardPlayer::new(db);
    for end in ends {
        ai.duel_over(me, end);
    }
    let swap = ai.swap(me, deck, duels);
    let first = (loser(duels) == Some(me)).then(|| ai.play_first(me, duels));
    (swap, first)
}

/// The AI players of duel `seed`, seeded as a single game's.
fn choosers(specs: &[Option<PlayerSpec>; 2], seed: u64) -> [Option<Box<dyn Chooser>>; 2] {
    let seeds = player_seeds(seed);
    [0, 1].map(|i| specs[i].map(|s| s.player(seeds[i])))
}

/// A table playing the first duel of a match between the setup's decks, which need
/// sideboards, under a best-of-three rule set.
pub(super) fn table(setup: &GameSetup) -> Result<Table, String> {
    let rules = setup.decks.rules;
    if rules.match_format != MatchFormat::BestOfThree {
        return Err(format!(
            "the rule set `{}` plays single duels, not matches (A26): start a game instead",
            rules.name
        ));
    }
    let (set, decks) = setup.decks.load()?;
    let dimensions = setup.decks.dimension_deck(&set)?;
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
    let players = setup
        .ai
        .map(|a| a.map_or_else(|| "human".to_string(), |s| s.to_string()));
    let record = MatchRecorder::new(
        &set,
        rules,
        [(&files[0], &lists[0]), (&files[1], &lists[1])],
        setup.seed,
        players,
    )?;
    let mut m = MatchPlay {
        set,
        rules,
        dimensions,
        seed: setup.seed,
        specs: setup.ai,
        ends: [Vec::new(), Vec::new()],
        ai_first: None,
        original: lists,
        record,
        duels: Vec::new(),
        swapped: [Swap::default(), Swap::default()].map(Some),
        refused: [None, None],
    };
    let db = m.set.db.clone();
    let (game, recorder) = m.duel(&db, None, None)?;
    let ai = choosers(&m.specs, duel_seed(m.seed, 0));
    let mut table = Table::new(db, HotSet::new(&m.set), game, ai, recorder);
    table.matched = Some(m);
    Ok(table)
}

impl MatchPlay {
    /// Whether the match is over.
    pub(super) fn over(&self) -> bool {
        match_result(self.rules.match_format, &self.duels).is_some()
    }

    /// Whether a duel is being played.
    fn playing(&self) -> bool {
        self.duels.len() < self.record.duels().len()
    }

    /// Sets up and starts recording the next duel from the lists after the swaps made, its
    /// first player chosen by `chose` as `first` (random when none).
    fn duel(
        &mut self,
        db: &CardDb,
        chose: Option<Player>,
        first: Option<Player>,
    ) -> Result<(Game, Recorder), String> {
        let k = self.record.duels().len();
        let swaps = self.swapped.clone().map(Option::unwrap_or_default);
        let lists = self.lists_after(&swaps)?;
        let game = Game::new_with(
            db,
            self.rules,
            [&lists[0].cards, &lists[1].cards],
            &self.dimensions,
            duel_seed(self.seed, k as u32),
            first,
        )
        .map_err(|e| {
            let e = DeckText::new(db, dzero_text::Lang::En).setup_error(&e);
            format!("duel {} cannot start: {e}", k + 1)
        })?;
        let recorder = self
            .record
            .start_duel(&self.set, [&swaps[0], &swaps[1]], chose, &game)?;
        self.swapped = [None, None];
        Ok((game, recorder))
    }

    /// Both lists as they stand after `swaps`.
    fn lists_after(&self, swaps: &[Swap; 2]) -> Result<[MatchDeck; 2], String> {
        let now = self.record.decks();
        Ok([
            now[0].swapped(&self.set.db, &self.rules, &swaps[0])?,
            now[1].swapped(&self.set.db, &self.rules, &swaps[1])?,
        ])
    }

    /// `seat`'s lists as the page shows them: as they stand, after its swap once made, and
    /// the originals once the match is over (R2.5).
    fn lists(&self, seat: Player) -> MatchDeck {
        let i = seat.index();
        if self.over() {
            return self.original[i].clone();
        }
        let now = &self.record.decks()[i];
        match &self.swapped[i] {
            Some(swap) if !self.playing() => now
                .swapped(&self.set.db, &self.rules, swap)
                .unwrap_or_else(|_| now.clone()),
            _ => now.clone(),
        }
    }

    /// What `seat` does now.
    fn stage(&self, seat: Player) -> MatchStage {
        if self.over() {
            MatchStage::Over
        } else if self.playing() {
            MatchStage::Playing
        } else if self.swapped[seat.index()].is_none() {
            MatchStage::Swap
        } else if self.swapped[seat.opponent().index()].is_none() {
            MatchStage::OpponentSwaps
        } else if loser(&self.duels) == Some(seat) {
            MatchStage::ChooseFirst
        } else {
            MatchStage::OpponentChooses
        }
    }

    /// `seat`'s view: its own lists only.
    fn view(&self, db: &CardDb, seat: Player) -> MatchView {
        let lists = self.lists(seat);
        MatchView {
            seat,
            duel: if self.over() || self.playing() {
                self.record.duels().len()
            } else {
                self.duels.len() + 1
            },
            firsts: self.record.duels().iter().map(|d| d.first).collect(),
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
            winner: match match_result(self.rules.match_format, &self.duels) {
                Some(GameResult::Win(p)) => Some(p),
                _ => None,
            },
        }
    }

    /// The match so far as a match file, with the duel being played as `current` has it.
    pub(super) fn replay(&self, current: Replay) -> MatchReplay {
        let mut replay = self.record.current();
        if self.playing()
            && let Some(d) = replay.duels.last_mut()
        {
            d.replay = current;
        }
        replay.result = match_result(self.rules.match_format, &self.duels);
        replay
    }
}

impl Table {
    /// Runs `f` on the table and its match, if it plays one (the table's `matched` is empty
    /// meanwhile: `f` sends no match view).
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

    /// Sends `seat`'s page the whole match so far as a match file.
    pub(super) fn save_match(&self, seat: Player) {
        let Some(m) = &self.matched else { return };
        let replay = m.replay(self.recorder.current(&self.game));
        let name = format!(
            "dzero-match-{}-duel{}{}.json",
            replay.seed,
            replay.duels.len(),
            if replay.result.is_some() { "-end" } else { "" }
        );
        self.send_saved(seat, name, replay.to_json());
    }

    /// Sends `seat`'s page a file to save: `replay` (JSON) named `name`.
    pub(super) fn send_saved(&self, seat: Player, name: String, replay: String) {
        self.send_to(
            seat,
            &ServerMsg::Saved {
                name,
                replay,
                edited: self.edited,
            },
        );
    }

    fn send_match_all(&self) {
        for p in Player::BOTH {
            self.send_match(p);
        }
    }

    /// When a duel of the match has just ended: records it, then ends the match (the lists
    /// restored, R2.5) or lets the AI seats swap; whether anything changed.
    pub(super) fn match_moves(&mut self) -> bool {
        let Some(result) = self.game.result() else {
            return false;
        };
        let changed = self.with_match(|t, m| {
            if !m.playing() {
                return false;
            }
            m.duels.push(result);
            m.record.end_duel(t.recorder.current(&t.game));
            // A finished duel is not taken back: the match has moved on.
            t.undo.clear();
            if !m.over() {
                for p in Player::BOTH {
                    if m.specs[p.index()].is_none() {
                        continue;
                    }
                    m.ends[p.index()].push(t.game.observe(&t.db, p));
                    let deck = &m.record.decks()[p.index()];
                    let (swap, first) = ai_decisions(&t.db, p, &m.ends[p.index()], deck, &m.duels);
                    match deck.swapped(&t.db, &m.rules, &swap) {
                        Ok(_) => m.swapped[p.index()] = Some(swap),
                        Err(e) => t.stop(format!("{p}'s AI player's swap is refused: {e}")),
                    }
                    m.ai_first = m.ai_first.or(first);
                }
                t.next_duel(m);
            }
            true
        });
        if changed == Some(true) {
            // The finished duel's states offer no undo any more.
            self.broadcast();
            self.send_match_all();
        }
        changed == Some(true)
    }

    /// A page's swap between duels (R2.5): kept when legal, else refused with the reason and
    /// nothing changed.
    pub(super) fn match_swap(&mut self, seat: Player, swap: &Swap) {
        let done = self.with_match(|t, m| {
            if m.stage(seat) != MatchStage::Swap {
                return Err(
                    "no swap now: cards are swapped between the duels of a match, \
                            once each (R2.5)"
                        .to_string(),
                );
            }
            match m.record.decks()[seat.index()].swapped(&t.db, &m.rules, swap) {
                Ok(_) => {
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
                return Err(
                    "not yours to choose now: the loser of the last duel chooses who \
                            plays first, once both have swapped (R2.6)"
                        .to_string(),
                );
            }
            t.start_duel(m, Some(seat), first);
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
    /// plays first (R2.6; an AI seat at once, a human on its page), after a drawn duel it is
    /// random (A26).
    fn next_duel(&mut self, m: &mut MatchPlay) {
        if m.swapped.iter().any(Option::is_none) || self.failure.is_some() {
            return;
        }
        match (loser(&m.duels), m.ai_first.take()) {
            (None, _) => self.start_duel(m, None, false),
            (Some(loser), Some(first)) => self.start_duel(m, Some(loser), first),
            (Some(_), None) => {}
        }
    }

    /// Sets up the next duel; `chose`, if any, plays first when `first`, else second.
    fn start_duel(&mut self, m: &mut MatchPlay, chose: Option<Player>, first: bool) {
        let k = m.record.duels().len();
        let at = chose.map(|p| if first { p } else { p.opponent() });
        let (game, recorder) = match m.duel(&self.db, chose, at) {
            Ok(x) => x,
            Err(e) => return self.stop(e),
        };
        self.seen = Player::BOTH.map(|p| game.observe_events(p));
        self.game = game;
        self.recorder = recorder;
        self.ai = choosers(&m.specs, duel_seed(m.seed, k as u32));
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
