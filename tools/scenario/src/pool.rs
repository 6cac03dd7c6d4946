//! The cards a scenario is played with: one set's database, or the cards of several sets
//! combined into one database, each card keeping the Lua host of its own set.

use dzero_cardpool::CardSet;
use dzero_core::{CardDb, RuleSet};
use dzero_script_api::{ScriptError, ScriptHost};
use std::collections::BTreeMap;
use std::rc::Rc;

/// A card name that two of the combined sets both have.
#[derive(Clone, Debug)]
pub(crate) struct Duplicate {
    pub name: String,
    /// The indices of the two sets, in list order.
    pub sets: (usize, usize),
}

/// One set of a [`Combined`] database.
struct Member {
    id: String,
    rules: RuleSet,
    /// Its Lua host and those of the sets it requires.
    hosts: Vec<Rc<ScriptHost>>,
    /// How many definitions it added.
    len: usize,
}

/// The cards of several sets in one database, in list order; the first set is the primary one.
/// The definitions are shared with the sets' own databases, so Lua cards keep their set's host
/// and a hot-reloaded set contributes its last good version.
pub(crate) struct Combined {
    db: CardDb,
    members: Vec<Member>,
    duplicates: Vec<Duplicate>,
}

impl Combined {
    /// The combined database of `sets`. A set that another of them requires is already part
    /// of that one and is not added again.
    pub fn new(sets: &[&CardSet]) -> Combined {
        let mut db = CardDb::new();
        let included = |set: &CardSet| {
            let dir = dzero_cardpool::requires::canonical(&set.dir);
            sets.iter()
                .any(|other| other.required.iter().any(|r| r.dir == dir))
        };
        let members: Vec<Member> = sets
            .iter()
            .filter(|set| !included(set))
            .map(|set| {
                db.extend(&set.db);
                Member {
                    id: set.id.clone(),
                    rules: set.rules,
                    hosts: hosts(set).map(Rc::clone).collect(),
                    len: set.db.len(),
                }
            })
            .collect();
        let duplicates = duplicates(&db, &members);
        Combined {
            db,
            members,
            duplicates,
        }
    }

    /// The view a scenario runs with.
    pub fn pool(&self) -> Pool<'_> {
        Pool {
            db: &self.db,
            hosts: self
                .members
                .iter()
                .flat_map(|m| m.hosts.iter().map(|h| &**h))
                .collect(),
            rules: self.members.first().map_or(RuleSet::OFFICIAL, |m| m.rules),
            ids: self.members.iter().map(|m| m.id.as_str()).collect(),
            primary: self.members.first().map_or(0, |m| m.len),
            duplicates: &self.duplicates,
        }
    }
}

/// The names that two of `members` (whose cards are `db`, in order) both have.
fn duplicates(db: &CardDb, members: &[Member]) -> Vec<Duplicate> {
    let mut first: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out = Vec::new();
    let mut defs = db.iter();
    for (i, m) in members.iter().enumerate() {
        for (_, d) in defs.by_ref().take(m.len) {
            match first.get(d.name.as_str()) {
                Some(&j) if j != i => out.push(Duplicate {
                    name: d.name.clone(),
                    sets: (j, i),
                }),
                Some(_) => {}
                None => {
                    first.insert(d.name.as_str(), i);
                }
            }
        }
    }
    out
}

/// The Lua hosts of `set`'s cards: its own and those of the sets it requires.
fn hosts(set: &CardSet) -> impl Iterator<Item = &Rc<ScriptHost>> {
    std::iter::once(&set.host).chain(set.required.iter().map(|r| &r.host))
}

/// What a scenario is played with.
pub(crate) struct Pool<'a> {
    /// Every card.
    pub db: &'a CardDb,
    /// The Lua host of each set.
    pub hosts: Vec<&'a ScriptHost>,
    /// The primary set's rule set.
    pub rules: RuleSet,
    /// The id of each set.
    pub ids: Vec<&'a str>,
    /// The primary set's cards are the first `primary` definitions.
    pub primary: usize,
    /// Names two sets both have.
    pub duplicates: &'a [Duplicate],
}

impl<'a> Pool<'a> {
    /// The cards of one set.
    pub fn single(set: &'a CardSet) -> Pool<'a> {
        Pool {
            db: &set.db,
            hosts: hosts(set).map(|h| &**h).collect(),
            rules: set.rules,
            ids: vec![set.id.as_str()],
            primary: set.db.len(),
            duplicates: &[],
        }
    }

    /// The script errors every set's host recorded since the last call.
    pub fn take_errors(&self) -> Vec<ScriptError> {
        self.hosts.iter().flat_map(|h| h.take_errors()).collect()
    }

    /// `set ID` or `sets ID, ID`, for messages.
    pub fn names(&self) -> String {
        match self.ids.as_slice() {
            [one] => format!("set {one}"),
            ids => format!("sets {}", ids.join(", ")),
        }
    }
}
