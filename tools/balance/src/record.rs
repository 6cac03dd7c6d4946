//! One game of a run, played through the one play-out loop, and what it adds to the counts:
//! which cards each seat drew (its opening hand included) and played, from the events after
//! each action, and which card effects failed.

use crate::schedule::Seating;
use crate::tally::{Outcome, Tallies};
use dzero_ai::PlayerSpec;
use dzero_cardpool::{CardSet, Deck};
use dzero_core::{
    Action, CardDb, CardId, DefId, Event, Game, GameResult, ItemTag, Player, RuleSet, Zone,
};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, DeckFiles, PlayOptions, Watch, play_with};
use std::collections::{BTreeMap, BTreeSet};

/// What one game counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The result; `None` when the game hit the action limit.
    pub result: Option<GameResult>,
    /// The player who took the first turn.
    pub first: Option<Player>,
    /// Turns begun.
    pub turns: u32,
    /// Actions taken.
    pub actions: u32,
    /// Per seat: the definitions of the cards that reached the seat's hand.
    pub drawn: [BTreeSet<DefId>; 2],
    /// Per seat: the definitions of the cards the seat played.
    pub played: [BTreeSet<DefId>; 2],
    /// Per seat: failed effects per definition of the seat's cards.
    pub errors: [BTreeMap<DefId, u64>; 2],
    /// Failed effects that named no card.
    pub unattributed_errors: u64,
}

impl GameRecord {
    /// Counts what `game`'s last events show.
    fn see(&mut self, game: &Game) {
        let of = |c: CardId| game.card_state(c).map(|s| (s.owner.index(), s.def));
        for e in game.events() {
            match *e {
                Event::Drew { card, .. } => {
                    if let Some((o, d)) = of(card) {
                        self.drawn[o].insert(d);
                    }
                }
                Event::Stacked {
                    player,
                    tag: ItemTag::Play,
                    card: Some(card),
                } => {
                    if let Some((o, d)) = of(card).filter(|&(o, _)| o == player.index()) {
                        self.played[o].insert(d);
                    }
                }
                Event::Placed {
                    card, played: true, ..
                } => {
                    if let Some((o, d)) = of(card) {
                        self.played[o].insert(d);
                    }
                }
                Event::EffectFailed { card, .. } => match card.and_then(of) {
                    Some((o, d)) => *self.errors[o].entry(d).or_default() += 1,
                    None => self.unattributed_errors += 1,
                },
                _ => {}
            }
        }
    }

    /// Adds this game, seated as `seat` among `specs` player specs, to `tallies`; cards are
    /// counted by their name in `db`.
    pub fn count(&self, seat: &Seating, specs: usize, db: &CardDb, tallies: &mut Tallies) {
        let outcome = |s: usize| match self.result {
            Some(GameResult::Win(p)) if p.index() == s => Outcome::Win,
            Some(GameResult::Win(_)) => Outcome::Loss,
            Some(GameResult::Draw) => Outcome::Draw,
            None => Outcome::Unfinished,
        };
        let side_a = usize::from(seat.swapped);
        let first_won = match (self.result, self.first) {
            (Some(GameResult::Win(p)), Some(f)) => Some(p == f),
            _ => None,
        };
        tallies.matchups[seat.pairing * specs + seat.side_a_player].count(
            outcome(side_a),
            first_won,
            self.turns,
            self.actions,
        );
        let name = |d: &DefId| {
            db.get(*d)
                .map_or_else(|| format!("#{}", d.0), |c| c.name.clone())
        };
        for s in 0..2 {
            let won = outcome(s) == Outcome::Win;
            let deck = &mut tallies.decks[seat.decks[s]];
            deck.count(outcome(s));
            for d in &self.drawn[s] {
                let c = deck.cards.entry(name(d)).or_default();
                c.drawn += 1;
                c.drawn_wins += u64::from(won);
            }
            for d in &self.played[s] {
                let c = deck.cards.entry(name(d)).or_default();
                c.played += 1;
                c.played_wins += u64::from(won);
            }
            for (d, n) in &self.errors[s] {
                deck.cards.entry(name(d)).or_default().effect_errors += n;
                tallies.effect_errors += n;
            }
        }
        tallies.unattributed_errors += self.unattributed_errors;
        tallies.effect_errors += self.unattributed_errors;
    }
}

/// Shows each step to the record, then to another watch.
struct Recording<'a, W> {
    record: &'a mut GameRecord,
    also: &'a mut W,
}

impl<W: Watch> Watch for Recording<'_, W> {
    fn start(&mut self, game: &Game) {
        self.also.start(game);
    }

    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        self.also.before(game, seat, action);
    }

    fn after(&mut self, game: &Game) {
        self.record.see(game);
        self.also.after(game);
    }
}

/// What a game is played with, loaded once per worker thread: the host set, the run's decks
/// and the dimension deck (empty for a rule set without one, R19.1).
pub struct World {
    /// The host set.
    pub set: CardSet,
    /// The run's decks, in the order given.
    pub decks: Vec<Deck>,
    /// The dimension deck every game plays (R19.2).
    pub dimensions: Vec<DefId>,
}

impl World {
    /// Loads the set, the decks and the dimension deck `files` name.
    pub fn load(files: &DeckFiles) -> Result<World, String> {
        let (set, decks) = files.load()?;
        let dimensions = files.dimension_deck(&set)?;
        Ok(World {
            set,
            decks,
            dimensions,
        })
    }
}

/// Plays the game seated as `seat` under `rules`, stopping it unfinished after `max_actions`
/// actions, showing each step to `watch` as well (a replay writer, a log).
pub fn play_game(
    world: &World,
    seat: &Seating,
    specs: &[PlayerSpec],
    rules: RuleSet,
    max_actions: u32,
    watch: &mut impl Watch,
) -> Result<GameRecord, String> {
    let World {
        set,
        decks,
        dimensions,
    } = world;
    let lists = seat.decks.map(|i| decks[i].cards.as_slice());
    let game = dzero_sim::start_duel(set, rules, lists, dimensions, seat.seed, None)
        .map_err(|e| format!("setup refused: {e}"))?;
    let duel = Duel {
        seed: seat.seed,
        players: seat.players.map(|p| &specs[p]),
        max_actions,
    };
    Ok(duel.play(&set.db, game, watch)?.0)
}

/// How one duel is played out: its seed (the players' seeds derive from it), its players and
/// its action limit.
pub struct Duel<'a> {
    /// The duel's seed.
    pub seed: u64,
    /// The player spec per seat.
    pub players: [&'a PlayerSpec; 2],
    /// The duel stops unfinished after this many actions.
    pub max_actions: u32,
}

impl Duel<'_> {
    /// Plays `game`, just set up, out; gives what it counts and the game as it ended.
    pub fn play(
        &self,
        db: &CardDb,
        game: Game,
        watch: &mut impl Watch,
    ) -> Result<(GameRecord, Game), String> {
        let mut record = GameRecord {
            first: Some(game.first_player()),
            ..GameRecord::default()
        };
        record.see(&game);
        for p in Player::BOTH {
            for c in game.zone(p, Zone::Hand) {
                if let Some(s) = game.card_state(c) {
                    record.drawn[p.index()].insert(s.def);
                }
            }
        }
        let seeds = player_seeds(self.seed);
        let mut players: [Box<dyn Chooser>; 2] = [0, 1].map(|s| self.players[s].player(seeds[s]));
        let opts = PlayOptions {
            conservation: false,
            hashes: false,
            max_actions: u32::MAX,
            stop_after: Some(self.max_actions),
            recheck: false,
        };
        let mut watching = Recording {
            record: &mut record,
            also: watch,
        };
        let out =
            play_with(db, game, &mut players, opts, &mut watching).map_err(|e| e.to_string())?;
        record.result = out.result();
        record.turns = out.game.turn();
        record.actions = out.actions;
        Ok((record, out.game))
    }
}
