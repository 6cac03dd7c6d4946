//! Hot reload: apply changed files to a loaded set, keeping the last good version when an edit
//! is bad. Card definition ids stay stable while the card list is unchanged, so a running game
//! can swap in the new definitions (`Game::refresh_abilities`) for future effects. Items already
//! on the stack or waiting to go there find their ability again by its key (its declaration's
//! text), wherever the edit moved it; one whose declaration was removed or changed fails
//! visibly (`Event::EffectFailed`) instead of running another ability.

use crate::card_set::CardSet;
use crate::diag::Problem;
use crate::load::{load_card_file, load_set};
use crate::smoke::{smoke_cards, smoke_play};
use dzero_core::DefId;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What an [`Reloader::apply`] did.
#[derive(Debug)]
pub enum Reload {
    /// Nothing relevant changed.
    Unchanged,
    /// The changed cards were rebuilt in place (same ids); their names.
    Cards(Vec<String>),
    /// The whole set was reloaded; `same_ids` tells whether card ids are unchanged (a running
    /// game can continue) or cards were added, removed or reordered.
    Set {
        /// Whether definition ids are unchanged.
        same_ids: bool,
    },
    /// The edit was rejected; the last good version stays loaded.
    Rejected(Vec<Problem>),
}

/// A set kept loaded across edits.
pub struct Reloader {
    dir: PathBuf,
    set: Option<CardSet>,
    /// The folders of the sets it requires, as of the last load (canonical).
    required: Vec<PathBuf>,
}

impl Reloader {
    /// Loads the set in `dir`; the problems of a bad first load are returned alongside (the
    /// reloader then waits for a fix).
    pub fn open(dir: &Path) -> (Reloader, Vec<Problem>) {
        // Watchers report absolute paths: compare against the canonical folder.
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
        let mut r = Reloader {
            dir,
            set: None,
            required: Vec::new(),
        };
        let problems = match r.full() {
            Reload::Rejected(p) => p,
            _ => Vec::new(),
        };
        (r, problems)
    }

    /// The set folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folders of the sets it requires (`requires`, and theirs), as of the last load:
    /// a change there reloads the set.
    pub fn required_dirs(&self) -> &[PathBuf] {
        &self.required
    }

    /// The last good version of the set, if any loaded cleanly.
    pub fn set(&self) -> Option<&CardSet> {
        self.set.as_ref()
    }

    /// Applies changed files (created, modified or deleted). Card files and scripts reload just
    /// their cards; anything else reloads the set, as does any change to a set it requires.
    pub fn apply(&mut self, changed: &[PathBuf]) -> Reload {
        let read = |p: &&PathBuf, dir: &Path| {
            p.starts_with(dir)
                && !p.starts_with(dir.join("tests"))
                && p.extension()
                    .is_some_and(|e| e == "toml" || e == "lua" || e == "txt")
        };
        if changed
            .iter()
            .any(|p| self.required.iter().any(|d| read(&p, d)))
        {
            return self.full();
        }
        let relevant: BTreeSet<PathBuf> = changed
            .iter()
            .filter(|p| read(p, &self.dir))
            .cloned()
            .collect();
        if relevant.is_empty() {
            return Reload::Unchanged;
        }
        let deleted: Vec<Problem> = relevant
            .iter()
            .filter(|p| !p.exists())
            .map(|p| Problem::file(p, "file deleted"))
            .collect();
        let Some(set) = &self.set else {
            return self.full();
        };
        let only_cards = deleted.is_empty()
            && relevant.iter().all(|p| {
                p.starts_with(self.dir.join("cards")) && set.cards.iter().any(|c| &c.file == p)
                    || p.starts_with(self.dir.join("scripts"))
                        && set.cards.iter().any(|c| c.script.as_ref() == Some(p))
            });
        let outcome = if only_cards {
            self.cards(&relevant)
        } else {
            self.full()
        };
        // A deletion the set reloads cleanly without (a removed card file) is applied, and
        // reported as the reload it is; one it cannot do without is a problem of the reload.
        match outcome {
            Reload::Rejected(mut p) if !deleted.is_empty() => {
                p.extend(deleted);
                Reload::Rejected(p)
            }
            other => other,
        }
    }

    /// Reloads and re-validates the whole set; swaps it in only if it is clean.
    fn full(&mut self) -> Reload {
        let loaded = load_set(&self.dir);
        self.required = loaded.requires;
        let mut problems = loaded.problems;
        let Some(mut set) = loaded.set else {
            return Reload::Rejected(problems);
        };
        problems.extend(smoke_play(&mut set).problems);
        if !problems.is_empty() {
            return Reload::Rejected(problems);
        }
        let names =
            |s: &CardSet| -> Vec<String> { s.db.iter().map(|(_, d)| d.name.clone()).collect() };
        let same_ids = self
            .set
            .as_ref()
            .is_some_and(|old| names(old) == names(&set));
        self.set = Some(set);
        Reload::Set { same_ids }
    }

    /// Rebuilds the cards of changed card files and scripts in place, staged on a copy of the
    /// database; falls back to a full reload when a file's card list changed.
    fn cards(&mut self, changed: &BTreeSet<PathBuf>) -> Reload {
        let Some(set) = &mut self.set else {
            return self.full();
        };
        let files: BTreeSet<PathBuf> = set
            .cards
            .iter()
            .filter(|c| {
                changed.contains(&c.file) || c.script.as_ref().is_some_and(|s| changed.contains(s))
            })
            .map(|c| c.file.clone())
            .collect();
        let mut problems = Vec::new();
        let mut staged = Vec::new();
        for file in &files {
            let built = load_card_file(&self.dir, file, &set.host, &set.db, &mut problems);
            let old: Vec<(usize, DefId)> = set
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| &c.file == file)
                .map(|(i, c)| (i, c.def))
                .collect();
            let same = built.len() == old.len()
                && built
                    .iter()
                    .zip(&old)
                    .all(|((d, _), (_, id))| set.db.get(*id).is_some_and(|o| o.name == d.name));
            if !problems.is_empty() {
                continue;
            }
            if !same {
                return self.full();
            }
            let file_changed = changed.contains(file);
            for ((def, mut src), (i, id)) in built.into_iter().zip(old) {
                // Only the cards whose file or script changed are swapped in.
                if file_changed || src.script.as_ref().is_some_and(|s| changed.contains(s)) {
                    src.def = id;
                    staged.push((i, id, def, src));
                }
            }
        }
        if !problems.is_empty() {
            return Reload::Rejected(problems);
        }
        let old_db = set.db.clone();
        let old_sources = set.cards.clone();
        let mut names = Vec::new();
        for (i, id, def, src) in staged {
            names.push(def.name.clone());
            set.db.replace(id, def);
            set.cards[i] = src;
        }
        let ids: BTreeSet<DefId> = set
            .cards
            .iter()
            .filter(|c| {
                changed.contains(&c.file) || c.script.as_ref().is_some_and(|s| changed.contains(s))
            })
            .map(|c| c.def)
            .collect();
        let smoke = smoke_cards(set, |d| ids.contains(&d));
        if !smoke.problems.is_empty() {
            set.db = old_db;
            set.cards = old_sources;
            return Reload::Rejected(smoke.problems);
        }
        Reload::Cards(names)
    }
}
