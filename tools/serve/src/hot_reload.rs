//! Hot reload while playing: a game's thread keeps its host set loaded across edits
//! ([`HotSet`]) and, after each save, tells its pages what changed ([`ReloadNote`]): the cards
//! whose definitions changed and how, that the card list changed (a running game keeps the
//! definitions it has), or the located diagnostics of a rejected edit (the last good version
//! stays in play).

use crate::validation::{ProblemView, ServedSet, problem_view};
use dzero_cardpool::{CardSet, Deck, Reload, Reloader};
use dzero_core::{CardDb, CardDef};
use dzero_sim::DeckFiles;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// What a reload did to a running game, as its pages are told.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ReloadNote {
    /// The game now plays the new definitions.
    Applied {
        /// The cards whose printed characteristics changed, and how.
        cards: Vec<CardChange>,
        /// The cards whose script was reloaded without a printed change.
        scripts: Vec<String>,
    },
    /// Cards were added, removed or reordered: the game keeps the definitions it has; a new
    /// game plays the new card list.
    CardList {
        /// The names of the cards added.
        added: Vec<String>,
        /// The names of the cards removed.
        removed: Vec<String>,
    },
    /// The edit was rejected; the last good version stays in play.
    Rejected {
        /// What is wrong, located (files relative to their set, as the validation page
        /// shows them).
        problems: Vec<ProblemView>,
    },
}

/// One card whose definition changed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CardChange {
    /// The printed name.
    pub name: String,
    /// The characteristics that differ.
    pub changes: Vec<FieldChange>,
}

/// One characteristic of a card, before and after the edit.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FieldChange {
    /// Which: `cost`, `move_cost`, `power`, `smash`, `timing`, `race`, `text` or `abilities`
    /// (their number).
    pub field: String,
    /// The value before the edit, as printed.
    pub before: String,
    /// The value after the edit, as printed.
    pub after: String,
}

/// A game's host set, kept loaded across edits in the game's own thread (its Lua state
/// belongs there).
pub struct HotSet {
    reloader: Reloader,
    /// The host set and the sets it requires, as its diagnostics name their files.
    sets: Vec<ServedSet>,
}

/// A reload's outcome for a game: the note for its pages, and the definitions to play from
/// now on when they can replace the game's (same card list).
pub struct Reloaded {
    /// What the pages are told.
    pub note: ReloadNote,
    /// The new card database, when the game switches to it.
    pub db: Option<CardDb>,
}

impl HotSet {
    /// Loads the host set of `decks` and the decks in it: the set, its card database and the
    /// decks. When the set does not pass its checks yet, the game plays the set as it loads
    /// and picks up the first good version with the same card list.
    pub fn open(decks: &DeckFiles) -> Result<(HotSet, CardDb, Vec<Deck>), String> {
        let (reloader, _problems) = Reloader::open(&decks.host);
        let (db, parsed, sets) = match reloader.set() {
            Some(set) => (set.db.clone(), decks.decks_in(set)?, served(set)),
            None => {
                let (set, parsed) = decks.load()?;
                (set.db.clone(), parsed, served(&set))
            }
        };
        Ok((HotSet { reloader, sets }, db, parsed))
    }

    /// Applies changed files against `db`, the definitions the game plays; `None` when
    /// nothing relevant to the set changed.
    pub fn apply(&mut self, changed: &[PathBuf], db: &CardDb) -> Option<Reloaded> {
        let rebuilt = match self.reloader.apply(changed) {
            Reload::Unchanged => return None,
            Reload::Rejected(problems) if problems.is_empty() => return None,
            Reload::Rejected(problems) => {
                return Some(Reloaded {
                    note: ReloadNote::Rejected {
                        problems: problems
                            .iter()
                            .map(|p| problem_view(&self.sets, p))
                            .collect(),
                    },
                    db: None,
                });
            }
            Reload::Cards(names) => names,
            Reload::Set { .. } => Vec::new(),
        };
        let set = self.reloader.set()?;
        let names =
            |db: &CardDb| -> Vec<String> { db.iter().map(|(_, d)| d.name.clone()).collect() };
        let (old, new) = (names(db), names(&set.db));
        if old != new {
            let missing = |from: &[String], other: &[String]| -> Vec<String> {
                let other: BTreeSet<&String> = other.iter().collect();
                let gone: BTreeSet<&String> = from.iter().filter(|n| !other.contains(n)).collect();
                gone.into_iter().cloned().collect()
            };
            return Some(Reloaded {
                note: ReloadNote::CardList {
                    added: missing(&new, &old),
                    removed: missing(&old, &new),
                },
                db: None,
            });
        }
        let mut cards = Vec::new();
        let mut scripts = Vec::new();
        for ((_, before), (id, after)) in db.iter().zip(set.db.iter()) {
            let changes = differences(before, after);
            if !changes.is_empty() {
                cards.push(CardChange {
                    name: after.name.clone(),
                    changes,
                });
            } else if rebuilt.contains(&after.name)
                && set
                    .cards
                    .iter()
                    .any(|c| c.def == id && c.script.as_ref().is_some_and(|s| changed.contains(s)))
            {
                scripts.push(after.name.clone());
            }
        }
        Some(Reloaded {
            note: ReloadNote::Applied { cards, scripts },
            db: Some(set.db.clone()),
        })
    }
}

/// `set` and the sets it requires, for naming their files.
fn served(set: &CardSet) -> Vec<ServedSet> {
    std::iter::once(ServedSet::new(set.dir.clone(), set.id.clone()))
        .chain(
            set.required
                .iter()
                .map(|r| ServedSet::new(r.dir.clone(), r.id.clone())),
        )
        .collect()
}

/// The printed characteristics that differ between two versions of a card.
fn differences(before: &CardDef, after: &CardDef) -> Vec<FieldChange> {
    let move_cost = |d: &CardDef| d.move_cost.as_ref().map_or("-".into(), |c| c.to_string());
    let timing = |d: &CardDef| format!("{:?}", d.timing).to_lowercase();
    let fields: [(&str, fn(&CardDef) -> String); 8] = [
        ("cost", |d| d.cost.to_string()),
        ("move_cost", move_cost),
        ("power", |d| d.power.to_string()),
        ("smash", |d| d.smash.to_string()),
        ("timing", timing),
        ("race", |d| d.race.clone()),
        ("text", |d| d.text.clone()),
        ("abilities", |d| d.abilities.len().to_string()),
    ];
    fields
        .iter()
        .filter_map(|(field, value)| {
            let (b, a) = (value(before), value(after));
            (b != a).then(|| FieldChange {
                field: (*field).into(),
                before: b,
                after: a,
            })
        })
        .collect()
}
