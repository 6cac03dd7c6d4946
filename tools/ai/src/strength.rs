//! Strength runs: games between two player specs over the sets' deck pairings, and the
//! figures they give (win rates with Wilson intervals, decision times).

use crate::spec::PlayerSpec;
use dzero_cardpool::CardSet;
use dzero_core::{Action, GameResult, Player};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, Matchup, PlayOptions, SeatView, play_with};
use std::time::{Duration, Instant};

/// How one game of a run ended, for the first spec of the pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The spec (0 or 1) whose player won.
    Won(usize),
    /// Both lost at once.
    Draw,
    /// The game failed (an engine or card bug), with why.
    Failed(String),
}

/// One game of a run.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// How it ended.
    pub outcome: Outcome,
    /// Index of the matchup played.
    pub matchup: usize,
    /// Per spec: the time of each decision that had more than one legal action.
    pub decisions: [Vec<Duration>; 2],
    /// Wall time of the game.
    pub took: Duration,
}

/// Times each decision with a real choice, per seat.
struct Timed<'a> {
    players: [Box<dyn Chooser>; 2],
    times: [Vec<Duration>; 2],
    listed: &'a mut Vec<Action>,
}

impl Chooser for Timed<'_> {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        let i = view.seat().index();
        view.actions(self.listed);
        let start = Instant::now();
        let a = self.players[i].choose(view);
        if self.listed.len() > 1 {
            self.times[i].push(start.elapsed());
        }
        a
    }
}

/// Plays game `k` of a run of `specs[0]` against `specs[1]` cycling through `matchups`: the
/// game's seed is `seed + k`; decks swap seats every round of matchups and the specs every
/// second round, so each spec plays each deck from each seat equally often.
pub fn play_game(
    sets: &[CardSet],
    matchups: &[Matchup],
    specs: [PlayerSpec; 2],
    seed: u64,
    k: u64,
) -> GameRecord {
    let count = matchups.len().max(1);
    let mi = (k % count as u64) as usize;
    let m = &matchups[mi];
    let set = &sets[m.set];
    let decks = m.seats(sets, k, count);
    let game_seed = seed.wrapping_add(k);
    let swapped = (k / (2 * count as u64)) % 2 == 1;
    let spec_of = |p: Player| usize::from((p == Player::Two) != swapped);
    let seeds = player_seeds(game_seed);
    let mut listed = Vec::new();
    let mut timed = Timed {
        players: Player::BOTH.map(|p| specs[spec_of(p)].player(seeds[p.index()])),
        times: [Vec::new(), Vec::new()],
        listed: &mut listed,
    };
    let start = Instant::now();
    let outcome = match dzero_sim::start_set_duel(set, decks, game_seed) {
        Err(e) => Outcome::Failed(format!("{}: setup refused: {e}", m.name)),
        Ok(game) => {
            let opts = PlayOptions {
                conservation: false,
                ..PlayOptions::default()
            };
            match play_with(&set.db, game, &mut timed, opts, &mut ()) {
                Err(e) => Outcome::Failed(format!("{} (game {k}): {e}", m.name)),
                Ok(out) => match out.result() {
                    Some(GameResult::Win(p)) => Outcome::Won(spec_of(p)),
                    Some(GameResult::Draw) => Outcome::Draw,
                    None => Outcome::Failed(format!("{} (game {k}): no result", m.name)),
                },
            }
        }
    };
    let took = start.elapsed();
    let [t0, t1] = timed.times;
    let decisions = if swapped { [t1, t0] } else { [t0, t1] };
    GameRecord {
        outcome,
        matchup: mi,
        decisions,
        took,
    }
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials.
pub fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = n as f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Win tally of the first spec over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first spec won.
    pub wins: u64,
    /// Games the second spec won.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Failed games.
    pub failed: u64,
}

impl Tally {
    /// Adds one game.
    pub fn add(&mut self, o: &Outcome) {
        match o {
            Outcome::Won(0) => self.wins += 1,
            Outcome::Won(_) => self.losses += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Failed(_) => self.failed += 1,
        }
    }

    /// Finished games (failed ones left out).
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The first spec's score: wins plus half the draws, over finished games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }
}

/// The `q`-quantile (0–1) of `times` (sorted in place); zero when empty.
pub fn quantile(times: &mut [Duration], q: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let i = ((times.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
    times[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_of_known_cases() {
        let (lo, hi) = wilson(0.5, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        let (lo, hi) = wilson(1.0, 10);
        assert!((lo - 0.7225).abs() < 1e-3 && (hi - 1.0).abs() < 1e-9);
        assert_eq!(wilson(0.3, 0), (0.0, 1.0));
    }

    #[test]
    fn tally_counts_draws_as_half() {
        let mut t = Tally::default();
        for o in [
            Outcome::Won(0),
            Outcome::Won(1),
            Outcome::Draw,
            Outcome::Won(0),
        ] {
            t.add(&o);
        }
        t.add(&Outcome::Failed("x".into()));
        assert_eq!(t.games(), 4);
        assert_eq!(t.failed, 1);
        assert_eq!(t.score(), 2.5 / 4.0);
    }

    #[test]
    fn quantiles_pick_sorted_elements() {
        let mut t: Vec<Duration> = [5, 1, 3, 2, 4].map(Duration::from_millis).to_vec();
        assert_eq!(quantile(&mut t, 0.5), Duration::from_millis(3));
        assert_eq!(quantile(&mut t, 0.9), Duration::from_millis(5));
        assert_eq!(quantile(&mut [], 0.5), Duration::ZERO);
    }
}
