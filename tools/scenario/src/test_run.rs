//! A test run: the scenario files under some paths, each run with its sets, and the report
//! `dzero test` prints.

use crate::coverage::matches_filter;
use crate::outcome::ScenarioOutcome;
use crate::parse::load_scenario;
use crate::set_cache::SetCache;
use crate::trace::OnMoment;
use dzero_cardpool::Problem;
use dzero_cardpool::diag::printable;
use dzero_cardpool::layout::scenario_listing;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Loads the scenario at `path` and its sets (through `sets`) and runs it.
pub fn run_file(path: &Path, sets: &mut SetCache) -> ScenarioOutcome {
    match load_scenario(path) {
        Ok(s) => sets.run(&s),
        Err(p) => ScenarioOutcome::Invalid(p),
    }
}

/// [`run_file`], showing `watch` the game after the setup and after each step played.
pub fn trace_file(path: &Path, sets: &mut SetCache, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
    match load_scenario(path) {
        Ok(s) => sets.trace(&s, watch),
        Err(p) => ScenarioOutcome::Invalid(p),
    }
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
    /// Scenario folders that cannot be listed and `*.toml` entries that are not regular files.
    pub unread: Vec<Problem>,
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

    /// Whether at least one scenario ran, all passed, every path existed and every scenario
    /// folder and file could be read.
    pub fn ok(&self) -> bool {
        !self.results.is_empty()
            && self.failed() == 0
            && self.missing.is_empty()
            && self.unread.is_empty()
    }

    /// One `PASS path` / `FAIL path` line per scenario, then the details of each failure, then
    /// a summary line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for m in &self.missing {
            let _ = writeln!(out, "MISSING {}", m.display());
        }
        for p in &self.unread {
            let _ = writeln!(out, "UNREAD {}", p.headline());
        }
        for r in &self.results {
            let word = if r.outcome.passed() { "PASS" } else { "FAIL" };
            let _ = writeln!(out, "{word} {}", printable(&r.path.display().to_string()));
            for line in &r.printed {
                let _ = writeln!(out, "  print {}", printable(line));
            }
        }
        for r in self.results.iter().filter(|r| !r.outcome.passed()) {
            let _ = writeln!(out, "\n--- {} ---", r.path.display());
            out.push_str(&r.outcome.render());
        }
        if self.results.is_empty() && self.unread.is_empty() {
            let _ = writeln!(
                out,
                "no scenario files found (scenarios are *.toml files in a set's tests/ folder)"
            );
        }
        let _ = writeln!(
            out,
            "\n{} {}: {} passed, {} failed",
            self.results.len(),
            if self.results.len() == 1 {
                "scenario"
            } else {
                "scenarios"
            },
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
    let listing = scenario_listing(paths);
    report.unread = listing.unread;
    let files = listing
        .files
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
