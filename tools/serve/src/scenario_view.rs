//! The scenario page: the served sets' scenario files (`tests/*.toml`, and nothing else), and
//! one of them run with its sets, traced frame by frame: the board after the setup and after
//! each step, as each seat sees it, beside the step's source lines, and the failing
//! expectation (expected against actual) or the located problems of an invalid scenario.

use crate::table::{TableView, table_view};
use crate::validation::{ProblemView, ServedSet, owner, view};
use dzero_cardpool::layout::scenario_files;
use dzero_core::{Player, RuleSet};
use dzero_scenario::{Moment, ScenarioOutcome, SetCache, load_scenario};
use dzero_text::Lang;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// A scenario file the lobby lists.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ScenarioFile {
    /// The id of the set whose `tests/` folder holds it.
    pub set: String,
    /// Its name: the set's id, then the file relative to the set's folder
    /// (`d0-sample/tests/battle_roar.toml`); a page may open it by this name.
    pub path: String,
}

/// A scenario run as the page shows it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ScenarioView {
    /// Its index in the lobby's list.
    pub index: usize,
    /// The file, as listed.
    pub file: ScenarioFile,
    /// The title (the file name when the file has none or does not load).
    pub title: String,
    /// The description, if any.
    pub description: Option<String>,
    /// The file's text.
    pub source: String,
    /// The board after the setup and after each step played; none for an invalid scenario.
    pub frames: Vec<StepFrame>,
    /// `passed`, `failed` or `invalid`.
    pub outcome: String,
    /// The failing step, when a step failed.
    pub failure: Option<FailureView>,
    /// The located problems, when the scenario is invalid.
    pub problems: Vec<ProblemView>,
}

/// The game at one point of the run.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StepFrame {
    /// 0 for the setup, else the step just played (from 1).
    pub step: usize,
    /// The line of the step's `[[step]]` header (0 for the setup).
    pub line: usize,
    /// The first line the step is written on (1-based).
    pub first_line: usize,
    /// The last line the step is written on.
    pub last_line: usize,
    /// Seat 1's view and seat 2's view, each from `Game::observe` of that seat only, with
    /// no actions (the page only looks); the log holds the events of this step as that seat
    /// saw them.
    pub seats: [TableView; 2],
}

/// A failing step.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FailureView {
    /// The step (0: the setup).
    pub step: usize,
    /// The line of its `[[step]]` header (0 for the setup).
    pub line: usize,
    /// What went wrong.
    pub findings: Vec<FindingView>,
}

/// One thing that went wrong.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FindingView {
    /// What was checked or done.
    pub what: String,
    /// The value expected, when something was compared.
    pub expected: Option<String>,
    /// The value found, or what went wrong.
    pub actual: String,
    /// The failing expectation's first and last line, when the finding is an `expect` check.
    pub lines: Option<[usize; 2]>,
}

/// How a page names a scenario: by its index in the lobby's list or by its listed path.
#[derive(Clone, Debug)]
pub enum ScenarioRef {
    /// An index into [`list`].
    Index(usize),
    /// A [`ScenarioFile::path`].
    Path(String),
}

/// The scenario files of the served sets: each set's `tests/*.toml` (subfolders too) whose
/// real path lies in that set's `tests` folder; sorted by set, then path.
fn files(sets: &[ServedSet]) -> Vec<(usize, PathBuf, ScenarioFile)> {
    let mut out = Vec::new();
    for (i, s) in sets.iter().enumerate() {
        let tests = s.real.join("tests");
        for file in scenario_files(std::slice::from_ref(&s.dir)) {
            let Ok(real) = std::fs::canonicalize(&file) else {
                continue;
            };
            if !real.starts_with(&tests) || !real.is_file() {
                continue;
            }
            let Ok(rel) = real.strip_prefix(&s.real) else {
                continue;
            };
            let path = format!("{}/{}", s.id, rel.display());
            out.push((
                i,
                real,
                ScenarioFile {
                    set: s.id.clone(),
                    path,
                },
            ));
        }
    }
    out
}

/// The scenario files the lobby lists (the served sets' `tests/*.toml`).
pub fn list(sets: &[ServedSet]) -> Vec<ScenarioFile> {
    files(sets).into_iter().map(|(_, _, f)| f).collect()
}

/// Held while a scenario runs: pages asking at once are answered one after another, so each
/// run's sets and Lua states are loaded one at a time.
static RUNNING: Mutex<()> = Mutex::new(());

/// Runs the scenario `which` names with its sets (blocking: it loads their Lua scripts) and
/// traces it, phrased in `lang`. An error when `which` names no listed scenario, or when the
/// scenario plays with a set that is not served.
pub fn open(
    sets: &[ServedSet],
    which: &ScenarioRef,
    rules: Option<RuleSet>,
    lang: Lang,
) -> Result<ScenarioView, String> {
    let _one = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    let listed = files(sets);
    let count = listed.len();
    let found = match which {
        ScenarioRef::Index(i) => listed
            .into_iter()
            .enumerate()
            .nth(*i)
            .ok_or_else(|| format!("no scenario {i}: the lobby lists {count} scenarios"))?,
        ScenarioRef::Path(p) => listed
            .into_iter()
            .enumerate()
            .find(|(_, (_, _, f))| f.path == *p)
            .ok_or_else(|| {
                format!(
                    "no scenario {p:?}: scenarios are the served sets' tests/*.toml files, \
                     named as the lobby lists them"
                )
            })?,
    };
    let (index, (set, real, file)) = found;
    let source = read_source(&real).map_err(|e| format!("{}: {e}", file.path))?;
    let fallback_title = real
        .file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut out = ScenarioView {
        index,
        file,
        title: fallback_title,
        description: None,
        source,
        frames: Vec::new(),
        outcome: String::new(),
        failure: None,
        problems: Vec::new(),
    };
    let scenario = match load_scenario(&real) {
        Ok(s) => s,
        Err(problems) => {
            out.outcome = "invalid".into();
            out.problems = problem_views(sets, set, &problems);
            return Ok(out);
        }
    };
    if let Some(dir) = scenario.set_dirs.iter().find(|d| !served(sets, d)) {
        return Err(format!(
            "{}: it plays with the set in {}, which is not served",
            out.file.path,
            dir.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ));
    }
    out.title = scenario.title.clone();
    out.description = scenario.description.clone();
    let mut frames = Vec::new();
    let mut cache = rules.map_or_else(SetCache::new, SetCache::with_rules);
    let outcome = cache.trace(&scenario, &mut |m: Moment<'_>| {
        frames.push(frame(&m, lang, frames.len() as u64));
    });
    out.frames = frames;
    match outcome {
        ScenarioOutcome::Passed { .. } => out.outcome = "passed".into(),
        ScenarioOutcome::Failed(f) => {
            out.outcome = "failed".into();
            out.failure = Some(FailureView {
                step: f.step,
                line: f.line,
                findings: f
                    .findings
                    .into_iter()
                    .map(|x| FindingView {
                        what: x.what,
                        expected: x.expected,
                        actual: x.actual,
                        lines: x.lines.map(|l| [*l.start(), *l.end()]),
                    })
                    .collect(),
            });
        }
        ScenarioOutcome::Invalid(problems) => {
            out.outcome = "invalid".into();
            out.problems = problem_views(sets, set, &problems);
        }
    }
    Ok(out)
}

/// The longest scenario file shown, in bytes (as the scenario loader's limit).
const MAX_SOURCE_BYTES: u64 = 4 * 1024 * 1024;

/// The text of the scenario file at `real` (a listed regular file), bad UTF-8 replaced: the
/// loader reports it, located, and the page still shows the rest.
fn read_source(real: &Path) -> Result<String, String> {
    let len = std::fs::metadata(real)
        .map_err(|e| format!("cannot be read: {e}"))?
        .len();
    if len > MAX_SOURCE_BYTES {
        return Err(format!(
            "too large to show ({len} bytes; at most {MAX_SOURCE_BYTES})"
        ));
    }
    let bytes = std::fs::read(real).map_err(|e| format!("cannot be read: {e}"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether `dir` is one of the served set folders.
fn served(sets: &[ServedSet], dir: &Path) -> bool {
    let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
    sets.iter().any(|s| s.real == real)
}

/// The problems for the page, each placed in its set (the scenario's own set `set` when no
/// served folder holds its file).
fn problem_views(
    sets: &[ServedSet],
    set: usize,
    problems: &[dzero_cardpool::Problem],
) -> Vec<ProblemView> {
    problems
        .iter()
        .map(|p| view(sets, p, Some(&sets[owner(sets, &p.file).unwrap_or(set)])))
        .collect()
}

/// Both seats' views of moment `m`, numbered `version`, each with the moment's events as
/// that seat saw them.
fn frame(m: &Moment<'_>, lang: Lang, version: u64) -> StepFrame {
    let seat = |p: Player| {
        let events: Vec<_> = m
            .events
            .iter()
            .map(|e| m.game.observe_event(p, e))
            .collect();
        let mut v = table_view(m.game, m.db, p, lang, version, &events, 0);
        v.actions.clear();
        v
    };
    StepFrame {
        step: m.step,
        line: m.line,
        first_line: *m.lines.start(),
        last_line: *m.lines.end(),
        seats: [seat(Player::One), seat(Player::Two)],
    }
}
