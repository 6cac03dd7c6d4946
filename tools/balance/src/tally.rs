//! What a run counts, as integers only: outcome and length counts per matchup, per-deck and
//! per-card counts. Sums are exact and order-free, so partial tallies of shards merge into
//! exactly the tally of the whole run; ratios are computed only when a report is rendered.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How one game ended, seen from one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side won.
    Win,
    /// The side lost.
    Loss,
    /// Both players lost at the same check.
    Draw,
    /// The game hit the action limit.
    Unfinished,
}

impl Outcome {
    /// The same game seen from the other side.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            o => o,
        }
    }
}

/// Games of one matchup, from its first side's point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games the first side won.
    pub wins: u64,
    /// Games the second side won.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the action limit.
    pub unfinished: u64,
    /// Games the player who took the first turn won.
    pub first_player_wins: u64,
    /// Games the other player won.
    pub second_player_wins: u64,
    /// Games by number of turns.
    pub turns: BTreeMap<u32, u64>,
    /// Games by number of actions.
    pub actions: BTreeMap<u32, u64>,
}

impl Tally {
    /// Counts one game: its outcome for the first side, whether the first player won (for a
    /// decided game), and its length.
    pub fn count(&mut self, outcome: Outcome, first_won: Option<bool>, turns: u32, actions: u32) {
        self.games += 1;
        *match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Loss => &mut self.losses,
            Outcome::Draw => &mut self.draws,
            Outcome::Unfinished => &mut self.unfinished,
        } += 1;
        match first_won {
            Some(true) => self.first_player_wins += 1,
            Some(false) => self.second_player_wins += 1,
            None => {}
        }
        *self.turns.entry(turns).or_default() += 1;
        *self.actions.entry(actions).or_default() += 1;
    }

    /// Adds another tally's counts.
    pub fn add(&mut self, o: &Tally) {
        self.games = self.games.saturating_add(o.games);
        self.wins = self.wins.saturating_add(o.wins);
        self.losses = self.losses.saturating_add(o.losses);
        self.draws = self.draws.saturating_add(o.draws);
        self.unfinished = self.unfinished.saturating_add(o.unfinished);
        self.first_player_wins = self.first_player_wins.saturating_add(o.first_player_wins);
        self.second_player_wins = self.second_player_wins.saturating_add(o.second_player_wins);
        for (to, from) in [(&mut self.turns, &o.turns), (&mut self.actions, &o.actions)] {
            for (&len, &n) in from {
                let c = to.entry(len).or_default();
                *c = c.saturating_add(n);
            }
        }
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            ..self.clone()
        }
    }

    /// Checks that the counts add up; `what` names the tally in the error.
    fn check(&self, what: &str) -> Result<(), String> {
        let sum = self.wins + self.losses + self.draws + self.unfinished;
        let hist = |h: &BTreeMap<u32, u64>| h.values().sum::<u64>();
        let first = self.first_player_wins + self.second_player_wins;
        if sum != self.games
            || hist(&self.turns) != self.games
            || hist(&self.actions) != self.games
            || first != self.wins + self.losses
        {
            return Err(format!("{what}: counts do not add up: {self:?}"));
        }
        Ok(())
    }
}

/// Matches of one matchup (R2.4), from its first side's point of view; their duels are
/// counted as games in the matchup's [`Tally`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchTally {
    /// Matches played.
    pub matches: u64,
    /// Matches the first side won.
    pub wins: u64,
    /// Matches the second side won.
    pub losses: u64,
    /// Drawn matches (no side won two duels in three, A26).
    pub draws: u64,
    /// Matches stopped by a duel at the action limit.
    pub unfinished: u64,
    /// Matches that went to a third duel.
    pub three_duels: u64,
    /// Duels played in these matches.
    pub duels: u64,
}

impl MatchTally {
    /// Counts one match of `duels` duels: its outcome for the first side.
    pub fn count(&mut self, outcome: Outcome, duels: u64) {
        self.matches += 1;
        *match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Loss => &mut self.losses,
            Outcome::Draw => &mut self.draws,
            Outcome::Unfinished => &mut self.unfinished,
        } += 1;
        self.three_duels += u64::from(duels >= 3);
        self.duels += duels;
    }

    /// Adds another tally's counts.
    pub fn add(&mut self, o: &MatchTally) {
        self.matches = self.matches.saturating_add(o.matches);
        self.wins = self.wins.saturating_add(o.wins);
        self.losses = self.losses.saturating_add(o.losses);
        self.draws = self.draws.saturating_add(o.draws);
        self.unfinished = self.unfinished.saturating_add(o.unfinished);
        self.three_duels = self.three_duels.saturating_add(o.three_duels);
        self.duels = self.duels.saturating_add(o.duels);
    }

    /// The same matches from the other side.
    pub fn flipped(&self) -> MatchTally {
        MatchTally {
            wins: self.losses,
            losses: self.wins,
            ..self.clone()
        }
    }

    /// Checks that the counts add up; `what` names the tally in the error.
    fn check(&self, what: &str) -> Result<(), String> {
        if self.wins + self.losses + self.draws + self.unfinished != self.matches
            || self.three_duels > self.matches
            || self.duels < self.matches
            || self.duels > 3 * self.matches
        {
            return Err(format!("{what}: match counts do not add up: {self:?}"));
        }
        Ok(())
    }
}

/// One card of a deck over the games that deck played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardTally {
    /// Games in which the card reached its owner's hand at least once.
    pub drawn: u64,
    /// Of those, games the deck won.
    pub drawn_wins: u64,
    /// Games in which its owner played the card (cast, or put onto the field by playing it).
    pub played: u64,
    /// Of those, games the deck won.
    pub played_wins: u64,
    /// Card effects of this card that failed with an error.
    pub effect_errors: u64,
}

impl CardTally {
    fn add(&mut self, o: &CardTally) {
        self.drawn = self.drawn.saturating_add(o.drawn);
        self.drawn_wins = self.drawn_wins.saturating_add(o.drawn_wins);
        self.played = self.played.saturating_add(o.played);
        self.played_wins = self.played_wins.saturating_add(o.played_wins);
        self.effect_errors = self.effect_errors.saturating_add(o.effect_errors);
    }
}

/// One deck over every game it played (a deck against itself counts twice per game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckTally {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the action limit.
    pub unfinished: u64,
    /// Per card name of the deck list.
    pub cards: BTreeMap<String, CardTally>,
}

impl DeckTally {
    /// A deck with every card of its list at zero.
    pub fn new<'a>(cards: impl IntoIterator<Item = &'a str>) -> DeckTally {
        DeckTally {
            cards: cards
                .into_iter()
                .map(|c| (c.to_owned(), CardTally::default()))
                .collect(),
            ..DeckTally::default()
        }
    }

    /// Counts one game of the deck.
    pub fn count(&mut self, outcome: Outcome) {
        self.games += 1;
        *match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Loss => &mut self.losses,
            Outcome::Draw => &mut self.draws,
            Outcome::Unfinished => &mut self.unfinished,
        } += 1;
    }

    fn add(&mut self, o: &DeckTally) {
        self.games = self.games.saturating_add(o.games);
        self.wins = self.wins.saturating_add(o.wins);
        self.losses = self.losses.saturating_add(o.losses);
        self.draws = self.draws.saturating_add(o.draws);
        self.unfinished = self.unfinished.saturating_add(o.unfinished);
        for (name, c) in &o.cards {
            self.cards.entry(name.clone()).or_default().add(c);
        }
    }
}

/// Everything a run counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tallies {
    /// Per matchup: deck pairing `p` with player assignment `a` is entry `p * specs + a`.
    pub matchups: Vec<Tally>,
    /// Per deck, in the order the decks were given.
    pub decks: Vec<DeckTally>,
    /// Every failed card effect.
    pub effect_errors: u64,
    /// Failed effects that named no card.
    pub unattributed_errors: u64,
    /// In a run of matches (`dzero sim --match`), per matchup as `matchups`: the matches,
    /// whose duels `matchups` counts as games; empty in a run of single games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<MatchTally>,
}

impl Tallies {
    /// Adds another run's counts (of the same decks and players).
    pub fn add(&mut self, o: &Tallies) {
        for (t, x) in self.matchups.iter_mut().zip(&o.matchups) {
            t.add(x);
        }
        for (d, x) in self.decks.iter_mut().zip(&o.decks) {
            d.add(x);
        }
        for (m, x) in self.matches.iter_mut().zip(&o.matches) {
            m.add(x);
        }
        self.effect_errors = self.effect_errors.saturating_add(o.effect_errors);
        self.unattributed_errors = self
            .unattributed_errors
            .saturating_add(o.unattributed_errors);
    }

    /// Checks that the counts of `games` games (matches, in a run of matches) add up:
    /// outcomes and lengths per matchup, two deck games per game (per duel), each card's games
    /// within its deck's, every error counted once.
    pub fn check(&self, games: u64) -> Result<(), String> {
        for (i, t) in self.matchups.iter().enumerate() {
            t.check(&format!("matchup {i}"))?;
        }
        let games = if self.matches.is_empty() {
            games
        } else {
            self.check_matches(games)?
        };
        let played: u64 = self.matchups.iter().map(|t| t.games).sum();
        if played != games {
            return Err(format!("matchups hold {played} games, not {games}"));
        }
        let deck_games: u64 = self.decks.iter().map(|d| d.games).sum();
        if deck_games != 2 * games {
            return Err(format!(
                "decks hold {deck_games} deck games, not 2 × {games}"
            ));
        }
        let mut errors = self.unattributed_errors;
        for (i, d) in self.decks.iter().enumerate() {
            if d.wins + d.losses + d.draws + d.unfinished != d.games {
                return Err(format!("deck {i}: outcomes do not add up: {d:?}"));
            }
            for (name, c) in &d.cards {
                if c.drawn_wins > c.drawn
                    || c.drawn > d.games
                    || c.played_wins > c.played
                    || c.played > d.games
                    || c.drawn_wins > d.wins
                    || c.played_wins > d.wins
                {
                    return Err(format!("deck {i}, card {name}: counts out of range: {c:?}"));
                }
                errors = errors.saturating_add(c.effect_errors);
            }
        }
        if errors != self.effect_errors {
            return Err(format!(
                "effect errors per card add up to {errors}, not {}",
                self.effect_errors
            ));
        }
        Ok(())
    }

    /// Checks the match counts of a run of `matches` matches; gives the duels they played.
    fn check_matches(&self, matches: u64) -> Result<u64, String> {
        if self.matches.len() != self.matchups.len() {
            return Err(format!(
                "{} match tallies for {} matchups",
                self.matches.len(),
                self.matchups.len()
            ));
        }
        for (i, (m, t)) in self.matches.iter().zip(&self.matchups).enumerate() {
            m.check(&format!("matchup {i}"))?;
            if m.duels != t.games {
                return Err(format!(
                    "matchup {i}: its matches hold {} duels, its games {}",
                    m.duels, t.games
                ));
            }
        }
        let played: u64 = self.matches.iter().map(|m| m.matches).sum();
        if played != matches {
            return Err(format!("matchups hold {played} matches, not {matches}"));
        }
        Ok(self.matches.iter().map(|m| m.duels).sum())
    }
}
