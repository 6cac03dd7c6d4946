//! Hot reload while playing: a game's thread keeps its host set loaded across edits
//! ([`HotSet`]) and, after each save, tells its pages what changed ([`ReloadNote`]): the cards
//! whose definitions changed and how, that the card list changed (a running game keeps the
//! definitions it has), or the located diagnostics of a rejected edit (the last good version
//! stays in play).

use crate::validation::{ProblemView, ServedSet, problem_view};
use dzero_cardpool::{CardSet, CardSource, Reload, Reloader};
use dzero_core::{CardDb, CardDef, DefId};
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

/// A game's host set, reloaded across edits in the game's own thread (its Lua state belongs
/// there). The first change that concerns the set loads and checks it in full; later ones
/// reload just what changed.
pub struct HotSet {
    /// The host set's folder.
    dir: PathBuf,
    /// The set kept loaded across edits, from the first change on.
    reloader: Option<Reloader>,
    /// The host set and the sets it requires, as its diagnostics name their files.
    sets: Vec<ServedSet>,
    /// The cards of the definitions the game plays ([`card_names`]): a reload with other
    /// cards cannot replace them.
    cards: Vec<(DefId, String)>,
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
    /// Follows `set`, the host set a game started with (the game's thread keeps it: its Lua
    /// state runs the definitions in play until a reload replaces them).
    pub fn new(set: &CardSet) -> HotSet {
        HotSet {
            dir: set.dir.clone(),
            reloader: None,
            sets: served(set),
            cards: card_names(set),
        }
    }

    /// Whether a changed file belongs to the set or to a set it requires (card files,
    /// scripts, deck lists, `set.toml`; not scenarios).
    fn concerns(&self, changed: &[PathBuf]) -> bool {
        changed.iter().any(|p| {
            p.extension()
                .is_some_and(|e| e == "toml" || e == "lua" || e == "txt")
                && self
                    .sets
                    .iter()
                    .any(|s| p.starts_with(&s.real) && !p.starts_with(s.real.join("tests")))
        })
    }

    /// Applies changed files against `db`, the definitions the game plays; `None` when
    /// nothing relevant to the set changed.
    pub fn apply(&mut self, changed: &[PathBuf], db: &CardDb) -> Option<Reloaded> {
        let concerns = self.concerns(changed);
        let outcome = match &mut self.reloader {
            Some(r) => r.apply(changed),
            None if !concerns => return None,
            None => {
                let (r, problems) = Reloader::open(&self.dir);
                self.reloader = Some(r);
                if problems.is_empty() {
                    Reload::Set { same_ids: false }
                } else {
                    Reload::Rejected(problems)
                }
            }
        };
        match outcome {
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
            Reload::Cards(_) | Reload::Set { .. } => {}
        }
        let set = self.reloader.as_ref()?.set()?;
        let new = card_names(set);
        if new != self.cards {
            let missing = |from: &[(DefId, String)], other: &[(DefId, String)]| -> Vec<String> {
                let other: BTreeSet<&String> = other.iter().map(|(_, n)| n).collect();
                let gone: BTreeSet<&String> = from
                    .iter()
                    .map(|(_, n)| n)
                    .filter(|n| !other.contains(n))
                    .collect();
                gone.into_iter().cloned().collect()
            };
            return Some(Reloaded {
                note: ReloadNote::CardList {
                    added: missing(&new, &self.cards),
                    removed: missing(&self.cards, &new),
                },
                db: None,
            });
        }
        let mut cards = Vec::new();
        let mut scripts = Vec::new();
        for &(id, _) in &new {
            let (Some(before), Some(after)) = (db.get(id), set.db.get(id)) else {
                continue;
            };
            let changes = differences(before, after);
            if !changes.is_empty() {
                cards.push(CardChange {
                    name: after.name.clone(),
                    changes,
                });
            } else if sources(set)
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

/// The cards of `set` and of the sets it requires, by definition id (the database may also
/// hold the helper cards of smoke play, which no game deals).
fn card_names(set: &CardSet) -> Vec<(DefId, String)> {
    let mut ids: Vec<DefId> = sources(set).map(|c| c.def).collect();
    ids.sort();
    ids.dedup();
    ids.into_iter()
        .filter_map(|id| set.db.get(id).map(|d| (id, d.name.clone())))
        .collect()
}

/// Where the cards of `set` and of the sets it requires come from.
fn sources(set: &CardSet) -> impl Iterator<Item = &CardSource> {
    set.cards
        .iter()
        .chain(set.required.iter().flat_map(|r| &r.cards))
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

/// One printed characteristic of a card, as a string.
type Printed = fn(&CardDef) -> String;

/// The printed characteristics that differ between two versions of a card.
fn differences(before: &CardDef, after: &CardDef) -> Vec<FieldChange> {
    let move_cost = |d: &CardDef| d.move_cost.as_ref().map_or("-".into(), |c| c.to_string());
    let timing = |d: &CardDef| format!("{:?}", d.timing).to_lowercase();
    let fields: [(&str, Printed); 8] = [
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
