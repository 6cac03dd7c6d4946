//! The `dzero` command-line program: argument parsing and printing only.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Dimension Zero platform: play, script and test cards.
#[derive(Parser)]
#[command(name = "dzero", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play one game between two deck lists: each seat a human at this terminal (`human`) or
    /// an AI player (random, greedy, mcts, mcts:N, mcts:Nms); prints the log and the result.
    Play {
        /// A deck list (`SET/decks/NAME.txt`), once per seat: P1's, then P2's.
        #[arg(long = "deck", value_name = "FILE", required = true)]
        decks: Vec<std::path::PathBuf>,
        /// Who plays P1: human or a player spec.
        #[arg(long, default_value = "human", value_parser = seats::parse_who)]
        p1: seats::Who,
        /// Who plays P2: human or a player spec.
        #[arg(long, default_value = "random", value_parser = seats::parse_who)]
        p2: seats::Who,
        /// Seed of the game (the AI players' seeds follow from it).
        #[arg(long, default_value_t = 42)]
        seed: u64,
        /// Rule set (official, touhou, touhou-instant, dimension-war, dimension-exploration,
        /// or a rule-set file) instead of the decks' set's.
        #[arg(long, value_name = "NAME|FILE", value_parser = dzero_cardpool::rule_sets::rules_arg)]
        rules: Option<dzero_core::RuleSet>,
        /// The dimension deck list (`SET/dimensions/NAME.txt`, or a list's name) for a rule set
        /// with a dimension deck (R19.2), instead of the set's first one the rule set accepts.
        #[arg(long, value_name = "FILE")]
        dimensions: Option<std::path::PathBuf>,
        /// Write the game's replay to this file (also when a human quits); with --match, the
        /// whole match's.
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Play a best-of-three match (R2.4): between duels each seat swaps sideboard cards
        /// and the loser chooses who plays first.
        #[arg(long = "match")]
        matches: bool,
        /// Language of the log and the board: en or ja.
        #[arg(long, default_value = "en", value_parser = seats::parse_lang)]
        lang: dzero_text::Lang,
    },
    /// Re-run a replay (of a game, or of a whole match duel by duel) on the current cards,
    /// printing its log and result (or stepping through a game with --step); if it no longer
    /// plays the same, name the first diverging step and the card files that changed, and exit
    /// non-zero.
    Replay {
        /// The replay file.
        file: std::path::PathBuf,
        /// Language of the log: en or ja.
        #[arg(long, default_value = "en", value_parser = seats::parse_lang)]
        lang: dzero_text::Lang,
        /// Step through the game: Enter = next, b = back, t N = turn N, q = quit.
        #[arg(long)]
        step: bool,
    },
    /// Check whole card pools: file formats, DSL, Lua, references, deck lists, and a smoke play
    /// of every card. Prints every problem; exits non-zero if there is any.
    Validate {
        /// Set folders, or folders of sets.
        #[arg(required_unless_present = "corpus")]
        paths: Vec<std::path::PathBuf>,
        /// Instead of validating, print the share of printed ability lines the card-text DSL
        /// understands and the unknown phrases ranked by the lines each blocks.
        #[arg(long)]
        text_coverage: bool,
        /// With --text-coverage: measure the bundled corpus of real printed cards instead of
        /// the sets' cards.
        #[arg(long, requires = "text_coverage")]
        corpus: bool,
    },
    /// Run every scenario file under the paths (a set's tests/ folder by convention): a pass or
    /// fail line each and a summary; exits non-zero on failure.
    Test {
        /// Sets, folders of sets, or scenario files.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Run only the scenario files whose path or title contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Also list, per set, the cards that no scenario names.
        #[arg(long)]
        coverage: bool,
        /// Rule set (official, touhou, touhou-instant, dimension-war, dimension-exploration,
        /// or a rule-set file) for the scenarios that name none, instead of their sets'.
        #[arg(long, value_name = "NAME|FILE", value_parser = dzero_cardpool::rule_sets::rules_arg)]
        rules: Option<dzero_core::RuleSet>,
    },
    /// Refresh a set's editor files (JSON Schemas of its card, scenario and set files, the LuaLS
    /// stub) in its `.dzero` folder and give each of those files that has none a `#:schema`
    /// first line; or, with `--out`, write just the schemas into a folder.
    Schema {
        /// The set folder (default: the current folder).
        #[arg(default_value = ".")]
        set: std::path::PathBuf,
        /// Write the schemas into this folder instead.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Create a new set folder or card from a template.
    New {
        #[command(subcommand)]
        what: authoring::New,
    },
    /// Watch a set folder: on each save, reload what changed, re-validate it and re-run the
    /// affected scenarios; a bad edit is reported and the last good version stays loaded.
    Watch {
        /// The set folder.
        dir: std::path::PathBuf,
        /// Debounce window in milliseconds.
        #[arg(long, default_value_t = 50)]
        debounce_ms: u64,
        /// Also re-run the scenarios under this folder that play with the set (such as a fan
        /// set's scenarios listing it in `sets`); repeatable.
        #[arg(long = "scenarios", value_name = "PATH")]
        scenarios: Vec<std::path::PathBuf>,
    },
    /// Play random games between every pair of the sets' deck lists on every core, checking
    /// card conservation after every action; report panics, refused actions, endless games and
    /// card errors (exits non-zero if anything that must never happen happened).
    Fuzz {
        /// Set folders, or folders of sets.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Number of games.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Seed of the first game (game k plays seed + k).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Measure simulator speed: random games between every pair of the sets' deck lists, on
    /// one core and on every core, with state clone and legal-action listing times and the
    /// share of time spent in Lua.
    Bench {
        /// Set folders, or folders of sets (default: the bundled sets).
        paths: Vec<std::path::PathBuf>,
        /// Only these deck lists (`SET/decks/NAME.txt`); repeatable.
        #[arg(long = "deck", value_name = "FILE")]
        decks: Vec<std::path::PathBuf>,
        /// Games per pairing, in each run.
        #[arg(long, default_value_t = 5000)]
        games: u64,
        /// Seed of the first game (game k plays seed + k).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads of the every-core run (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Play many games between deck lists with chosen players on every core and report win
    /// rates, first-player advantage, game lengths and per-card statistics; `sim merge`
    /// combines the partial reports of shards.
    Sim(sim::SimArgs),
    /// Serve the browser play table for the sets' deck lists: play against an AI player or a
    /// second human (another tab, or another machine with --host 0.0.0.0).
    Serve {
        /// Set folders, or folders of sets.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The port (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Rule set (a bundled name or a rule-set file) for every game and for scenarios that
        /// name none, instead of the sets'.
        #[arg(long, value_name = "NAME|FILE", value_parser = dzero_cardpool::rule_sets::rules_arg)]
        rules: Option<dzero_core::RuleSet>,
        /// Let pages of this origin (`http://host:port`) open the WebSocket besides the
        /// server's own page; may be repeated.
        #[arg(long, value_name = "ORIGIN", value_parser = serve::origin_arg)]
        allow_origin: Vec<String>,
    },
}

/// Prints a line; a closed output (e.g. piped into `head`) ends the program quietly.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// [`say!`] without the newline.
macro_rules! say_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod authoring;
mod bench;
mod game_report;
mod play;
mod play_match;
mod pool;
mod replay;
mod replay_match;
mod seats;
mod serve;
mod sim;
mod text_coverage;

/// Counts allocations per thread for `dzero bench` (one thread-local increment each).
#[global_allocator]
static ALLOCATOR: dzero_sim::alloc_count::Counting = dzero_sim::alloc_count::Counting;

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Play {
            decks,
            p1,
            p2,
            seed,
            rules,
            dimensions,
            save,
            matches,
            lang,
        } => play::play(seats::PlayArgs {
            decks,
            players: [p1, p2],
            seed,
            rules,
            dimensions,
            save,
            matches,
            lang,
        }),
        Command::Replay { file, lang, step } => replay::replay(&file, lang, step),
        Command::Bench {
            paths,
            decks,
            games,
            seed,
            threads,
        } => bench::bench(&paths, decks, games, seed, threads),
        Command::Fuzz {
            paths,
            games,
            seed,
            threads,
        } => pool::fuzz(&paths, games, seed, threads),
        Command::Sim(args) => sim::sim(args),
        Command::Validate {
            paths,
            text_coverage: true,
            corpus,
        } => text_coverage::run(&paths, corpus),
        Command::Validate { paths, .. } => pool::validate(&paths),
        Command::Serve {
            paths,
            port,
            host,
            rules,
            allow_origin,
        } => serve::serve(&paths, rules, host, port, allow_origin),
        Command::Schema { set, out } => authoring::schema(&set, out.as_deref()),
        Command::Test {
            paths,
            filter,
            coverage,
            rules,
        } => pool::test(&paths, filter.as_deref(), coverage, rules),
        Command::New { what } => authoring::new(what),
        Command::Watch {
            dir,
            debounce_ms,
            scenarios,
        } => authoring::watch(&dir, debounce_ms, &scenarios),
    }
}
