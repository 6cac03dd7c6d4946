//! `dzero sim`: balance runs and merging their shards; arguments and output only (the work is
//! `dzero_balance`'s).

use clap::{Args, Subcommand};
use dzero_balance::{MAX_ACTIONS, Partial, Report, Shard, SimOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play many games (or, with --match, best-of-three matches) between deck lists with chosen
/// players on every core and report win rates, first-player advantage, game lengths and
/// per-card statistics.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    #[command(subcommand)]
    merge: Option<SimCommand>,
    /// A deck list (`SET/decks/NAME.txt`), from any set; repeatable. More than two decks play
    /// a round robin of every pair.
    #[arg(long = "deck", value_name = "FILE")]
    decks: Vec<PathBuf>,
    /// One player for both seats, or two as X,Y (each game seats one of each; both get every
    /// deck and seat equally often): random, greedy, mcts, mcts:N, mcts:Nms.
    #[arg(long, default_value = "random")]
    players: String,
    /// Games in the whole run.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The run's seed (game k's seed is derived from it and k alone).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The rule set: official, touhou, touhou-instant, dimension-war, dimension-exploration or
    /// a rule-set file (default: the decks' set's).
    #[arg(long, value_name = "NAME|FILE", value_parser = dzero_cardpool::rule_sets::rules_arg)]
    rules: Option<dzero_core::RuleSet>,
    /// The dimension deck list (`SET/dimensions/NAME.txt`, or a list's name) every game plays
    /// under a rule set with a dimension deck (R19.2), instead of the set's first one the rule
    /// set accepts.
    #[arg(long, value_name = "FILE")]
    dimensions: Option<PathBuf>,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Play only the K-th of N contiguous ranges of the games and write a partial report to
    /// `--out` (merge the parts with `dzero sim merge`).
    #[arg(long, value_name = "K/N", requires = "out", conflicts_with_all = ["json", "csv", "html"])]
    shard: Option<String>,
    /// Write the raw counts (a partial report for `dzero sim merge`) to this file.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write each game as a replay (`DIR/game-NNNNNN.json`; with --match each match as
    /// `DIR/match-NNNNNN.json`); `dzero replay` re-runs it.
    #[arg(long, value_name = "DIR")]
    replays: Option<PathBuf>,
    /// Play best-of-three matches (R2.4) instead of games: --games counts matches, the AI
    /// swaps sideboard cards and chooses the first player between duels, and the report gives
    /// match win rates beside the duel win rates.
    #[arg(long = "match")]
    matches: bool,
    /// A game still running after this many actions stops, counted as unfinished.
    #[arg(long, default_value_t = MAX_ACTIONS)]
    max_actions: u32,
    #[command(flatten)]
    output: Output,
}

#[derive(Subcommand)]
enum SimCommand {
    /// Combine the partial reports of a run's shards into the report a single run gives.
    Merge {
        /// The partial reports (`--out` files of every shard).
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        #[command(flatten)]
        output: Output,
    },
}

/// How the report is printed.
#[derive(Args)]
struct Output {
    /// Print the report as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the report as CSV.
    #[arg(long)]
    csv: bool,
    /// Also write the report as one self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// Runs `dzero sim` or `dzero sim merge`.
pub fn sim(args: SimArgs) -> ExitCode {
    let done = match args.merge {
        Some(SimCommand::Merge { parts, output }) => merge(&parts, &output),
        None => run(&args),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &SimArgs) -> Result<(), String> {
    let shard = args.shard.as_deref().map(str::parse).transpose()?;
    let opts = SimOptions {
        decks: args.decks.clone(),
        players: dzero_balance::parse_players(&args.players)?,
        games: args.games,
        seed: args.seed,
        rules: args.rules,
        dimensions: args.dimensions.clone(),
        threads: dzero_sim::worker_threads(args.threads),
        shard: shard.unwrap_or(Shard::WHOLE),
        max_actions: args.max_actions,
        progress: true,
        replays: args.replays.clone(),
        matches: args.matches,
    };
    let partial = dzero_balance::run(&opts)?;
    if let Some(out) = &args.out {
        write(out, &partial.to_json())?;
    }
    if let Some(s) = shard {
        let r = s.range(opts.games);
        eprintln!(
            "shard {s}: {} {}..{} written to {}",
            if args.matches { "matches" } else { "games" },
            r.start,
            r.end,
            args.out.as_deref().unwrap_or(Path::new("-")).display()
        );
        return Ok(());
    }
    print(&Report::new(&partial)?, &args.output)
}

fn merge(parts: &[PathBuf], output: &Output) -> Result<(), String> {
    let read = parts
        .iter()
        .map(|p| Partial::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = parts.iter().map(|p| p.display().to_string()).collect();
    let merged = Partial::merge(read, &names)?;
    print(&Report::new(&merged)?, output)
}

fn print(report: &Report, output: &Output) -> Result<(), String> {
    if let Some(file) = &output.html {
        write(file, &report.to_html())?;
    }
    if output.json {
        say_raw!("{}", report.to_json());
    } else if output.csv {
        say_raw!("{}", report.to_csv()?);
    } else {
        say_raw!("{}", report.to_text());
    }
    Ok(())
}

fn write(file: &Path, text: &str) -> Result<(), String> {
    std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))
}
