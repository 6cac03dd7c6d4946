//! A run: the games of one shard (or all) of decks and players, on every core, counted into a
//! [`Partial`].

use crate::matches::{MatchRecord, play_match_game};
use crate::partial::{FORMAT, Partial, RunDeck, RunId};
use crate::record::{World, play_game};
use crate::schedule::{Seating, Shard, pairings, seating};
use crate::tally::{DeckTally, MatchTally, Tallies, Tally};
use dzero_ai::PlayerSpec;
use dzero_cardpool::CardSet;
use dzero_core::RuleSet;
use dzero_replay::{FileHash, MatchRecorder, Recorder};
use dzero_sim::hash::fnv1a;
use dzero_sim::matches::{match_rules, sideboards};
use dzero_sim::{DeckFiles, MatchDeck, Watch, run_games_with};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
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
    /// The dimension deck list file (default: the host set's first the rule set accepts).
    pub dimensions: Option<PathBuf>,
    /// Worker threads.
    pub threads: usize,
    /// Which games to play.
    pub shard: Shard,
    /// A game stops unfinished after this many actions.
    pub max_actions: u32,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
    /// Write each game as a replay into this folder (`game-NNNNNN.json`, by game number;
    /// `match-NNNNNN.json` for matches).
    pub replays: Option<PathBuf>,
    /// Play matches (R2.4) rather than games: `games` counts matches, and the AI decides
    /// swaps and the first player between duels ([`dzero_ai::SideboardPlayer`]).
    pub matches: bool,
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

/// Plays the shard's games and counts them.
pub fn run(opts: &SimOptions) -> Result<Partial, String> {
    if opts.players.is_empty() || opts.players.len() > 2 {
        return Err("give one player spec for both seats or two, as X,Y".into());
    }
    if opts.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if let (true, Some(rules)) = (opts.matches, &opts.rules) {
        match_rules(rules)?;
    }
    let files =
        DeckFiles::resolve(&opts.decks, opts.rules)?.with_dimensions(opts.dimensions.clone());
    let World {
        set,
        decks,
        dimensions,
    } = World::load(&files)?;
    if opts.matches {
        match_rules(&files.rules)?;
        sideboards(&files.files, &decks)?;
    }
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
        rules: files.rules.name.to_string(),
        max_actions: opts.max_actions,
        cards: cards_hash(&set)?,
        dimensions: dimensions
            .iter()
            .filter_map(|&d| set.db.get(d).map(|c| c.name.clone()))
            .collect(),
        matches: opts.matches,
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
        matches: if opts.matches {
            vec![MatchTally::default(); pairs.len() * specs]
        } else {
            Vec::new()
        },
        ..Tallies::default()
    };
    let hashes = match &opts.replays {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            Some(dzero_replay::card_files(&set)?)
        }
        None => None,
    };
    let range = opts.shard.range(opts.games);
    let unit = if opts.matches { "matches" } else { "games" };
    let bar = progress(opts.progress, range.end - range.start, unit);
    let tallies = Mutex::new(tallies);
    let (results, _) = run_games_with(
        || World::load(&files),
        range.clone(),
        opts.threads,
        0,
        |world: &mut World, k| {
            let seat = seating(k, &pairs, specs, opts.seed);
            let failed = |e: String| {
                let [a, b] = seat.decks.map(|i| world.decks[i].name.as_str());
                format!("{unit} {k} ({a} vs {b}, seed {}): {e}", seat.seed)
            };
            if opts.matches {
                let record =
                    play_match(world, &seat, opts, &files, hashes.as_ref(), k).map_err(failed)?;
                let mut t = tallies.lock().map_err(|_| "a worker failed")?;
                record.count(&seat, specs, &world.set.db, &mut t);
                bar.inc(1);
                return Ok(());
            }
            let play = |mut watch: &mut dyn Watch| {
                play_game(
                    world,
                    &seat,
                    &opts.players,
                    files.rules,
                    opts.max_actions,
                    &mut watch,
                )
            };
            let record = match (&opts.replays, &hashes) {
                (Some(dir), Some(hashes)) => {
                    let World { set, decks, .. } = &*world;
                    let mut recorder = Recorder::with_files(
                        hashes.clone(),
                        set,
                        seat.decks
                            .map(|i| (files.files[i].as_path(), decks[i].cards.as_slice())),
                        seat.seed,
                        seat.players.map(|p| opts.players[p].to_string()),
                        files.rules,
                    )?;
                    let record = play(&mut recorder);
                    let file = dir.join(format!("game-{k:06}.json"));
                    recorder
                        .stopped()
                        .write(&file)
                        .map_err(|e| format!("{}: {e}", file.display()))?;
                    record
                }
                _ => play(&mut ()),
            }
            .map_err(failed)?;
            let mut t = tallies.lock().map_err(|_| "a worker failed")?;
            record.count(&seat, specs, &world.set.db, &mut t);
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

/// Plays match `k` seated as `seat`, writing it to `--replays` when given.
fn play_match(
    world: &World,
    seat: &Seating,
    opts: &SimOptions,
    files: &DeckFiles,
    hashes: Option<&Vec<FileHash>>,
    k: u64,
) -> Result<MatchRecord, String> {
    let (Some(dir), Some(hashes)) = (&opts.replays, hashes) else {
        return play_match_game(
            world,
            seat,
            &opts.players,
            files.rules,
            opts.max_actions,
            None,
        );
    };
    let World { set, decks, .. } = world;
    let lists = seat.decks.map(|i| MatchDeck {
        cards: decks[i].cards.clone(),
        sideboard: decks[i].sideboard.clone(),
    });
    let mut recorder = MatchRecorder::with_files(
        hashes.clone(),
        set,
        files.rules,
        [0, 1].map(|s| (files.files[seat.decks[s]].as_path(), &lists[s])),
        seat.seed,
        seat.players.map(|p| opts.players[p].to_string()),
    )?;
    let record = play_match_game(
        world,
        seat,
        &opts.players,
        files.rules,
        opts.max_actions,
        Some(&mut recorder),
    )?;
    let file = dir.join(format!("match-{k:06}.json"));
    recorder
        .finish(record.result)
        .write(&file)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(record)
}

/// A progress bar with ETA on standard error when `show` and it is a terminal, else hidden.
fn progress(show: bool, games: u64, unit: &str) -> ProgressBar {
    let target = if show && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(games), target);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {unit}  {{per_sec}}  ETA {{eta}}"
    )) {
        bar.set_style(style);
    }
    bar
}

/// One hash of every card and script file of the set and the sets it builds on
/// ([`dzero_replay::card_files`]): parts of one run must have played the same cards.
fn cards_hash(set: &CardSet) -> Result<String, String> {
    let mut bytes = Vec::new();
    for f in dzero_replay::card_files(set)? {
        bytes.extend(format!("{}/{}\0{}\0", f.set, f.path, f.sha256).as_bytes());
    }
    Ok(format!("{:016x}", fnv1a(&bytes)))
}
