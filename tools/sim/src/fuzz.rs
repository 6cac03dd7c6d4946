//! The fuzzer: random games between every pair of a set's deck lists on every core, counting
//! what must never happen (panics, refused listed actions, broken card conservation, endless
//! games) and card errors. Its players also withdraw announcements and pay card by card
//! ([`RandomPlayer::fuzzer`]), so those paths are played too. Each game depends only on its index and the seed, so the report is
//! the same whatever the number of threads.

use crate::games::{load_all, matchups, run_games};
use crate::playout::{PlayError, PlayOptions, Watch, play_with, player_seeds};
use crate::random::RandomPlayer;
use dzero_core::{Action, Game, Pick, Player};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

/// Most failures kept in a report (the lowest game numbers).
const MAX_FAILURES: usize = 20;

/// One game that went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzFailure {
    /// The game's number (its seed is the run's seed plus this).
    pub game: u64,
    /// `set: deck vs deck`.
    pub matchup: String,
    /// What happened.
    pub what: String,
}

/// What a fuzz run found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    /// Games played.
    pub games: u64,
    /// Actions taken over all games.
    pub actions: u64,
    /// Games that ended in a draw.
    pub draws: u64,
    /// Announcements withdrawn ([`Pick::Cancel`]).
    pub cancels: u64,
    /// Energy points paid card by card ([`Pick::PayCard`]).
    pub card_payments: u64,
    /// Games in which the engine panicked.
    pub panics: u64,
    /// Games in which a listed legal action was refused, or none was listed.
    pub refused: u64,
    /// Games in which card conservation broke.
    pub conservation: u64,
    /// Games with no result within the action limit.
    pub endless: u64,
    /// Games whose decks were refused at setup.
    pub setup: u64,
    /// Card effects that failed (rolled back and reported by the engine).
    pub effect_errors: u64,
    /// Script errors by card name (hooks and effects).
    pub script_errors: BTreeMap<String, u64>,
    /// The matchups played: `set: deck vs deck`.
    pub matchups: Vec<String>,
    /// The first failures, by game number.
    pub failures: Vec<FuzzFailure>,
}

impl FuzzReport {
    /// Whether nothing that must never happen happened.
    pub fn clean(&self) -> bool {
        self.panics + self.refused + self.conservation + self.endless + self.setup == 0
    }

    fn add(&mut self, o: FuzzReport) {
        self.games += o.games;
        self.actions += o.actions;
        self.draws += o.draws;
        self.cancels += o.cancels;
        self.card_payments += o.card_payments;
        self.panics += o.panics;
        self.refused += o.refused;
        self.conservation += o.conservation;
        self.endless += o.endless;
        self.setup += o.setup;
        self.effect_errors += o.effect_errors;
        for (k, v) in o.script_errors {
            *self.script_errors.entry(k).or_default() += v;
        }
        self.failures.extend(o.failures);
        self.failures.sort_by_key(|f| f.game);
        self.failures.truncate(MAX_FAILURES);
    }
}

/// Counts the picks only the fuzzer's players make.
#[derive(Default)]
struct PickCount {
    cancels: u64,
    card_payments: u64,
}

impl Watch for PickCount {
    fn before(&mut self, _game: &Game, _seat: Player, action: &Action) {
        match action {
            Action::Pick(Pick::Cancel) => self.cancels += 1,
            Action::Pick(Pick::PayCard(_)) => self.card_payments += 1,
            _ => {}
        }
    }
}

/// Plays `games` random games over the deck lists of the sets in `dirs` (every pair of a set's
/// decks, a lone deck against itself, with the set's dimension deck where its rule set plays
/// one; game `k` has seed `seed + k` and swaps seats every round) on `threads` threads, card
/// conservation checked after every action.
pub fn fuzz(dirs: &[PathBuf], games: u64, seed: u64, threads: usize) -> Result<FuzzReport, String> {
    let matchups = matchups(&load_all(dirs)?, &[])?;
    let count = matchups.len();
    let (parts, _) = run_games(dirs, games, threads, |sets, k| {
        let m = &matchups[(k % count as u64) as usize];
        let mut picks = PickCount::default();
        let ran = {
            let decks = m.seats(sets, k, count);
            let set = &sets[m.set];
            let game_seed = seed.wrapping_add(k);
            catch_unwind(AssertUnwindSafe(|| {
                let game =
                    crate::duel::start_set_duel(set, decks, game_seed).map_err(PlayError::Setup)?;
                let mut players = player_seeds(game_seed).map(RandomPlayer::fuzzer);
                play_with(
                    &set.db,
                    game,
                    &mut players,
                    PlayOptions::default(),
                    &mut picks,
                )
            }))
        };
        let mut part = FuzzReport {
            games: 1,
            cancels: picks.cancels,
            card_payments: picks.card_payments,
            ..FuzzReport::default()
        };
        let fail = |what: String| FuzzFailure {
            game: k,
            matchup: m.name.clone(),
            what,
        };
        match ran {
            Err(p) => {
                part.panics += 1;
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                part.failures.push(fail(format!("panic: {msg}")));
                // The Lua state may be left mid-call: start again from the files.
                match load_all(dirs) {
                    Ok(fresh) => *sets = fresh,
                    Err(e) => part.failures.push(fail(e)),
                }
            }
            Ok(Err(e)) => {
                match e {
                    PlayError::Setup(_) => part.setup += 1,
                    PlayError::NoLegalAction { .. } | PlayError::Refused { .. } => {
                        part.refused += 1
                    }
                    PlayError::Conservation { .. } => part.conservation += 1,
                    PlayError::TooLong { .. } => part.endless += 1,
                }
                part.failures.push(fail(e.to_string()));
            }
            Ok(Ok(out)) => {
                part.actions += u64::from(out.actions);
                if out.result() == Some(dzero_core::GameResult::Draw) {
                    part.draws += 1;
                }
                part.effect_errors += out.game.effect_errors().len() as u64;
            }
        }
        for e in sets[m.set].host.take_errors() {
            *part.script_errors.entry(e.card).or_default() += 1;
        }
        part
    })?;
    let mut report = FuzzReport::default();
    for p in parts {
        report.add(p);
    }
    report.matchups = matchups.into_iter().map(|m| m.name).collect();
    Ok(report)
}
