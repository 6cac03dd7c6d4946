//! A run: the games of one shard (or all) of decks and players, on every core, counted into a
//! [`Partial`].

use crate::partial::{FORMAT, Partial, RunDeck, RunId};
use crate::record::{World, play_game};
use crate::schedule::{Shard, pairings, seating};
use crate::tally::{DeckTally, Tallies, Tally};
use dzero_ai::PlayerSpec;
use dzero_cardpool::CardSet;
use dzero_core::{RuleSet, RuleSetKind};
use dzero_sim::hash::fnv1a;
use dzero_sim::{DeckFiles, run_games_with};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What to play.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// Deck files (`SET/decks/NAME.txt`), from any sets one of which builds on the others.
    pub decks: Vec<PathBuf>,
    /// One spec (both seats) or two (one seat each).
    pub players: Vec<PlayerSpec>,
    /// Games in the whole run.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The rule set (default: the host set's).
    pub rules: Option<RuleSet>,
    /// Worker threads.
    pub threads: usize,
    /// Which games to play.
    pub shard: Shard,
    /// A game stops unfinished after this many actions.
    pub max_actions: u32,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
}

/// The default action limit of a game.
pub const MAX_ACTIONS: u32 = 20_000;

/// Parses `X` or `X,Y` player specs.
pub fn parse_players(text: &str) -> Result<Vec<PlayerSpec>, String> {
    let specs = text
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<PlayerSpec>, String>>()?;
    if specs.len() > 2 {
        return Err(format!(
            "--players `{text}`: give one player for both seats or two, as X,Y"
        ));
    }
    Ok(specs)
}

/// The rule set `--rules` names.
pub fn parse_rules(name: &str) -> Result<RuleSet, String> {
    dzero_cardpool::load::rule_set(name).ok_or_else(|| {
        format!("unknown rule set `{name}`: expected official, touhou or touhou-instant")
    })
}

/// The name `--rules` takes for a rule set.
pub fn rules_name(rules: &RuleSet) -> &'static str {
    match rules.kind {
        RuleSetKind::Official => "official",
        RuleSetKind::Touhou => "touhou",
        RuleSetKind::TouhouInstant => "touhou-instant",
    }
}

/// Plays the shard's games and counts them.
pub fn run(opts: &SimOptions) -> Result<Partial, String> {
    if opts.players.is_empty() || opts.players.len() > 2 {
        return Err("give one player spec for both seats or two, as X,Y".into());
    }
    if opts.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let files = DeckFiles::resolve(&opts.decks, opts.rules)?;
    let (set, decks) = files.load()?;
    let run = RunId {
        decks: files
            .files
            .iter()
            .zip(&decks)
            .map(|(f, d)| {
                let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
                Ok(RunDeck {
                    name: d.name.clone(),
                    hash: format!("{:016x}", fnv1a(&bytes)),
                })
            })
            .collect::<Result<_, String>>()?,
        players: opts.players.iter().map(ToString::to_string).collect(),
        seed: opts.seed,
        games: opts.games,
        rules: rules_name(&files.rules).to_owned(),
        max_actions: opts.max_actions,
        cards: cards_hash(&set)?,
    };
    let pairs = pairings(decks.len());
    let specs = opts.players.len();
    let tallies = Tallies {
        matchups: vec![Tally::default(); pairs.len() * specs],
        decks: decks
            .iter()
            .map(|d| {
                DeckTally::new(
                    d.cards
                        .iter()
                        .filter_map(|&c| set.db.get(c).map(|c| c.name.as_str())),
                )
            })
            .collect(),
        ..Tallies::default()
    };
    let range = opts.shard.range(opts.games);
    let bar = progress(opts.progress, range.end - range.start);
    let tallies = Mutex::new(tallies);
    let (results, _) = run_games_with(
        || files.load(),
        range.clone(),
        opts.threads,
        0,
        |world: &mut World, k| {
            let seat = seating(k, &pairs, specs, opts.seed);
            let record = play_game(
                world,
                &seat,
                &opts.players,
                files.rules,
                opts.max_actions,
                &mut (),
            )
            .map_err(|e| {
                let [a, b] = seat.decks.map(|i| world.1[i].name.as_str());
                format!("game {k} ({a} vs {b}, seed {}): {e}", seat.seed)
            })?;
            let mut t = tallies.lock().map_err(|_| "a worker failed")?;
            record.count(&seat, specs, &world.0.db, &mut t);
            bar.inc(1);
            Ok::<(), String>(())
        },
    )?;
    bar.finish_and_clear();
    results.into_iter().collect::<Result<(), String>>()?;
    Ok(Partial {
        format: FORMAT,
        run,
        ranges: if range.is_empty() {
            Vec::new()
        } else {
            vec![[range.start, range.end]]
        },
        tallies: tallies.into_inner().map_err(|_| "a worker failed")?,
    })
}

/// A progress bar with ETA on standard error when `show` and it is a terminal, else hidden.
fn progress(show: bool, games: u64) -> ProgressBar {
    let target = if show && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(games), target);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// FNV-1a over every card file (set.toml, cards, scripts: all but decks/, tests/ and hidden
/// entries) of the set and the sets it builds on, in path order.
fn cards_hash(set: &CardSet) -> Result<String, String> {
    let mut bytes = Vec::new();
    let dirs =
        std::iter::once((&set.id, &set.dir)).chain(set.required.iter().map(|r| (&r.id, &r.dir)));
    for (id, dir) in dirs {
        let mut files = Vec::new();
        card_files(dir, dir, &mut files)?;
        files.sort();
        for (rel, path) in files {
            let data = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            bytes.extend(format!("{id}/{rel}\0{}\0", data.len()).as_bytes());
            bytes.extend(data);
        }
    }
    Ok(format!("{:016x}", fnv1a(&bytes)))
}

/// The card files under `dir` as (path relative to `root` with `/`, path).
fn card_files(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name.filter(|n| !n.starts_with('.')) else {
            continue;
        };
        let top_skip = dir == root && (name == "decks" || name == "tests");
        if top_skip {
            continue;
        }
        let meta =
            std::fs::symlink_metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            card_files(root, &path, out)?;
        } else if meta.is_file() {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let rel: Vec<_> = rel.iter().map(|c| c.to_string_lossy()).collect();
            out.push((rel.join("/"), path));
        }
    }
    Ok(())
}
