//! `dzero bench`: the simulator's speed per deck pairing and the options its decisions offer,
//! printed as one table.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The bundled sets: `cardpool/sets` under the working folder, or in the source tree this
/// program was built from.
fn bundled() -> PathBuf {
    let here = Path::new("cardpool/sets");
    if here.is_dir() {
        here.to_owned()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets")
    }
}

/// `s` padded to `width` terminal columns (wide CJK characters take two).
fn padded(s: &str, width: usize) -> String {
    let cols: usize = s.chars().map(|c| if c >= '\u{1100}' { 2 } else { 1 }).sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(cols)))
}

/// Play-outs per decision of the timed searching player (the `mcts` default).
const SEARCH_PLAYOUTS: u32 = dzero_ai::DEFAULT_PLAYOUTS;

/// The searching player timed by the benchmark: `mcts` with its default play-outs.
fn searcher(seed: u64) -> Box<dyn dzero_sim::Chooser> {
    Box::new(dzero_ai::MctsPlayer::new(
        dzero_ai::Budget::Playouts(SEARCH_PLAYOUTS),
        seed,
    ))
}

/// Runs the benchmark and prints the table.
pub fn bench(
    paths: &[PathBuf],
    decks: Vec<PathBuf>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> ExitCode {
    let paths = if paths.is_empty() {
        vec![bundled()]
    } else {
        paths.to_vec()
    };
    let dirs: Vec<_> = paths
        .iter()
        .flat_map(|p| dzero_cardpool::set_dirs(p))
        .collect();
    let threads = dzero_sim::worker_threads(threads);
    let opts = dzero_sim::BenchOptions {
        games: games.max(1),
        seed,
        threads,
        decks,
        allocations: Some(dzero_sim::alloc_count::allocations),
        searcher: Some((searcher, SEARCH_PLAYOUTS)),
    };
    let report = match dzero_sim::bench(&dirs, &opts) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    say!(
        "random games, {} per pairing; one core, then {} threads (release builds only give meaningful figures)",
        opts.games,
        report.threads
    );
    say!(
        "{:<36} {:>9} {:>9} {:>9} {:>7} {:>8} {:>8} {:>10} {:>5} {:>8} {:>4} {:>9} {:>9} {:>11} {:>10}",
        "pairing",
        "games/s",
        "µs/act",
        "all g/s",
        "×",
        "clone",
        "legal",
        "act/game",
        "lua",
        "opt/dec",
        "max",
        "same",
        "alloc/act",
        "alloc/clone",
        "mcts po/s"
    );
    let mut same = true;
    let mut options = dzero_sim::OptionCount::default();
    for r in &report.rows {
        same &= r.identical;
        options.merge(r.options);
        say!(
            "{} {:>9.0} {:>9.2} {:>9.0} {:>7.2} {:>6.0}ns {:>6.1}µs {:>10.0} {:>4.0}% {:>8.2} {:>4} {:>9} {:>9} {:>11} {:>10}",
            padded(&r.matchup, 36),
            r.games_per_sec(),
            r.us_per_action(),
            r.games_per_sec_all(),
            r.speedup(),
            r.clone_ns,
            r.legal_us,
            r.actions as f64 / r.games as f64,
            r.lua_share() * 100.0,
            r.options.mean(),
            r.options.max,
            if r.identical { "yes" } else { "NO" },
            r.allocs_per_action
                .map_or_else(|| "-".to_owned(), |a| format!("{a:.1}")),
            r.allocs_per_clone
                .map_or_else(|| "-".to_owned(), |a| format!("{a:.0}")),
            r.playouts_per_sec
                .map_or_else(|| "-".to_owned(), |p| format!("{p:.0}"))
        );
    }
    say!(
        "options per decision over all pairings: mean {:.2}, max {} ({} decisions)",
        options.mean(),
        options.max,
        options.decisions
    );
    if same {
        ExitCode::SUCCESS
    } else {
        eprintln!("error: the every-core run played different games from the one-core run");
        ExitCode::FAILURE
    }
}
