//! Whole-pool validation: schema, DSL, Lua, references, duplicates, deck lists, smoke play.

use crate::diag::Problem;
use crate::load::load_set;
use crate::smoke::smoke_play;
use std::path::{Path, PathBuf};

/// The result of validating some paths.
pub struct Report {
    /// The set folders found.
    pub sets: Vec<PathBuf>,
    /// Cards loaded, over all sets.
    pub cards: usize,
    /// Deck lists checked.
    pub decks: usize,
    /// Smoke plays and activations run.
    pub smoked: usize,
    /// Every problem.
    pub problems: Vec<Problem>,
}

/// Whether `dir` has a `set.toml` entry (of any type: loading reports one that is not a
/// readable regular file inside the set).
fn has_set_file(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join("set.toml")).is_ok()
}

/// The set folders at or directly below `path` (a folder with a `set.toml`).
pub fn set_dirs(path: &Path) -> Vec<PathBuf> {
    if has_set_file(path) {
        return vec![path.to_owned()];
    }
    let mut out: Vec<PathBuf> = std::fs::read_dir(path)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && has_set_file(p))
        .collect();
    out.sort();
    out
}

/// Validates every set at or below each path, collecting all problems.
pub fn validate(paths: &[PathBuf]) -> Report {
    let mut report = Report {
        sets: Vec::new(),
        cards: 0,
        decks: 0,
        smoked: 0,
        problems: Vec::new(),
    };
    for path in paths {
        let dirs = set_dirs(path);
        if dirs.is_empty() {
            report.problems.push(
                Problem::file(
                    path,
                    "no set here: expected a folder with a set.toml, or folders of sets",
                )
                .help("`dzero new set NAME` creates one"),
            );
        }
        for dir in dirs {
            let loaded = load_set(&dir);
            report.problems.extend(loaded.problems);
            if let Some(mut set) = loaded.set {
                report.cards += set.cards.len();
                report.decks += set.decks.len();
                let smoke = smoke_play(&mut set);
                report.smoked += smoke.tried;
                report.problems.extend(smoke.problems);
            }
            report.sets.push(dir);
        }
    }
    report
}
