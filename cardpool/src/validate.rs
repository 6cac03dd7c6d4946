//! Whole-pool validation: schema, DSL, Lua, references, duplicates, deck lists, smoke play.

use crate::card_set::{CardSet, CardSource};
use crate::diag::Problem;
use crate::layout::{has_set_file, in_decks_folder, scenario_listing, set_dirs};
use crate::load::load_set;
use crate::requires::{canonical, dedup};
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
    /// How each loaded set's cards are written, in the order the sets were found.
    pub written: Vec<Written>,
}

/// How a set's cards are written: text only (keyword and card-text lines), with a Lua script,
/// or vanilla (no ability at all).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Written {
    /// The set's id.
    pub set: String,
    /// Cards in the set.
    pub cards: usize,
    /// Cards with abilities, all written as card text.
    pub text_only: usize,
    /// Cards with a Lua script.
    pub lua: usize,
    /// Cards without any ability.
    pub vanilla: usize,
}

/// How one card is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WrittenAs {
    /// Its abilities are all card text (keywords and DSL lines).
    Text,
    /// It has a Lua script.
    Lua,
    /// It has no ability at all.
    Vanilla,
}

impl WrittenAs {
    /// How the card `c` of `set` is written.
    pub fn of(set: &CardSet, c: &CardSource) -> WrittenAs {
        let plain = set.db.get(c.def).is_none_or(|def| {
            def.abilities.is_empty()
                && def.spell.is_none()
                && def.keywords == dzero_core::Keywords::NONE
        });
        if c.script.is_some() {
            WrittenAs::Lua
        } else if plain {
            WrittenAs::Vanilla
        } else {
            WrittenAs::Text
        }
    }
}

impl Written {
    /// Counts how the cards of `set` are written.
    pub fn of(set: &CardSet) -> Written {
        let mut w = Written {
            set: set.id.clone(),
            cards: set.cards.len(),
            text_only: 0,
            lua: 0,
            vanilla: 0,
        };
        for c in &set.cards {
            match WrittenAs::of(set, c) {
                WrittenAs::Text => w.text_only += 1,
                WrittenAs::Lua => w.lua += 1,
                WrittenAs::Vanilla => w.vanilla += 1,
            }
        }
        w
    }
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} cards: {} text-only, {} Lua, {} vanilla",
            self.set, self.cards, self.text_only, self.lua, self.vanilla
        )
    }
}

/// Validates every set at or below each path, collecting all problems.
pub fn validate(paths: &[PathBuf]) -> Report {
    let mut together = Vec::new();
    let mut report = Report {
        sets: Vec::new(),
        cards: 0,
        decks: 0,
        smoked: 0,
        problems: Vec::new(),
        written: Vec::new(),
    };
    for path in paths {
        if let Some(set_dir) = deck_set(path) {
            validate_deck(path, &set_dir, &mut report);
            continue;
        }
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
            report
                .problems
                .extend(scenario_listing(std::slice::from_ref(&dir)).unread);
            if let Some(mut set) = loaded.set {
                report.cards += set.cards.len();
                report.decks += set.decks.len() + set.dimension_decks.len();
                report
                    .problems
                    .extend(missing_dimension_deck(&set, &report.problems));
                report.written.push(Written::of(&set));
                let smoke = smoke_play(&mut set);
                report.smoked += smoke.tried;
                report.problems.extend(smoke.problems);
                together.push(Together::of(&set));
            }
            report.sets.push(dir);
        }
    }
    report.problems.extend(defined_twice(&together));
    // A set required by another one validated here reports its problems once.
    dedup(&mut report.problems);
    report
}

/// The card names of one set validated with others.
struct Together {
    dir: PathBuf,
    id: String,
    /// Its own cards: name, file, span.
    cards: Vec<(String, PathBuf, std::ops::Range<usize>)>,
    /// The folders of the sets it requires.
    requires: Vec<PathBuf>,
}

impl Together {
    fn of(set: &CardSet) -> Together {
        Together {
            dir: canonical(&set.dir),
            id: set.id.clone(),
            cards: set
                .cards
                .iter()
                .filter_map(|c| {
                    let def = set.db.get(c.def)?;
                    Some((def.name.clone(), c.file.clone(), c.span.clone()))
                })
                .collect(),
            requires: set.required.iter().map(|r| r.dir.clone()).collect(),
        }
    }
}

/// Names defined in more than one of the sets validated together: a problem at each later
/// definition, naming the first one's file. Sets that build on one another already report
/// their clashes when loading, and a set found twice is one set.
fn defined_twice(sets: &[Together]) -> Vec<Problem> {
    let mut first: std::collections::HashMap<&str, (usize, &Path)> = Default::default();
    let mut out = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        for (name, file, span) in &set.cards {
            let Some(&(j, other)) = first.get(name.as_str()) else {
                first.insert(name, (i, file));
                continue;
            };
            let (a, b) = (&sets[j], set);
            if j == i
                || a.dir == b.dir
                || a.requires.contains(&b.dir)
                || b.requires.contains(&a.dir)
            {
                continue;
            }
            let text =
                crate::files::read_text(file, crate::files::MAX_FILE_BYTES).unwrap_or_default();
            out.push(
                Problem::at(
                    file,
                    &text,
                    span.clone(),
                    format!(
                        "「{name}」 is defined in set {} and in set {}, validated together",
                        a.id, b.id
                    ),
                )
                .card(name)
                .help(format!(
                    "the other definition is in {}; a game combining these sets could not tell them apart",
                    other.display()
                )),
            );
        }
    }
    out
}

/// R19.2: a set whose rule set plays with a dimension deck ships a dimension deck list (one
/// that failed to parse is already reported, in `problems`).
fn missing_dimension_deck(set: &CardSet, problems: &[Problem]) -> Option<Problem> {
    let folder = set.dir.join("dimensions");
    let broken = problems.iter().any(|p| p.file.starts_with(&folder));
    (set.rules.modules.dimension_deck && set.dimension_decks.is_empty() && !broken).then(|| {
        Problem::file(
            &folder,
            format!(
                "the rule set `{}` plays with a dimension deck (R19.2), but the set has no dimension deck list",
                set.rules.name
            ),
        )
        .help("add `dimensions/NAME.txt`: a `[dimensions]` line, then `COUNT NAME` lines")
    })
}

/// The set a deck list belongs to: `SET/decks/NAME.txt` or `SET/dimensions/NAME.txt` with a
/// `SET/set.toml`.
fn deck_set(path: &Path) -> Option<PathBuf> {
    let set = path.parent()?.parent()?;
    let listed = in_decks_folder(path)
        || (path.extension().is_some_and(|e| e == "txt")
            && path.parent()?.file_name()? == "dimensions");
    (listed && path.is_file() && has_set_file(set)).then(|| set.to_path_buf())
}

/// Checks one deck list with the cards of its set: only the deck's own problems are reported
/// (the set's other problems are `dzero validate SET`'s business).
fn validate_deck(path: &Path, set_dir: &Path, report: &mut Report) {
    let loaded = load_set(set_dir);
    let same =
        |f: &Path| f == path || std::fs::canonicalize(f).ok() == std::fs::canonicalize(path).ok();
    report
        .problems
        .extend(loaded.problems.into_iter().filter(|p| same(&p.file)));
    if let Some(set) = loaded.set {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        report.decks += set
            .decks
            .iter()
            .map(|d| &d.name)
            .chain(set.dimension_decks.iter().map(|d| &d.name))
            .filter(|name| stem.as_deref() == Some(name.as_str()))
            .count();
    }
    report.sets.push(set_dir.to_path_buf());
}
