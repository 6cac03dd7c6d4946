//! Loaded sets, by folder, so that many scenarios of one set load it once; running a scenario
//! with its sets.

use crate::Scenario;
use crate::outcome::ScenarioOutcome;
use crate::run::run_sets_watched;
use crate::trace::{OnMoment, unwatched};
use dzero_cardpool::layout::in_decks_folder;
use dzero_cardpool::{CardSet, Problem, load_set};
use dzero_core::RuleSet;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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

    /// Runs `s` with its sets as [`SetCache::run`] does, showing `watch` the game after the
    /// setup and after each step played (the failing step included).
    pub fn trace(&mut self, s: &Scenario, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
        self.run_watched(s, watch)
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
