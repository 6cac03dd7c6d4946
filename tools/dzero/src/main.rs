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
        #[arg(long, default_value = "human", value_parser = play::parse_who)]
        p1: play::Who,
        /// Who plays P2: human or a player spec.
        #[arg(long, default_value = "random", value_parser = play::parse_who)]
        p2: play::Who,
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
        #[arg(long, default_value = "en", value_parser = play::parse_lang)]
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
        #[arg(long, default_value = "en", value_parser = play::parse_lang)]
        lang: dzero_text::Lang,
        /// Step through the game: Enter = next, b = back, t N = turn N, q = quit.
        #[arg(long)]
        step: bool,
    },
    /// Check whole card pools: file formats, DSL, Lua, references, deck lists, and a smoke play
    /// of every card. Prints every problem; exits non-zero if there is any.
    Validate {
        /// Set folders, or folders of sets.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
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
        what: New,
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
    },
}

#[derive(Subcommand)]
enum New {
    /// A set folder with set.toml, cards/, scripts/, decks/, tests/ and editor support files.
    Set {
        /// The folder to create; its name becomes the set id.
        dir: std::path::PathBuf,
    },
    /// A card file in a set: a unit with a keyword DSL line, or with `--lua` a card whose
    /// script declares one ability; `--type` chooses unit, base or strategy.
    Card {
        /// The card's printed name.
        name: String,
        /// The set folder.
        #[arg(long, default_value = ".")]
        set: std::path::PathBuf,
        /// The card type: unit, base or strategy (default unit; with --lua alone, strategy).
        #[arg(long = "type", value_parser = ["unit", "base", "strategy"])]
        kind: Option<String>,
        /// Give the card a Lua script declaring this ability: trigger, static or activated
        /// (strategies: their ○ effect).
        #[arg(long, num_args = 0..=1, default_missing_value = "default",
              value_parser = ["default", "trigger", "static", "activated"])]
        lua: Option<String>,
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

mod bench;
mod play;
mod play_match;
mod replay;
mod replay_match;
mod serve;
mod sim;

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
        } => play::play(play::PlayArgs {
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
        } => fuzz(&paths, games, seed, threads),
        Command::Sim(args) => sim::sim(args),
        Command::Validate { paths } => validate(&paths),
        Command::Serve {
            paths,
            port,
            host,
            rules,
        } => serve::serve(&paths, rules, host, port),
        Command::Schema { set, out } => schema(&set, out.as_deref()),
        Command::Test {
            paths,
            filter,
            coverage,
            rules,
        } => test(&paths, filter.as_deref(), coverage, rules),
        Command::New { what } => new(what),
        Command::Watch {
            dir,
            debounce_ms,
            scenarios,
        } => watch(&dir, debounce_ms, &scenarios),
    }
}

fn fuzz(paths: &[std::path::PathBuf], games: u64, seed: u64, threads: Option<usize>) -> ExitCode {
    let dirs: Vec<_> = paths
        .iter()
        .flat_map(|p| dzero_cardpool::set_dirs(p))
        .collect();
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
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

fn validate(paths: &[std::path::PathBuf]) -> ExitCode {
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

fn schema(set: &std::path::Path, out: Option<&std::path::Path>) -> ExitCode {
    let written = match out {
        Some(out) => dzero_cardpool::format::schema_files()
            .into_iter()
            .map(|(name, text)| {
                let path = out.join(name);
                std::fs::write(&path, text)
                    .map(|_| path.clone())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            })
            .collect::<Result<Vec<_>, _>>(),
        None if !set.join("set.toml").is_file() => Err(format!(
            "{} is not a set folder (no set.toml); give the set, or --out DIR for the schemas alone",
            set.display()
        )),
        None => dzero_cardpool::scaffold::write_tooling(set),
    };
    let lines = match (&written, out) {
        (Ok(_), None) => Some(dzero_cardpool::schema_lines::add_schema_lines(set)),
        _ => None,
    };
    match written {
        Ok(paths) => {
            for p in paths {
                say!("wrote {}", p.display());
            }
            match lines {
                Some(Ok(lines)) => {
                    let shown = |p: &std::path::Path| {
                        dzero_cardpool::diag::printable(&p.display().to_string())
                    };
                    for (p, line) in &lines.added {
                        say!("added `{line}` to {}", shown(p));
                    }
                    for (p, why) in &lines.skipped {
                        say!(
                            "skipped {}: {}",
                            shown(p),
                            dzero_cardpool::diag::printable(why)
                        );
                    }
                    say!(
                        "{} file(s) given a #:schema line, {} already had one",
                        lines.added.len(),
                        lines.kept.len()
                    );
                    ExitCode::SUCCESS
                }
                Some(Err(e)) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn new(what: New) -> ExitCode {
    use dzero_cardpool::scaffold::{LuaAbility, Template, new_card, new_set};
    use dzero_core::CardKind;
    let made = match what {
        New::Set { dir } => new_set(&dir),
        New::Card {
            name,
            set,
            kind,
            lua,
        } => {
            let kind = match (kind.as_deref(), lua.as_deref()) {
                (Some("base"), _) => CardKind::Base,
                (Some("strategy"), _) | (None, Some("default")) => CardKind::Strategy,
                _ => CardKind::Unit,
            };
            let lua = lua.map(|l| match l.as_str() {
                "trigger" => LuaAbility::Trigger,
                "static" => LuaAbility::Static,
                "activated" => LuaAbility::Activated,
                _ if kind == CardKind::Strategy => LuaAbility::OnPlay,
                _ => LuaAbility::Trigger,
            });
            new_card(&set, &name, Template { kind, lua })
        }
    };
    match made {
        Ok(files) => {
            for f in files {
                say!("created {}", f.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn watch(dir: &std::path::Path, debounce_ms: u64, roots: &[std::path::PathBuf]) -> ExitCode {
    use dzero_cardpool::{Reload, Reloader, Watch};
    let (mut reloader, problems) = Reloader::open(dir);
    for p in &problems {
        say!("{}", p.render());
    }
    match reloader.set() {
        Some(set) => say!(
            "watching {} ({} cards{}); save a file to reload it",
            dir.display(),
            set.cards.len(),
            set.required
                .iter()
                .map(|r| format!(", with {} ({} cards)", r.id, r.cards.len()))
                .collect::<String>()
        ),
        None => say!(
            "watching {}: fix the problems above; the set loads once they are gone",
            dir.display()
        ),
    }
    let mut watcher = match Watch::new(dir, std::time::Duration::from_millis(debounce_ms)) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The sets it requires: a save there reloads it (`requires` may change, so after each reload).
    let watch_required = |watcher: &mut Watch, reloader: &Reloader| {
        for d in reloader.required_dirs() {
            if let Err(e) = watcher.add(d) {
                say!("{e}");
            }
        }
    };
    watch_required(&mut watcher, &reloader);
    while let Ok(paths) = watcher.next(None) {
        let start = std::time::Instant::now();
        let outcome = reloader.apply(&paths);
        watch_required(&mut watcher, &reloader);
        let ms = start.elapsed().as_millis();
        let scenarios =
            dzero_cardpool::reload::affected_scenarios_in(reloader.dir(), roots, &outcome, &paths);
        let at = clock();
        match &outcome {
            // Nothing this set reads changed (or a rejection with nothing new to say).
            Reload::Unchanged if scenarios.is_empty() => continue,
            Reload::Rejected(problems) if problems.is_empty() && scenarios.is_empty() => continue,
            Reload::Unchanged => {
                say!("{at} files changed; re-running the scenarios that read them")
            }
            Reload::Cards(names) => say!("{at} reloaded {} in {ms} ms", names.join(", ")),
            Reload::Set { same_ids } => say!(
                "{at} reloaded the set in {ms} ms{}",
                if *same_ids {
                    ""
                } else {
                    " (cards added or removed: restart running games)"
                }
            ),
            Reload::Rejected(problems) => {
                for p in problems {
                    say!("{}", p.render());
                }
                say!("{at} rejected in {ms} ms: the last good version stays loaded");
            }
        }
        // What scripts printed while loading and smoke-playing, then during the scenarios.
        let flush = |r: &Reloader| {
            let Some(set) = r.set() else { return };
            let hosts = std::iter::once(&set.host).chain(set.required.iter().map(|q| &q.host));
            for line in hosts.flat_map(|h| h.take_log()) {
                say!("print {line}");
            }
        };
        flush(&reloader);
        let results = reloader.run_scenarios(&scenarios);
        flush(&reloader);
        for (file, result) in results {
            let mark = if result.passed() { "PASS" } else { "FAIL" };
            say!("{mark} {}", file.display());
            if !result.passed() {
                say_raw!("{}", result.render());
            }
        }
        if scenarios.is_empty() {
            say!(
                "{} done in {} ms: no scenario names what changed",
                clock(),
                start.elapsed().as_millis()
            );
        } else {
            say!("{} done in {} ms", clock(), start.elapsed().as_millis());
        }
    }
    ExitCode::SUCCESS
}

/// The time of day (UTC) for watch output lines, `HH:MM:SS`.
fn clock() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "{:02}:{:02}:{:02}",
        secs / 3600 % 24,
        secs / 60 % 60,
        secs % 60
    )
}

fn test(
    paths: &[std::path::PathBuf],
    filter: Option<&str>,
    coverage: bool,
    rules: Option<dzero_core::RuleSet>,
) -> ExitCode {
    use dzero_cardpool::scenario::{SetCache, run_paths_under};
    let sets = rules.map_or_else(SetCache::new, SetCache::with_rules);
    let report = run_paths_under(paths, filter, sets);
    say_raw!("{}", report.render());
    if coverage {
        for c in dzero_cardpool::scenario::coverage(paths) {
            say!("{c}");
        }
    }
    if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
