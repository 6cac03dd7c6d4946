//! `dzero validate`, `dzero test` and `dzero fuzz`: checking whole card pools, printing only
//! (the work is `dzero_cardpool`'s and `dzero_sim`'s).

use std::process::ExitCode;

/// `dzero validate`: prints every problem of the pools under `paths` and a summary.
pub fn validate(paths: &[std::path::PathBuf]) -> ExitCode {
    let report = dzero_cardpool::validate(paths);
    for p in &report.problems {
        say!("{}", p.render());
    }
    for w in &report.written {
        say!("{w}");
    }
    let summary = format!(
        "{} set(s), {} card(s), {} deck list(s), {} smoke plays: {} problem(s)",
        report.sets.len(),
        report.cards,
        report.decks,
        report.smoked,
        report.problems.len()
    );
    if report.problems.is_empty() {
        say!("ok: {summary}");
        ExitCode::SUCCESS
    } else {
        say!("error: {summary}");
        ExitCode::FAILURE
    }
}

/// `dzero test`: runs the scenarios under `paths` (those matching `filter`), printing a line
/// each, a summary and with `coverage` the cards no scenario names.
pub fn test(
    paths: &[std::path::PathBuf],
    filter: Option<&str>,
    coverage: bool,
    rules: Option<dzero_core::RuleSet>,
) -> ExitCode {
    use dzero_scenario::{SetCache, run_paths_under};
    let sets = rules.map_or_else(SetCache::new, SetCache::with_rules);
    let report = run_paths_under(paths, filter, sets);
    say_raw!("{}", report.render());
    if coverage {
        for c in dzero_scenario::coverage(paths) {
            say!("{c}");
        }
    }
    if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `dzero fuzz`: random games between every pair of the deck lists of the sets under `paths`,
/// reporting panics, refused actions, endless games and card errors.
pub fn fuzz(
    paths: &[std::path::PathBuf],
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> ExitCode {
    let dirs: Vec<_> = paths
        .iter()
        .flat_map(|p| dzero_cardpool::set_dirs(p))
        .collect();
    let threads = dzero_sim::worker_threads(threads);
    let start = std::time::Instant::now();
    let r = match dzero_sim::fuzz(&dirs, games, seed, threads) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let secs = start.elapsed().as_secs_f64();
    for m in &r.matchups {
        say!("matchup  {m}");
    }
    say!(
        "{} games in {secs:.1} s on {threads} thread(s) ({:.0} games/s, {:.0} actions/game), {} draw(s)",
        r.games,
        r.games as f64 / secs,
        r.actions as f64 / r.games.max(1) as f64,
        r.draws
    );
    say!(
        "panics {}  refused actions {}  conservation {}  endless {}  setup {}  effect errors {}",
        r.panics,
        r.refused,
        r.conservation,
        r.endless,
        r.setup,
        r.effect_errors
    );
    say!(
        "cancelled announcements {}  energy paid card by card {}",
        r.cancels,
        r.card_payments
    );
    for (card, n) in &r.script_errors {
        say!("script errors  {card}: {n}");
    }
    for f in &r.failures {
        say!(
            "game {} ({}; seed {}): {}",
            f.game,
            f.matchup,
            seed.wrapping_add(f.game),
            f.what
        );
    }
    if r.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
