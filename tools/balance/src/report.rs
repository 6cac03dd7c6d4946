//! The balance report of a whole run, computed from its integer counts: win rates with 95%
//! Wilson intervals, first-player advantage, game lengths, and per card the games drawn and
//! played with the win rates then. A rate counts draws and unfinished games as not won.

use crate::partial::{Partial, RunId};
use crate::tally::{CardTally, MatchTally, Tally};
use serde::Serialize;
use std::collections::BTreeMap;

/// Histogram buckets per length distribution.
const BUCKETS: u32 = 10;

/// A rate rounded for the report (6 decimals), the same in every process.
fn rounded(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// `k` of `n`, rounded; `None` when `n` is 0.
fn rate(k: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| rounded(k as f64 / n as f64))
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> Option<[f64; 2]> {
    if n == 0 {
        return None;
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.959_963_984_540_054_f64);
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    Some([
        rounded(((centre - spread) / d).max(0.0)),
        rounded(((centre + spread) / d).min(1.0)),
    ])
}

/// A histogram bucket: games whose length is in `from..=to`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bucket {
    /// Shortest length in the bucket.
    pub from: u32,
    /// Longest length in the bucket.
    pub to: u32,
    /// Games.
    pub games: u64,
}

/// A length distribution (turns or actions per game).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Shortest.
    pub min: u32,
    /// The median (lower middle for an even count).
    pub median: u32,
    /// The mean.
    pub mean: f64,
    /// The 90th percentile (nearest rank).
    pub p90: u32,
    /// Longest.
    pub max: u32,
    /// Equal-width buckets from `min` to `max`.
    pub histogram: Vec<Bucket>,
}

impl Lengths {
    /// The distribution of a length → games count; `None` for no games.
    pub fn of(counts: &BTreeMap<u32, u64>) -> Option<Lengths> {
        let n: u64 = counts.values().sum();
        let (&min, &max) = (counts.keys().next()?, counts.keys().next_back()?);
        let rank = |r: u64| {
            let mut seen: u64 = 0;
            counts
                .iter()
                .find(|&(_, &c)| {
                    seen = seen.saturating_add(c);
                    seen >= r
                })
                .map_or(max, |(&len, _)| len)
        };
        let sum: u128 = counts
            .iter()
            .map(|(&l, &c)| u128::from(l) * u128::from(c))
            .sum();
        let width = (max - min) / BUCKETS + 1;
        let mut histogram: Vec<Bucket> = (0..=(max - min) / width)
            .map(|i| Bucket {
                from: min + i * width,
                to: (min + i * width).saturating_add(width - 1).min(max),
                games: 0,
            })
            .collect();
        for (&l, &c) in counts {
            let b = &mut histogram[((l - min) / width) as usize].games;
            *b = b.saturating_add(c);
        }
        Some(Lengths {
            min,
            median: rank(n.div_ceil(2)),
            mean: rounded(sum as f64 / n as f64),
            p90: rank((n * 9).div_ceil(10)),
            max,
            histogram,
        })
    }
}

/// Games between two sides (decks, players, or deck and player), from side `a`'s view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matchup {
    /// The first side.
    pub a: String,
    /// The second side.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub wins: u64,
    /// Games `b` won.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the action limit.
    pub unfinished: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate.
    pub win_rate_ci: [f64; 2],
    /// Games the player who took the first turn won.
    pub first_player_wins: u64,
    /// `first_player_wins / games` (the first-player advantage).
    pub first_player_win_rate: f64,
    /// 95% Wilson interval of the first-player win rate.
    pub first_player_ci: [f64; 2],
    /// Turns per game.
    pub turns: Lengths,
    /// Actions per game.
    pub actions: Lengths,
}

impl Matchup {
    /// The matchup of `a` and `b` over tally `t` (of at least one game).
    fn of(a: &str, b: &str, t: &Tally) -> Option<Matchup> {
        Some(Matchup {
            a: a.to_owned(),
            b: b.to_owned(),
            games: t.games,
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            unfinished: t.unfinished,
            win_rate: rate(t.wins, t.games)?,
            win_rate_ci: wilson(t.wins, t.games)?,
            first_player_wins: t.first_player_wins,
            first_player_win_rate: rate(t.first_player_wins, t.games)?,
            first_player_ci: wilson(t.first_player_wins, t.games)?,
            turns: Lengths::of(&t.turns)?,
            actions: Lengths::of(&t.actions)?,
        })
    }
}

/// Matches between two sides (R2.4), from side `a`'s view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// The first side.
    pub a: String,
    /// The second side.
    pub b: String,
    /// Matches played.
    pub matches: u64,
    /// Matches `a` won.
    pub wins: u64,
    /// Matches `b` won.
    pub losses: u64,
    /// Drawn matches (A26).
    pub draws: u64,
    /// Matches stopped by a duel at the action limit.
    pub unfinished: u64,
    /// `wins / matches`.
    pub win_rate: f64,
    /// 95% Wilson interval of the match win rate.
    pub win_rate_ci: [f64; 2],
    /// Matches that went to a third duel.
    pub three_duels: u64,
    /// `three_duels / matches`.
    pub three_duel_rate: f64,
    /// `draws / matches`.
    pub draw_rate: f64,
    /// Mean duels per match.
    pub mean_duels: f64,
}

impl MatchReport {
    /// The matches of `a` and `b` over tally `t` (of at least one match).
    fn of(a: &str, b: &str, t: &MatchTally) -> Option<MatchReport> {
        Some(MatchReport {
            a: a.to_owned(),
            b: b.to_owned(),
            matches: t.matches,
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            unfinished: t.unfinished,
            win_rate: rate(t.wins, t.matches)?,
            win_rate_ci: wilson(t.wins, t.matches)?,
            three_duels: t.three_duels,
            three_duel_rate: rate(t.three_duels, t.matches)?,
            draw_rate: rate(t.draws, t.matches)?,
            mean_duels: rate(t.duels, t.matches)?,
        })
    }
}

/// The match rows of a run of matches, beside its duel rows (whose "games" are duels).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MatchReports {
    /// Per deck pairing, over both player assignments.
    pub deck_pairings: Vec<MatchReport>,
    /// With two players: the first player against the second over every match.
    pub player_pairings: Vec<MatchReport>,
    /// With two players: per deck pairing and player assignment.
    pub matchups: Vec<MatchReport>,
}

/// One card of a deck.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardReport {
    /// The card's name.
    pub card: String,
    /// Games in which it reached its owner's hand.
    pub drawn: u64,
    /// Games its owner played it in.
    pub played: u64,
    /// The deck's win rate in the games it was drawn in.
    pub win_rate_drawn: Option<f64>,
    /// The deck's win rate in the games it was played in.
    pub win_rate_played: Option<f64>,
    /// `win_rate_drawn` minus the deck's win rate ("improvement when drawn").
    pub improvement_drawn: Option<f64>,
    /// Its effects that failed with an error.
    pub effect_errors: u64,
}

/// One deck over all its games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeckReport {
    /// The deck's name.
    pub deck: String,
    /// Games played (twice per game against itself).
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the action limit.
    pub unfinished: u64,
    /// `wins / games`.
    pub win_rate: Option<f64>,
    /// Its cards, by name.
    pub cards: Vec<CardReport>,
}

/// The report of a whole run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The run.
    pub run: RunId,
    /// Per deck pairing, over both player assignments.
    pub deck_pairings: Vec<Matchup>,
    /// With two players: the first player against the second over every game.
    pub player_pairings: Vec<Matchup>,
    /// With two players: per deck pairing and player assignment, sides named `deck (player)`.
    pub matchups: Vec<Matchup>,
    /// Every game, from the side of the first deck of each pairing.
    pub all: Option<Matchup>,
    /// Per deck.
    pub decks: Vec<DeckReport>,
    /// Failed card effects.
    pub effect_errors: u64,
    /// Failed card effects that named no card.
    pub unattributed_errors: u64,
    /// In a run of matches (`dzero sim --match`): the match win rates; the rows above then
    /// count duels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<MatchReports>,
}

impl Report {
    /// The report of a complete run; an incomplete one (a shard, unmerged parts) is an error
    /// naming the games missing.
    pub fn new(p: &Partial) -> Result<Report, String> {
        p.validate()?;
        if !p.complete() {
            return Err(format!(
                "the parts count {} of the run's {} games (missing games {}): merge every shard",
                p.games(),
                p.run.games,
                p.missing().join(", ")
            ));
        }
        p.tallies.check(p.run.games)?;
        let run = &p.run;
        let deck = |i: usize| run.decks[i].name.as_str();
        let pairs = crate::schedule::pairings(run.decks.len());
        let specs = run.players.len();
        let mut deck_pairings = Vec::new();
        let mut matchups = Vec::new();
        let mut players = Tally::default();
        let mut all = Tally::default();
        let mut m = MatchReports::default();
        let mut match_players = MatchTally::default();
        for (pi, [a, b]) in pairs.iter().enumerate() {
            let mut pair = MatchTally::default();
            let tallies = p.tallies.matches.get(pi * specs..(pi + 1) * specs);
            for (ai, t) in tallies.unwrap_or_default().iter().enumerate() {
                pair.add(t);
                if specs == 2 {
                    let (pa, pb) = (&run.players[ai], &run.players[1 - ai]);
                    let side = |d, p| format!("{d} ({p})");
                    m.matchups
                        .extend(MatchReport::of(&side(deck(*a), pa), &side(deck(*b), pb), t));
                    match_players.add(&if ai == 0 { t.clone() } else { t.flipped() });
                }
            }
            m.deck_pairings
                .extend(MatchReport::of(deck(*a), deck(*b), &pair));
        }
        if specs == 2 {
            m.player_pairings.extend(MatchReport::of(
                &run.players[0],
                &run.players[1],
                &match_players,
            ));
        }
        for (pi, [a, b]) in pairs.iter().enumerate() {
            let mut pair = Tally::default();
            for (ai, t) in p.tallies.matchups[pi * specs..(pi + 1) * specs]
                .iter()
                .enumerate()
            {
                pair.add(t);
                if specs == 2 {
                    let (pa, pb) = (&run.players[ai], &run.players[1 - ai]);
                    let side = |d, p| format!("{d} ({p})");
                    matchups.extend(Matchup::of(&side(deck(*a), pa), &side(deck(*b), pb), t));
                    players.add(&if ai == 0 { t.clone() } else { t.flipped() });
                }
            }
            all.add(&pair);
            deck_pairings.extend(Matchup::of(deck(*a), deck(*b), &pair));
        }
        let player_pairings = if specs == 2 {
            Matchup::of(&run.players[0], &run.players[1], &players)
                .into_iter()
                .collect()
        } else {
            Vec::new()
        };
        let decks = p
            .tallies
            .decks
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let base = rate(d.wins, d.games);
                DeckReport {
                    deck: deck(i).to_owned(),
                    games: d.games,
                    wins: d.wins,
                    losses: d.losses,
                    draws: d.draws,
                    unfinished: d.unfinished,
                    win_rate: base,
                    cards: d.cards.iter().map(|(n, c)| card(n, c, base)).collect(),
                }
            })
            .collect();
        Ok(Report {
            run: run.clone(),
            deck_pairings,
            player_pairings,
            matchups,
            all: Matchup::of("first decks", "second decks", &all),
            decks,
            effect_errors: p.tallies.effect_errors,
            unattributed_errors: p.tallies.unattributed_errors,
            matches: run.matches.then_some(m),
        })
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// A card's row; `base` is its deck's win rate.
fn card(name: &str, c: &CardTally, base: Option<f64>) -> CardReport {
    let drawn = rate(c.drawn_wins, c.drawn);
    CardReport {
        card: name.to_owned(),
        drawn: c.drawn,
        played: c.played,
        win_rate_drawn: drawn,
        win_rate_played: rate(c.played_wins, c.played),
        improvement_drawn: drawn.zip(base).map(|(d, b)| rounded(d - b)),
        effect_errors: c.effect_errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        assert_eq!(wilson(50, 100), Some([0.403832, 0.596168]));
        assert_eq!(wilson(0, 10), Some([0.0, 0.277533]));
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn lengths_give_exact_ranks_and_buckets() {
        let counts: BTreeMap<u32, u64> = [(1, 1), (2, 1), (3, 1), (10, 1), (30, 6)].into();
        let l = Lengths::of(&counts).unwrap();
        assert_eq!((l.min, l.median, l.p90, l.max), (1, 30, 30, 30));
        assert_eq!(l.mean, 19.6);
        assert_eq!(l.histogram.len(), 10);
        assert_eq!(
            l.histogram[0],
            Bucket {
                from: 1,
                to: 3,
                games: 3
            }
        );
        assert_eq!(l.histogram.iter().map(|b| b.games).sum::<u64>(), 10);
        assert_eq!(l.histogram.last().map(|b| b.to), Some(30));
        let one: BTreeMap<u32, u64> = [(7, 2)].into();
        let l = Lengths::of(&one).unwrap();
        assert_eq!((l.min, l.median, l.p90, l.max), (7, 7, 7, 7));
        assert_eq!(
            l.histogram,
            vec![Bucket {
                from: 7,
                to: 7,
                games: 2
            }]
        );
    }
}
