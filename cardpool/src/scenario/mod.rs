//! Scenario files: a game position written in TOML, steps that drive it, and expectations
//! checked along the way (`docs/scenarios.md` is the format reference).
//!
//! ```toml
//! title = "Plasma Rifle destroys Single Malt"
//!
//! [P1]
//! hand = [{ card = "プラズマ・ライフル", label = "rifle" }]
//! energy = [{ card = "シングルモルト", count = 2 }]
//!
//! [P2]
//! units = [{ card = "シングルモルト", at = "b3", label = "malt" }]
//!
//! [[step]]
//! play = "rifle"
//! target = "malt"
//! expect = { stack = ["rifle"], priority = "P1" }
//!
//! [[step]]
//! pass_until = "stack-empty"
//! expect.at = { malt = "graveyard", rifle = "graveyard" }
//! ```
//!
//! Squares are named from player One's side: columns `a`–`c` from One's left, rows `1`–`3` from
//! One's own area to One's enemy area, base squares `P1-base1`…`P2-base3`.
//!
//! Loading ([`load_scenario`]) checks everything that does not need the cards; running
//! ([`run_scenario`]) first checks the card names against the set, builds the position with
//! [`dzero_core::Builder`], then plays each step in strict mode and reports the first failing
//! step with expected and actual values and a picture of the board.
//!
//! ```
//! use dzero_cardpool::scenario::{SetCache, run_file, run_paths};
//! use std::path::PathBuf;
//!
//! let set = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios/fixture-set");
//! let mut sets = SetCache::new();
//! let outcome = run_file(&set.join("tests/rulebook/r20_1.toml"), &mut sets);
//! assert!(outcome.passed(), "{}", outcome.render());
//!
//! let report = run_paths(&[set]);
//! assert!(report.ok(), "{}", report.render());
//! ```

mod board;
mod coverage;
mod format;
mod names;
mod parse;
mod pool;
mod run;
mod schema;
mod spec;
mod trace;
mod zones;

use crate::diag::Problem;
use crate::load::{CardSet, load_set};
use dzero_core::{CardDb, RuleSet};
use dzero_script_api::ScriptHost;
use pool::{Combined, Pool};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use coverage::{Coverage, coverage, matches_filter, mentions};
pub use names::{parse_player, parse_square};
pub use schema::scenario_schema;
pub use trace::{Moment, OnMoment, trace_file};

/// A loaded and checked scenario file, ready to run against its set.
pub struct Scenario {
    /// The file.
    pub path: PathBuf,
    /// `title`, or the file name without extension.
    pub title: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// Every set the scenario is played with, the primary first (never empty).
    pub set_dirs: Vec<PathBuf>,
    /// Each entry of `sets` as written, with its location (empty without `sets`).
    listed: Vec<(String, std::ops::Range<usize>)>,
    /// The file's text (for locating problems and echoing steps in reports).
    pub source: String,
    labels: Vec<String>,
    setup: spec::Setup,
    steps: Vec<spec::StepSpec>,
}

impl Scenario {
    /// The primary set: the only one, or the first of `sets`. It gives the default rule set
    /// and filler card.
    pub fn set_dir(&self) -> &Path {
        self.set_dirs
            .first()
            .map_or(Path::new("."), PathBuf::as_path)
    }

    /// Number of `[[step]]` tables.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }
}

impl std::fmt::Debug for Scenario {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scenario")
            .field("path", &self.path)
            .field("title", &self.title)
            .field("set_dirs", &self.set_dirs)
            .field("steps", &self.steps.len())
            .finish_non_exhaustive()
    }
}

/// Why a scenario failed: the step, and a report with expected and actual values and a
/// picture of the board.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The failing step, from 1 (0: the setup itself).
    pub step: usize,
    /// The line of the step's `[[step]]` header (0 for the setup).
    pub line: usize,
    /// What went wrong, one finding per failed check.
    pub findings: Vec<Finding>,
    /// The rendered report (several lines, ending with the board).
    pub report: String,
}

/// One thing that went wrong in a failing step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Finding {
    /// What was checked or done.
    pub what: String,
    /// The value expected, when something was compared.
    pub expected: Option<String>,
    /// The value found, or what went wrong.
    pub actual: String,
    /// The lines of the failing expectation as written (1-based, inclusive), when the finding
    /// is one of the step's `expect` checks.
    pub lines: Option<std::ops::RangeInclusive<usize>>,
}

impl Finding {
    pub(crate) fn new(
        what: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Self {
        Finding {
            what: what.into(),
            expected: Some(expected.into()),
            actual: actual.into(),
            lines: None,
        }
    }

    pub(crate) fn error(what: impl Into<String>, detail: impl Into<String>) -> Self {
        Finding {
            what: what.into(),
            expected: None,
            actual: detail.into(),
            lines: None,
        }
    }
}

/// The outcome of running one scenario.
#[derive(Clone, Debug)]
pub enum ScenarioOutcome {
    /// Every step and expectation held.
    Passed {
        /// Steps played.
        steps: usize,
    },
    /// A step failed.
    Failed(Failure),
    /// The scenario (or its set) has problems and could not be run.
    Invalid(Vec<Problem>),
}

impl ScenarioOutcome {
    /// Whether the scenario passed.
    pub fn passed(&self) -> bool {
        matches!(self, ScenarioOutcome::Passed { .. })
    }

    /// The failure, if a step failed.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            ScenarioOutcome::Failed(f) => Some(f),
            _ => None,
        }
    }

    /// The problems, if the scenario could not be run.
    pub fn problems(&self) -> &[Problem] {
        match self {
            ScenarioOutcome::Invalid(p) => p,
            _ => &[],
        }
    }

    /// A readable account: `passed (N steps)`, the failure report, or every problem with its
    /// source snippet. Characters that would drive a terminal are escaped.
    pub fn render(&self) -> String {
        match self {
            ScenarioOutcome::Passed { steps } => format!("passed ({steps} steps)\n"),
            ScenarioOutcome::Failed(f) => crate::diag::printable(&f.report),
            ScenarioOutcome::Invalid(ps) => ps.iter().map(Problem::render).collect(),
        }
    }
}

/// Reads and checks a scenario file (everything but card names, which need the set).
pub fn load_scenario(path: &Path) -> Result<Scenario, Vec<Problem>> {
    parse::load(path)
}

/// Checks the text of a scenario file as if it were at `path` (e.g. an unsaved editor buffer).
pub fn parse_scenario(path: &Path, text: &str) -> Result<Scenario, Vec<Problem>> {
    parse::parse(path, text.to_owned())
}

/// The problems of `s` that need its set to see: unknown card names (with a "did you mean"),
/// cards in the wrong list, labels that are card names.
pub fn check_scenario(s: &Scenario, set: &CardSet) -> Vec<Problem> {
    run::check(s, &Pool::single(set))
}

/// An [`OnMoment`] that looks at nothing.
fn unwatched(_: Moment<'_>) {}

/// Runs `s` with the cards of `set` (normally the set in `s.set_dir()`). Script errors fail the
/// step in which they happen unless the scenario says `strict = false`.
pub fn run_scenario(s: &Scenario, set: &CardSet) -> ScenarioOutcome {
    run::run(s, &Pool::single(set), &mut unwatched)
}

/// Runs `s` with the cards of several sets in one game (normally the sets in `s.set_dirs`, in
/// that order; the first is the primary set). Each card keeps its own set's Lua behaviour, and
/// a script error in any of the sets fails the step as in [`run_scenario`]. A card name that two
/// of the sets both have makes the scenario invalid.
pub fn run_scenario_sets(s: &Scenario, sets: &[&CardSet]) -> ScenarioOutcome {
    run_sets_watched(s, sets, &mut unwatched)
}

/// [`run_scenario_sets`], showing `watch` the game after the setup and after each step.
fn run_sets_watched(s: &Scenario, sets: &[&CardSet], watch: &mut OnMoment<'_>) -> ScenarioOutcome {
    match sets {
        [] => ScenarioOutcome::Invalid(vec![Problem::file(&s.path, "no set to play with")]),
        [set] => run::run(s, &Pool::single(set), watch),
        _ => run::run(s, &Combined::new(sets).pool(), watch),
    }
}

/// Runs `s` with a card database built elsewhere instead of a set's (e.g. cards built in Rust,
/// or a set's cards with some replaced by other definitions), under `rules` unless the scenario
/// names its own. `hosts` are the Lua hosts of the scripted cards in `db`: their script errors
/// fail the step as in [`run_scenario`]. The first unit card of `db` is the default filler.
pub fn run_scenario_db(
    s: &Scenario,
    db: &CardDb,
    rules: RuleSet,
    hosts: &[&ScriptHost],
) -> ScenarioOutcome {
    run::run(
        s,
        &Pool {
            db,
            hosts: hosts.to_vec(),
            rules,
            ids: vec!["prebuilt"],
            primary: db.len(),
            duplicates: &[],
        },
        &mut unwatched,
    )
}

/// Loaded sets, by folder, so many scenarios of one set load it once.
#[derive(Default)]
pub struct SetCache {
    sets: BTreeMap<PathBuf, Result<CardSet, Vec<Problem>>>,
    rules: Option<RuleSet>,
}

impl SetCache {
    /// An empty cache.
    pub fn new() -> SetCache {
        SetCache::default()
    }

    /// An empty cache whose sets play under `rules` instead of their own rule sets (scenarios
    /// that name a rule set still use theirs).
    pub fn with_rules(rules: RuleSet) -> SetCache {
        SetCache {
            rules: Some(rules),
            ..SetCache::default()
        }
    }

    /// What the cached sets' scripts printed since the last call, as `[card] text` lines.
    pub fn take_printed(&self) -> Vec<String> {
        self.sets
            .values()
            .filter_map(|s| s.as_ref().ok())
            .flat_map(|s| std::iter::once(&s.host).chain(s.required.iter().map(|r| &r.host)))
            .flat_map(|h| h.take_log())
            .map(|l| l.to_string())
            .collect()
    }

    fn key(dir: &Path) -> PathBuf {
        std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned())
    }

    /// The set in `dir`, loading it on first use. A set with any problem is an error.
    pub fn get(&mut self, dir: &Path) -> Result<&CardSet, &[Problem]> {
        let rules = self.rules;
        let entry = self.sets.entry(SetCache::key(dir)).or_insert_with(|| {
            let loaded = load_set(dir);
            // Deck lists play no part in scenarios: a bad one does not stop them.
            let blocking: Vec<Problem> = loaded
                .problems
                .into_iter()
                .filter(|p| !in_decks_folder(&p.file))
                .collect();
            match loaded.set {
                Some(mut set) if blocking.is_empty() => {
                    set.rules = rules.unwrap_or(set.rules);
                    Ok(set)
                }
                _ if blocking.is_empty() => {
                    Err(vec![Problem::file(dir, "the set could not be loaded")])
                }
                _ => Err(blocking),
            }
        });
        match entry {
            Ok(set) => Ok(set),
            Err(p) => Err(p),
        }
    }

    /// The set in `dir` if it is loaded and has no problems.
    pub(crate) fn loaded(&self, dir: &Path) -> Option<&CardSet> {
        self.sets
            .get(&SetCache::key(dir))
            .and_then(|r| r.as_ref().ok())
    }

    /// Puts an already loaded set in the cache (e.g. one a hot reloader keeps current).
    pub fn insert(&mut self, set: CardSet) {
        self.sets.insert(SetCache::key(&set.dir), Ok(set));
    }

    /// Drops the set in `dir`, so the next use loads it again (after its files changed).
    pub fn forget(&mut self, dir: &Path) {
        self.sets.remove(&SetCache::key(dir));
    }

    /// Drops every set.
    pub fn clear(&mut self) {
        self.sets.clear();
    }

    /// Runs `s` with its sets (`s.set_dirs`), loading each on first use.
    pub fn run(&mut self, s: &Scenario) -> ScenarioOutcome {
        self.run_watched(s, &mut unwatched)
    }

    fn run_watched(&mut self, s: &Scenario, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
        for dir in &s.set_dirs {
            if let Err(p) = self.get(dir) {
                return ScenarioOutcome::Invalid(set_problems(&s.path, dir, p));
            }
        }
        let sets: Vec<&CardSet> = s.set_dirs.iter().filter_map(|d| self.loaded(d)).collect();
        run_sets_watched(s, &sets, watch)
    }
}

/// The problems of a scenario at `path` whose set in `dir` has `problems`.
pub(crate) fn set_problems(path: &Path, dir: &Path, problems: &[Problem]) -> Vec<Problem> {
    let mut out = vec![
        Problem::file(path, format!("its set {} has problems", dir.display()))
            .help("run `dzero validate` on the set"),
    ];
    out.extend(problems.iter().cloned());
    out
}

/// Loads the scenario at `path` and its sets (through `sets`) and runs it.
pub fn run_file(path: &Path, sets: &mut SetCache) -> ScenarioOutcome {
    match load_scenario(path) {
        Ok(s) => sets.run(&s),
        Err(p) => ScenarioOutcome::Invalid(p),
    }
}

/// Whether `dir` is a set's `tests` folder or inside one.
fn in_set_tests(dir: &Path) -> bool {
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
    dir.ancestors().any(|a| {
        a.file_name().is_some_and(|n| n == "tests")
            && a.parent().is_some_and(|p| p.join("set.toml").is_file())
    })
}

fn is_toml(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "toml")
}

/// Every `*.toml` file at or below `dir`, sorted.
fn toml_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > 32 {
        return;
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        let Ok(meta) = std::fs::symlink_metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            toml_files(&p, depth + 1, out);
        } else if is_toml(&p) && p.is_file() {
            // Regular files only (following links: loading refuses those leading outside the
            // set); a named pipe or a device is never opened, also not by `dzero watch`.
            out.push(p);
        }
    }
}

fn find_scenarios(path: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > 32 {
        return;
    }
    if path.is_file() {
        if is_toml(path) {
            out.push(path.to_owned());
        }
        return;
    }
    if !path.is_dir() {
        return;
    }
    if path.join("set.toml").is_file() {
        toml_files(&path.join("tests"), 0, out);
        return;
    }
    if in_set_tests(path) {
        toml_files(path, 0, out);
        return;
    }
    if depth == 0 {
        // A folder given directly that is no set: its own `*.toml` files are scenarios (e.g. a
        // folder of cross-set scenarios naming their sets with `sets = [...]`).
        let mut loose: Vec<PathBuf> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| is_toml(p) && std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file()))
            .collect();
        loose.sort();
        out.extend(loose);
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(path)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir())
                && p.file_name().is_some_and(|n| {
                    let n = n.to_string_lossy();
                    !n.starts_with('.') && n != "target"
                })
        })
        .collect();
    dirs.sort();
    for d in dirs {
        find_scenarios(&d, depth + 1, out);
    }
}

/// The scenario files under `paths`: every `*.toml` under the `tests/` folder of each set found
/// at or below a path, every `*.toml` below a path inside a set's `tests/` folder, the `*.toml`
/// files directly in a given folder that is no set, and files given directly. Sorted, without
/// duplicates.
pub fn scenario_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        find_scenarios(p, 0, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

/// The outcome of one scenario file.
#[derive(Debug)]
pub struct FileResult {
    /// The scenario file.
    pub path: PathBuf,
    /// What happened.
    pub outcome: ScenarioOutcome,
    /// What scripts printed while it ran (`[card] text`, bounded).
    pub printed: Vec<String>,
}

/// The results of [`run_paths`].
#[derive(Debug, Default)]
pub struct TestReport {
    /// One result per scenario file, in path order.
    pub results: Vec<FileResult>,
    /// Given paths that do not exist.
    pub missing: Vec<PathBuf>,
}

impl TestReport {
    /// Scenarios that passed.
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|r| r.outcome.passed()).count()
    }

    /// Scenarios that failed or could not be run.
    pub fn failed(&self) -> usize {
        self.results.len() - self.passed()
    }

    /// Whether at least one scenario ran, all passed, and every path existed.
    pub fn ok(&self) -> bool {
        !self.results.is_empty() && self.failed() == 0 && self.missing.is_empty()
    }

    /// One `PASS path` / `FAIL path` line per scenario, then the details of each failure, then
    /// a summary line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for m in &self.missing {
            let _ = writeln!(out, "MISSING {}", m.display());
        }
        for r in &self.results {
            let word = if r.outcome.passed() { "PASS" } else { "FAIL" };
            let _ = writeln!(
                out,
                "{word} {}",
                crate::diag::printable(&r.path.display().to_string())
            );
            for line in &r.printed {
                let _ = writeln!(out, "  print {}", crate::diag::printable(line));
            }
        }
        for r in self.results.iter().filter(|r| !r.outcome.passed()) {
            let _ = writeln!(out, "\n--- {} ---", r.path.display());
            out.push_str(&r.outcome.render());
        }
        if self.results.is_empty() {
            let _ = writeln!(
                out,
                "no scenario files found (scenarios are *.toml files in a set's tests/ folder)"
            );
        }
        let _ = writeln!(
            out,
            "\n{} scenarios: {} passed, {} failed",
            self.results.len(),
            self.passed(),
            self.failed()
        );
        out
    }
}

/// Runs every scenario under `paths` ([`scenario_files`]), loading each set once.
pub fn run_paths(paths: &[PathBuf]) -> TestReport {
    run_paths_matching(paths, None)
}

/// [`run_paths`] for the scenario files whose path or title contains `filter`.
pub fn run_paths_matching(paths: &[PathBuf], filter: Option<&str>) -> TestReport {
    run_paths_under(paths, filter, SetCache::new())
}

/// [`run_paths_matching`] with the sets loaded through `sets` (e.g. [`SetCache::with_rules`]).
pub fn run_paths_under(paths: &[PathBuf], filter: Option<&str>, mut sets: SetCache) -> TestReport {
    let mut report = TestReport {
        missing: paths.iter().filter(|p| !p.exists()).cloned().collect(),
        ..TestReport::default()
    };
    let files = scenario_files(paths)
        .into_iter()
        .filter(|p| filter.is_none_or(|f| matches_filter(p, f)));
    for path in files {
        let outcome = run_file(&path, &mut sets);
        let printed = sets.take_printed();
        report.results.push(FileResult {
            path,
            outcome,
            printed,
        });
    }
    report
}

/// Whether `file` is a deck list of a set (`…/decks/NAME.txt`).
pub(crate) fn in_decks_folder(file: &Path) -> bool {
    file.extension().is_some_and(|e| e == "txt")
        && file
            .parent()
            .and_then(|d| d.file_name())
            .is_some_and(|n| n == "decks")
}
