//! Many games on every core: the pairings of the sets' deck lists, and a runner that deals
//! games out by number to worker threads. Card definitions hold Lua functions, which belong to
//! one thread, so each worker loads its own copy of the sets (or deck files) once; a game depends only on its
//! number, so results are the same whatever the number of threads.

use dzero_cardpool::CardSet;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

/// One pairing of two deck lists of one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    /// Index of the set in the loaded sets.
    pub set: usize,
    /// Indices of the two decks in the set's deck lists.
    pub decks: [usize; 2],
    /// `set: deck vs deck`.
    pub name: String,
}

impl Matchup {
    /// The deck lists of game `k` of a run cycling through `count` matchups: seats swap every
    /// round of matchups, so each deck plays first as often as the other.
    pub fn seats<'s>(
        &self,
        sets: &'s [CardSet],
        k: u64,
        count: usize,
    ) -> [&'s [dzero_core::DefId]; 2] {
        let set = &sets[self.set];
        let (a, b) = (
            set.decks[self.decks[0]].cards.as_slice(),
            set.decks[self.decks[1]].cards.as_slice(),
        );
        if (k / count as u64) % 2 == 1 {
            [b, a]
        } else {
            [a, b]
        }
    }
}

/// `threads` worker threads when given, else one per core.
pub fn worker_threads(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Loads every set; a set that does not load is an error naming its problems' count.
pub fn load_all(dirs: &[PathBuf]) -> Result<Vec<CardSet>, String> {
    dirs.iter().map(|d| crate::decks::load(d)).collect()
}

/// Every pair of each set's deck lists (a lone deck plays against itself). With `decks`
/// given, only those deck files take part (a file is `SET/decks/NAME.txt`).
pub fn matchups(sets: &[CardSet], decks: &[PathBuf]) -> Result<Vec<Matchup>, String> {
    let wanted = |set: &CardSet, name: &str| {
        decks.is_empty()
            || decks.iter().any(|d| {
                d.file_stem().is_some_and(|s| s == name)
                    && d.parent()
                        .and_then(Path::parent)
                        .is_some_and(|dir| same_dir(dir, &set.dir))
            })
    };
    let mut out = Vec::new();
    for (si, s) in sets.iter().enumerate() {
        let chosen: Vec<usize> = (0..s.decks.len())
            .filter(|&i| wanted(s, &s.decks[i].name))
            .collect();
        let n = chosen.len();
        let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| [i, j]));
        for [i, j] in (n == 1).then_some([0, 0]).into_iter().chain(pairs) {
            let d = [chosen[i], chosen[j]];
            out.push(Matchup {
                set: si,
                decks: d,
                name: format!("{}: {} vs {}", s.id, s.decks[d[0]].name, s.decks[d[1]].name),
            });
        }
    }
    for d in decks {
        let found = out.iter().any(|m| {
            let s = &sets[m.set];
            m.decks.iter().any(|&i| {
                d.file_stem().is_some_and(|n| *n == *s.decks[i].name)
                    && d.parent()
                        .and_then(Path::parent)
                        .is_some_and(|dir| same_dir(dir, &s.dir))
            })
        });
        if !found {
            return Err(format!(
                "{}: not a deck list of the sets given (a deck list is SET/decks/NAME.txt)",
                d.display()
            ));
        }
    }
    if out.is_empty() {
        return Err("no deck lists to play: a set's decks/ folder holds its deck lists".into());
    }
    Ok(out)
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Runs `play(sets, k)` for every game number `k` in `0..games` on `threads` worker threads,
/// each with its own copy of the sets in `dirs` (which `play` may replace, e.g. after a panic
/// left a Lua state mid-call). Returns the results in game order and the wall time the games
/// took (loading excluded).
pub fn run_games<T: Send>(
    dirs: &[PathBuf],
    games: u64,
    threads: usize,
    play: impl Fn(&mut Vec<CardSet>, u64) -> T + Sync,
) -> Result<(Vec<T>, Duration), String> {
    run_games_warm(dirs, games, threads, 0, play)
}

/// [`run_games`], each worker first playing the extra games `games..games + warmup` untimed
/// and unreported (warm caches and allocator, for benchmarks).
pub fn run_games_warm<T: Send>(
    dirs: &[PathBuf],
    games: u64,
    threads: usize,
    warmup: u64,
    play: impl Fn(&mut Vec<CardSet>, u64) -> T + Sync,
) -> Result<(Vec<T>, Duration), String> {
    run_games_with(|| load_all(dirs), 0..games, threads, warmup, play)
}

/// Runs `play(world, k)` for every game number `k` in `range` on `threads` worker threads,
/// each with its own world from `load` (such as [`crate::DeckFiles::load`]: Lua states belong
/// to one thread), after `warmup` untimed, unreported games numbered from `range.end`. Returns
/// the results in game order and the wall time the games took (loading excluded).
pub fn run_games_with<W, T: Send>(
    load: impl Fn() -> Result<W, String> + Sync,
    range: Range<u64>,
    threads: usize,
    warmup: u64,
    play: impl Fn(&mut W, u64) -> T + Sync,
) -> Result<(Vec<T>, Duration), String> {
    let threads = threads.max(1);
    let next = AtomicU64::new(range.start);
    let end = range.end;
    let loaded = Barrier::new(threads);
    let start = Mutex::new(None::<Instant>);
    let count = end.saturating_sub(range.start);
    let results = Mutex::new(Vec::with_capacity(count.try_into().unwrap_or(0)));
    let worker = || -> Result<(), String> {
        let world = load().map(|mut world| {
            for k in end..end.saturating_add(warmup) {
                play(&mut world, k);
            }
            world
        });
        loaded.wait();
        let mut world = world?;
        start
            .lock()
            .map_err(|_| "a worker failed")?
            .get_or_insert_with(Instant::now);
        let mut part = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= end {
                break;
            }
            part.push((k, play(&mut world, k)));
        }
        results.lock().map_err(|_| "a worker failed")?.extend(part);
        Ok(())
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect::<Result<Vec<()>, String>>()
    })?;
    let took = start
        .into_inner()
        .map_err(|_| "a worker failed")?
        .map_or(Duration::ZERO, |t| t.elapsed());
    let mut results = results.into_inner().map_err(|_| "a worker failed")?;
    results.sort_unstable_by_key(|(k, _)| *k);
    Ok((results.into_iter().map(|(_, r)| r).collect(), took))
}
