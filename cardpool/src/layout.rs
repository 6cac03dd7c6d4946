//! Where a set keeps its files: the set folders at or below a path, a set's deck lists and
//! its scenario files (`tests/**/*.toml`). Only paths are found here; reading them is the
//! loaders' business.

use crate::diag::Problem;
use crate::files::not_regular;
use std::path::{Path, PathBuf};

/// Whether `dir` has a `set.toml` entry (of any type: loading reports one that is not a
/// readable regular file inside the set).
pub(crate) fn has_set_file(dir: &Path) -> bool {
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

/// Whether `file` is a deck list of a set (`…/decks/NAME.txt`).
pub fn in_decks_folder(file: &Path) -> bool {
    file.extension().is_some_and(|e| e == "txt")
        && file
            .parent()
            .and_then(|d| d.file_name())
            .is_some_and(|n| n == "decks")
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

/// Every `*.toml` file at or below `dir`, sorted; a folder that cannot be listed and a
/// `*.toml` entry that is not a regular file (a named pipe, a socket, a device) go to `unread`.
fn toml_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>, unread: &mut Vec<Problem>) {
    if depth > 32 {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && depth == 0 => return,
        Err(e) => {
            unread.push(
                Problem::file(dir, format!("cannot list the scenario folder: {e}"))
                    .help("its scenarios are not run; make it a readable folder"),
            );
            return;
        }
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let Ok(meta) = std::fs::symlink_metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            toml_files(&p, depth + 1, out, unread);
        } else if is_toml(&p) {
            // Regular files only (following links: loading refuses those leading outside the
            // set); a named pipe or a device is never opened, also not by `dzero watch`, but
            // reported.
            match std::fs::metadata(&p) {
                Ok(m) => match not_regular(m.file_type()) {
                    None => out.push(p),
                    Some(what) => unread.push(Problem::file(
                        &p,
                        format!("not a scenario file: {what}; it is not read"),
                    )),
                },
                Err(e) => unread.push(Problem::file(&p, format!("cannot read: {e}"))),
            }
        }
    }
}

fn find_scenarios(path: &Path, depth: usize, out: &mut Vec<PathBuf>, unread: &mut Vec<Problem>) {
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
        toml_files(&path.join("tests"), 0, out, unread);
        return;
    }
    if in_set_tests(path) {
        toml_files(path, 0, out, unread);
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
        find_scenarios(&d, depth + 1, out, unread);
    }
}

/// The scenario files under `paths` and what could not be read there.
#[derive(Debug, Default)]
pub struct ScenarioListing {
    /// The scenario files, sorted, without duplicates.
    pub files: Vec<PathBuf>,
    /// Scenario folders that cannot be listed and `*.toml` entries that are not regular files.
    pub unread: Vec<Problem>,
}

/// The scenario files under `paths`: every `*.toml` under the `tests/` folder of each set found
/// at or below a path, every `*.toml` below a path inside a set's `tests/` folder, the `*.toml`
/// files directly in a given folder that is no set, and files given directly; with every
/// folder and entry among them that cannot be read.
pub fn scenario_listing(paths: &[PathBuf]) -> ScenarioListing {
    let mut l = ScenarioListing::default();
    for p in paths {
        find_scenarios(p, 0, &mut l.files, &mut l.unread);
    }
    l.files.sort();
    l.files.dedup();
    l.unread
        .dedup_by(|a, b| a.file == b.file && a.message == b.message);
    l
}

/// The files of [`scenario_listing`] (what cannot be read is left to those that report it).
pub fn scenario_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    scenario_listing(paths).files
}
