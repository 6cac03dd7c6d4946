//! The simulator benchmark behind `dzero bench`: random games per deck pairing on one core and
//! on every core, with the cost of cloning a state, of listing legal actions, the share of the
//! time spent in Lua and how many options the decisions offer.

use crate::games::{Matchup, load_all, matchups, run_games, run_games_warm};
use crate::hash::state_hash;
use crate::playout::{PlayOptions, Watch, play_with, player_seeds};
use crate::random::RandomPlayer;
use crate::seat::{Chooser, SeatView};
use dzero_cardpool::CardSet;
use dzero_core::{Action, CardDb, Game, Player};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Games per pairing (on one core, and again on every core).
    pub games: u64,
    /// Seed of the first game (game k plays seed + k).
    pub seed: u64,
    /// Worker threads for the "every core" run.
    pub threads: usize,
    /// Only these deck files (`SET/decks/NAME.txt`); all of the sets' decks when empty.
    pub decks: Vec<PathBuf>,
    /// Allocations made so far on the calling thread, when the program counts them (a counting
    /// global allocator lives in the binary); `None`: allocations are not reported.
    pub allocations: Option<fn() -> u64>,
    /// A searching player with a fixed play-out budget (`searcher(seed)`, and its play-outs per
    /// decision), timed on the first decisions of one game per pairing; `None`: not measured.
    pub searcher: Option<(MakeSearcher, u32)>,
}

/// Makes a searching player from its seed.
pub type MakeSearcher = fn(u64) -> Box<dyn Chooser>;

/// The figures of one pairing.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// `set: deck vs deck`.
    pub matchup: String,
    /// Games played in each run.
    pub games: u64,
    /// Actions taken over those games.
    pub actions: u64,
    /// Wall time of the games on one core.
    pub one_core: Duration,
    /// Wall time of the same games on every core.
    pub all_cores: Duration,
    /// Time spent in Lua during the one-core run.
    pub lua: Duration,
    /// Median time to clone a state, in nanoseconds (states sampled along the games).
    pub clone_ns: f64,
    /// Median allocations one clone of those states makes, when counted.
    pub allocs_per_clone: Option<f64>,
    /// Median time to list the legal actions of a state, in microseconds.
    pub legal_us: f64,
    /// Whether both runs played exactly the same games (final state hashes equal).
    pub identical: bool,
    /// The legal actions listed at each decision of the same games.
    pub options: OptionCount,
    /// Allocations per action over the random play-outs of a sample of the games (set-up not
    /// counted), when counted.
    pub allocs_per_action: Option<f64>,
    /// The searching player's play-outs per second, when measured.
    pub playouts_per_sec: Option<f64>,
}

/// How many legal actions decisions offered (`Game::legal_actions`, every kind of decision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionCount {
    /// Decisions counted.
    pub decisions: u64,
    /// Legal actions listed over them.
    pub total: u64,
    /// The most listed at one decision.
    pub max: u64,
}

impl OptionCount {
    /// Mean legal actions per decision.
    pub fn mean(&self) -> f64 {
        self.total as f64 / self.decisions.max(1) as f64
    }

    /// Counts one decision offering `n` actions.
    pub fn add(&mut self, n: u64) {
        self.decisions += 1;
        self.total += n;
        self.max = self.max.max(n);
    }

    /// Adds the decisions `o` counted.
    pub fn merge(&mut self, o: OptionCount) {
        self.decisions += o.decisions;
        self.total += o.total;
        self.max = self.max.max(o.max);
    }
}

impl BenchRow {
    /// Games per second on one core.
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.one_core.as_secs_f64().max(1e-9)
    }

    /// Games per second on every core.
    pub fn games_per_sec_all(&self) -> f64 {
        self.games as f64 / self.all_cores.as_secs_f64().max(1e-9)
    }

    /// Microseconds per action on one core.
    pub fn us_per_action(&self) -> f64 {
        self.one_core.as_secs_f64() * 1e6 / self.actions.max(1) as f64
    }

    /// Every-core speed over one-core speed.
    pub fn speedup(&self) -> f64 {
        self.one_core.as_secs_f64() / self.all_cores.as_secs_f64().max(1e-9)
    }

    /// The share of one-core time spent in Lua, 0–1.
    pub fn lua_share(&self) -> f64 {
        self.lua.as_secs_f64() / self.one_core.as_secs_f64().max(1e-9)
    }
}

/// A benchmark run.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Worker threads of the every-core runs.
    pub threads: usize,
    /// One row per pairing.
    pub rows: Vec<BenchRow>,
}

/// Samples states along a game (every `EVERY`th decision) for the clone and listing timings.
struct Sampler {
    every: u32,
    seen: u32,
    states: Vec<Game>,
}

impl Watch for Sampler {
    fn before(&mut self, game: &Game, _seat: Player, _action: &Action) {
        if self.seen.is_multiple_of(self.every) {
            self.states.push(game.clone());
        }
        self.seen += 1;
    }
}

/// Lists the legal actions before each action of a game and counts them.
struct OptionWatch<'d> {
    db: &'d CardDb,
    buf: Vec<Action>,
    count: OptionCount,
}

impl Watch for OptionWatch<'_> {
    fn before(&mut self, game: &Game, _seat: Player, _action: &Action) {
        game.legal_actions(self.db, &mut self.buf);
        self.count.add(self.buf.len() as u64);
    }
}

/// How many sampled states the clone and listing timings use.
const SAMPLE_GAMES: u64 = 20;

/// Runs the benchmark over the deck lists of the sets in `dirs`.
pub fn bench(dirs: &[PathBuf], opts: &BenchOptions) -> Result<BenchReport, String> {
    let sets = load_all(dirs)?;
    let pairs = matchups(&sets, &opts.decks)?;
    let mut rows = Vec::new();
    for m in &pairs {
        rows.push(bench_pair(dirs, &sets, m, opts)?);
    }
    Ok(BenchReport {
        threads: opts.threads,
        rows,
    })
}

/// Plays game `k` of a pairing with random players, returning its actions and final state
/// (hashed after the timing).
fn play_game(sets: &[CardSet], m: &Matchup, seed: u64, k: u64) -> Result<(u32, Game), String> {
    let out = random_game(sets, m, seed, k, &mut ())?;
    Ok((out.actions, out.game))
}

/// Game `k` of a pairing between random players, without the conservation check, shown to
/// `watch`.
fn random_game(
    sets: &[CardSet],
    m: &Matchup,
    seed: u64,
    k: u64,
    watch: &mut impl Watch,
) -> Result<crate::playout::PlayOut, String> {
    let set = &sets[m.set];
    let decks = m.seats(sets, k, 1);
    let seed = seed.wrapping_add(k);
    let game = crate::duel::start_set_duel(set, decks, seed)?;
    let mut players = player_seeds(seed).map(RandomPlayer::new);
    let opts = PlayOptions {
        conservation: false,
        recheck: false,
        ..PlayOptions::default()
    };
    play_with(&set.db, game, &mut players, opts, watch).map_err(|e| format!("game {k}: {e}"))
}

fn bench_pair(
    dirs: &[PathBuf],
    sets: &[CardSet],
    m: &Matchup,
    opts: &BenchOptions,
) -> Result<BenchRow, String> {
    let hosts = |sets: &[CardSet]| {
        let s = &sets[m.set];
        std::iter::once(std::rc::Rc::clone(&s.host))
            .chain(s.required.iter().map(|r| std::rc::Rc::clone(&r.host)))
            .collect::<Vec<_>>()
    };
    let lua_ns = std::sync::atomic::AtomicU64::new(0);
    let warmup = (opts.games / 20).min(100);
    let (one, one_time) = run_games_warm(dirs, opts.games, 1, warmup, |sets, k| {
        let hs = hosts(sets);
        hs.iter().for_each(|h| h.set_timing(true));
        let r = play_game(sets, m, opts.seed, k);
        let spent: Duration = hs.iter().map(|h| h.take_time()).sum();
        // Warm-up games (numbered from `games` on) are not part of the figures.
        let spent = if k < opts.games {
            spent
        } else {
            Duration::ZERO
        };
        lua_ns.fetch_add(
            u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX),
            std::sync::atomic::Ordering::Relaxed,
        );
        r
    })?;
    // Timed the same way (the clock reads cost the same on every core).
    let (all, all_time) = run_games_warm(dirs, opts.games, opts.threads, warmup, |sets, k| {
        let hs = hosts(sets);
        hs.iter().for_each(|h| h.set_timing(true));
        let r = play_game(sets, m, opts.seed, k);
        hs.iter().for_each(|h| {
            h.take_time();
        });
        r
    })?;
    let hashed = |games: Vec<Result<(u32, Game), String>>| {
        games
            .into_iter()
            .map(|r| r.map(|(a, g)| (a, state_hash(&g))))
            .collect::<Result<Vec<_>, _>>()
    };
    let (one, all) = (hashed(one)?, hashed(all)?);
    let (clone_ns, legal_us, allocs_per_clone) =
        sample_timings(sets, m, opts.seed, opts.allocations)?;
    // Listing at every decision would slow the timed runs: the same games again, untimed.
    let (counts, _) = run_games(dirs, opts.games, opts.threads, |sets, k| {
        let mut watch = OptionWatch {
            db: &sets[m.set].db,
            buf: Vec::new(),
            count: OptionCount::default(),
        };
        random_game(sets, m, opts.seed, k, &mut watch).map(|_| watch.count)
    })?;
    let mut options = OptionCount::default();
    for c in counts {
        options.merge(c?);
    }
    let allocs_per_action = match opts.allocations {
        Some(counter) => Some(count_allocations(sets, m, opts.seed, counter)?),
        None => None,
    };
    let playouts_per_sec = match opts.searcher {
        Some((make, per_decision)) => Some(time_search(sets, m, opts.seed, make, per_decision)?),
        None => None,
    };
    Ok(BenchRow {
        matchup: m.name.clone(),
        games: opts.games,
        actions: one.iter().map(|&(a, _)| u64::from(a)).sum(),
        one_core: one_time,
        all_cores: all_time,
        lua: Duration::from_nanos(lua_ns.into_inner()),
        clone_ns,
        allocs_per_clone,
        legal_us,
        identical: one == all,
        options,
        allocs_per_action,
        playouts_per_sec,
    })
}

/// Games whose allocations are counted (on the calling thread, after each duel is set up).
const ALLOC_GAMES: u64 = 20;

/// Allocations per action of random play-outs: the duel is set up first, then only
/// [`play_with`] is counted.
fn count_allocations(
    sets: &[CardSet],
    m: &Matchup,
    seed: u64,
    counter: fn() -> u64,
) -> Result<f64, String> {
    let set = &sets[m.set];
    let (mut allocs, mut actions) = (0u64, 0u64);
    for k in 0..ALLOC_GAMES {
        let s = seed.wrapping_add(k);
        let game = crate::duel::start_set_duel(set, m.seats(sets, k, 1), s)?;
        let mut players = player_seeds(s).map(RandomPlayer::new);
        let opts = PlayOptions {
            conservation: false,
            recheck: false,
            ..PlayOptions::default()
        };
        let before = counter();
        let out = play_with(&set.db, game, &mut players, opts, &mut ())
            .map_err(|e| format!("game {k}: {e}"))?;
        allocs += counter() - before;
        actions += u64::from(out.actions);
    }
    Ok(allocs as f64 / actions.max(1) as f64)
}

/// Decisions the searching player makes, timed, in [`time_search`].
const SEARCHED_DECISIONS: u32 = 12;

/// Times a searching player (both seats) on the first [`SEARCHED_DECISIONS`] decisions with a
/// choice of game 0; the rest of the game is played at random. Returns play-outs per second.
fn time_search(
    sets: &[CardSet],
    m: &Matchup,
    seed: u64,
    make: MakeSearcher,
    per_decision: u32,
) -> Result<f64, String> {
    let set = &sets[m.set];
    let game = crate::duel::start_set_duel(set, m.seats(sets, 0, 1), seed)?;
    let [a, b] = player_seeds(seed);
    let mut timed = TimedSearch {
        search: [make(a), make(b)],
        random: [RandomPlayer::new(a), RandomPlayer::new(b)],
        buf: Vec::new(),
        searched: 0,
        spent: Duration::ZERO,
    };
    let opts = PlayOptions {
        conservation: false,
        recheck: false,
        ..PlayOptions::default()
    };
    play_with(&set.db, game, &mut timed, opts, &mut ()).map_err(|e| format!("search game: {e}"))?;
    let playouts = f64::from(timed.searched) * f64::from(per_decision);
    Ok(playouts / timed.spent.as_secs_f64().max(1e-9))
}

/// Searches the first decisions that offer a choice, timing them, then plays at random.
struct TimedSearch {
    search: [Box<dyn Chooser>; 2],
    random: [RandomPlayer; 2],
    buf: Vec<Action>,
    searched: u32,
    spent: Duration,
}

impl Chooser for TimedSearch {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        let seat = view.seat().index();
        if self.searched >= SEARCHED_DECISIONS {
            return self.random[seat].choose(view);
        }
        view.actions(&mut self.buf);
        crate::restrict(&mut self.buf);
        if self.buf.len() <= 1 {
            return self.random[seat].choose(view);
        }
        let t = Instant::now();
        let a = self.search[seat].choose(view);
        self.spent += t.elapsed();
        self.searched += 1;
        a
    }
}

/// Median clone time (ns), legal-action listing time (µs) and, with a `counter`, allocations
/// per clone over states sampled along a few games.
fn sample_timings(
    sets: &[CardSet],
    m: &Matchup,
    seed: u64,
    counter: Option<fn() -> u64>,
) -> Result<(f64, f64, Option<f64>), String> {
    let set = &sets[m.set];
    let mut sampler = Sampler {
        every: 7,
        seen: 0,
        states: Vec::new(),
    };
    for k in 0..SAMPLE_GAMES {
        random_game(sets, m, seed, k, &mut sampler)?;
    }
    const REPEAT: u32 = 50;
    let mut clones = Vec::with_capacity(sampler.states.len());
    let mut listings = Vec::with_capacity(sampler.states.len());
    let mut allocs = Vec::with_capacity(sampler.states.len());
    let mut buf = Vec::new();
    for g in &sampler.states {
        if let Some(count) = counter {
            let before = count();
            std::hint::black_box(g.clone());
            allocs.push((count() - before) as f64);
        }
        let t = Instant::now();
        for _ in 0..REPEAT {
            std::hint::black_box(g.clone());
        }
        clones.push(t.elapsed().as_secs_f64() * 1e9 / f64::from(REPEAT));
        let t = Instant::now();
        for _ in 0..REPEAT {
            g.legal_actions(&set.db, &mut buf);
            std::hint::black_box(&buf);
        }
        listings.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(REPEAT));
    }
    let allocs = counter.map(|_| median(&mut allocs));
    Ok((median(&mut clones), median(&mut listings), allocs))
}

fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::OptionCount;

    #[test]
    fn option_counts_add_up_to_a_mean_and_a_max() {
        let mut a = OptionCount::default();
        a.add(2);
        a.add(6);
        let mut b = OptionCount::default();
        b.add(1);
        a.merge(b);
        assert_eq!((a.decisions, a.total, a.max), (3, 9, 6));
        assert_eq!(a.mean(), 3.0);
        assert_eq!(OptionCount::default().mean(), 0.0);
    }
}
