//! Scenarios and hot reload: which scenario files to run again after a reload of a set, and
//! running them against the last good version of the set a [`Reloader`] keeps.

use crate::outcome::ScenarioOutcome;
use crate::parse::load_scenario;
use crate::run::run_scenario_sets;
use crate::set_cache::{SetCache, set_problems};
use dzero_cardpool::files::{MAX_FILE_BYTES, read_text};
use dzero_cardpool::layout::scenario_files;
use dzero_cardpool::{CardSet, Problem, Reload, Reloader};
use std::path::{Path, PathBuf};

/// The scenarios of the set in `dir` to run again after `outcome` of applying `changed`: of those
/// played with the set, the ones that name a reloaded card or every one after a whole-set
/// reload; and changed scenario files themselves. Searches the set's own `tests/` folder
/// ([`affected_scenarios_in`] searches more).
pub fn affected_scenarios(dir: &Path, outcome: &Reload, changed: &[PathBuf]) -> Vec<PathBuf> {
    affected_scenarios_in(dir, &[], outcome, changed)
}

/// Like [`affected_scenarios`], searching the scenario files under `roots` too (e.g. the folder
/// of several sets): a scenario there is played with the set in `dir` when `dir` is its set or
/// one of its `sets`. A scenario of the set's own `tests/` folder that cannot be read counts as
/// played with it (running it reports its problems).
pub fn affected_scenarios_in(
    dir: &Path,
    roots: &[PathBuf],
    outcome: &Reload,
    changed: &[PathBuf],
) -> Vec<PathBuf> {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_owned());
    let dir = canonical(dir);
    let mut paths = vec![dir.clone()];
    paths.extend(roots.iter().map(|r| canonical(r)));
    let uses_set = |f: &Path| match load_scenario(f) {
        Ok(s) => s.set_dirs.iter().any(|d| canonical(d) == dir),
        Err(_) => f.starts_with(&dir),
    };
    scenario_files(&paths)
        .into_iter()
        .filter(|f| {
            changed.contains(f)
                || match outcome {
                    Reload::Set { .. } => uses_set(f),
                    Reload::Cards(names) => {
                        read_text(f, MAX_FILE_BYTES)
                            .is_ok_and(|text| names.iter().any(|n| text.contains(n.as_str())))
                            && uses_set(f)
                    }
                    Reload::Unchanged | Reload::Rejected(_) => false,
                }
        })
        .collect()
}

/// Runs scenario files against the last good version of the set `reloader` keeps; the other
/// sets of scenarios that list several are loaded from their folders through `others` (once
/// per cache).
pub fn run_reloaded(
    reloader: &Reloader,
    others: &mut SetCache,
    files: &[PathBuf],
) -> Vec<(PathBuf, ScenarioOutcome)> {
    let mut out = Vec::new();
    for f in files {
        let s = match load_scenario(f) {
            Ok(s) => s,
            Err(p) => {
                out.push((f.clone(), ScenarioOutcome::Invalid(p)));
                continue;
            }
        };
        let own = |d: &Path| std::fs::canonicalize(d).is_ok_and(|d| d == reloader.dir());
        let mut problems = Vec::new();
        for d in s.set_dirs.iter().filter(|d| !own(d)) {
            if let Err(p) = others.get(d) {
                problems.extend(set_problems(f, d, p));
            }
        }
        let sets: Vec<&CardSet> = s
            .set_dirs
            .iter()
            .filter_map(|d| {
                if own(d) {
                    reloader.set()
                } else {
                    others.loaded(d)
                }
            })
            .collect();
        let outcome = if !problems.is_empty() {
            ScenarioOutcome::Invalid(problems)
        } else if sets.len() < s.set_dirs.len() {
            ScenarioOutcome::Invalid(vec![Problem::file(f, "the set has not loaded cleanly yet")])
        } else {
            run_scenario_sets(&s, &sets)
        };
        out.push((f.clone(), outcome));
    }
    out
}
