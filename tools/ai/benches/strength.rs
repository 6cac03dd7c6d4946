//! Strength of one player spec against another: `cargo bench -p dzero-ai --bench strength --
//! --a mcts --b greedy --games 200`. Plays the games over the bundled sets' deck pairings on
//! every core and prints the first spec's score with its 95% Wilson interval, per pairing and
//! in all, and both specs' median and 90th-percentile decision times.

use clap::Parser;
use dzero_ai::PlayerSpec;
use dzero_ai::strength::{GameRecord, Outcome, Tally, play_game, quantile, wilson};
use dzero_sim::{matchups, run_games};
use std::path::PathBuf;
use std::process::ExitCode;

/// Games between two player specs.
#[derive(Parser)]
struct Args {
    /// The first player spec (random, greedy, mcts, mcts:N, mcts:Nms).
    #[arg(long, default_value = "greedy")]
    a: PlayerSpec,
    /// The second player spec.
    #[arg(long, default_value = "random")]
    b: PlayerSpec,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the first game (game k plays seed + k).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Set folders (default: the bundled sets).
    sets: Vec<PathBuf>,
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    bench: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let dirs = if args.sets.is_empty() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets");
        vec![root.join("d0-sample"), root.join("touhou-sample")]
    } else {
        args.sets.clone()
    };
    let threads = dzero_sim::worker_threads(args.threads);
    let specs = [args.a, args.b];
    let names = {
        let sets = dzero_sim::load_all(&dirs)?;
        matchups(&sets, &[])?
            .into_iter()
            .map(|m| m.name)
            .collect::<Vec<_>>()
    };
    println!(
        "{} vs {}: {} games on {threads} thread(s), seed {}",
        specs[0], specs[1], args.games, args.seed
    );
    let (records, took) = run_games(&dirs, args.games, threads, |sets, k| {
        let pairings = matchups(sets, &[]).unwrap_or_default();
        play_game(sets, &pairings, specs, args.seed, k)
    })?;
    report(specs, &names, &records);
    println!(
        "wall time {:.1} s; {:.2} s per game per thread",
        took.as_secs_f64(),
        took.as_secs_f64() * threads as f64 / args.games.max(1) as f64
    );
    Ok(())
}

fn report(specs: [PlayerSpec; 2], names: &[String], records: &[GameRecord]) {
    let line = |name: &str, t: &Tally| {
        let (lo, hi) = wilson(t.score(), t.games());
        println!(
            "  {name}: {} score {:.1}% [{:.1}%, {:.1}%] ({} won, {} lost, {} drawn{})",
            specs[0],
            t.score() * 100.0,
            lo * 100.0,
            hi * 100.0,
            t.wins,
            t.losses,
            t.draws,
            if t.failed > 0 {
                format!(", {} failed", t.failed)
            } else {
                String::new()
            }
        );
    };
    let mut all = Tally::default();
    for (i, name) in names.iter().enumerate() {
        let mut t = Tally::default();
        records
            .iter()
            .filter(|r| r.matchup == i)
            .for_each(|r| t.add(&r.outcome));
        line(name, &t);
    }
    records.iter().for_each(|r| all.add(&r.outcome));
    line("all", &all);
    for (i, spec) in specs.iter().enumerate() {
        let mut times: Vec<_> = records
            .iter()
            .flat_map(|r| r.decisions[i].iter().copied())
            .collect();
        let n = times.len();
        println!(
            "  {spec}: {n} decisions with a choice, median {:.2} ms, p90 {:.2} ms",
            quantile(&mut times, 0.5).as_secs_f64() * 1e3,
            quantile(&mut times, 0.9).as_secs_f64() * 1e3
        );
    }
    let mut games: Vec<_> = records.iter().map(|r| r.took).collect();
    println!(
        "  game time: median {:.2} s, max {:.2} s",
        quantile(&mut games, 0.5).as_secs_f64(),
        quantile(&mut games, 1.0).as_secs_f64()
    );
    if let Some(Outcome::Failed(why)) = records
        .iter()
        .map(|r| &r.outcome)
        .find(|o| matches!(o, Outcome::Failed(_)))
    {
        println!("  first failure: {why}");
    }
}
