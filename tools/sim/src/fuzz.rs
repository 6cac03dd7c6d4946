//! The fuzzer: random games between every pair of a set's deck lists on every core, counting
//! what must never happen (panics, refused listed actions, broken card conservation, endless
//! games) and card errors. Each game depends only on its index and the seed, so the report is
//! the same whatever the number of threads.

use crate::playout::{PlayError, PlayOptions, play_random};
use dzero_cardpool::{CardSet, load_set};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// One pairing of two deck lists of one set.
struct Matchup {
    set: usize,
    decks: [usize; 2],
    /// `set: deck vs deck`.
    name: String,
}

/// Loads every set; a set that does not load is an error naming its problems' count.
fn load_all(dirs: &[PathBuf]) -> Result<Vec<CardSet>, String> {
    dirs.iter()
        .map(|d| {
            let loaded = load_set(d);
            loaded.set.ok_or_else(|| {
                format!(
                    "{}: the set does not load ({} problem(s); run `dzero validate`)",
                    d.display(),
                    loaded.problems.len()
                )
            })
        })
        .collect()
}

/// Plays `games` random games over the deck lists of the sets in `dirs` (every pair of a set's
/// decks, a lone deck against itself; game `k` has seed `seed + k` and swaps seats every
/// round) on `threads` threads.
pub fn fuzz(dirs: &[PathBuf], games: u64, seed: u64, threads: usize) -> Result<FuzzReport, String> {
    let sets = load_all(dirs)?;
    let mut matchups = Vec::new();
    for (si, s) in sets.iter().enumerate() {
        let n = s.decks.len();
        // A lone deck plays against itself.
        let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| [i, j]));
        for decks in (n == 1).then_some([0, 0]).into_iter().chain(pairs) {
            let name = format!(
                "{}: {} vs {}",
                s.id, s.decks[decks[0]].name, s.decks[decks[1]].name
            );
            matchups.push(Matchup {
                set: si,
                decks,
                name,
            });
        }
    }
    if matchups.is_empty() {
        return Err("no deck lists to play: a set's decks/ folder holds its deck lists".into());
    }
    drop(sets);
    let next = AtomicU64::new(0);
    let total = Mutex::new(FuzzReport::default());
    let threads = threads.max(1);
    let worker = || -> Result<(), String> {
        let mut sets = load_all(dirs)?;
        let mut part = FuzzReport::default();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= games {
                break;
            }
            let m = &matchups[(k % matchups.len() as u64) as usize];
            let swap = (k / matchups.len() as u64) % 2 == 1;
            let ran = {
                let set = &sets[m.set];
                let (a, b) = (&set.decks[m.decks[0]].cards, &set.decks[m.decks[1]].cards);
                let decks: [&[_]; 2] = if swap { [b, a] } else { [a, b] };
                catch_unwind(AssertUnwindSafe(|| {
                    play_random(
                        &set.db,
                        set.rules,
                        decks,
                        seed.wrapping_add(k),
                        PlayOptions::default(),
                    )
                }))
            };
            part.games += 1;
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
                    sets = load_all(dirs)?;
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
            if part.failures.len() > MAX_FAILURES {
                part.failures.sort_by_key(|f| f.game);
                part.failures.truncate(MAX_FAILURES);
            }
        }
        total
            .lock()
            .map_err(|_| "a fuzz worker failed".to_owned())?
            .add(part);
        Ok(())
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a fuzz worker panicked".into()))
            })
            .collect::<Result<Vec<()>, String>>()
    })?;
    let mut report = total.into_inner().map_err(|_| "a fuzz worker failed")?;
    report.matchups = matchups.into_iter().map(|m| m.name).collect();
    Ok(report)
}
