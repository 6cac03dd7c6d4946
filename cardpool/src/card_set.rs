//! A loaded set: its definitions with their behaviour, where each card was defined, its deck
//! lists, and the sets it builds on; and the outcome of loading one.

use crate::deck::Deck;
use crate::diag::Problem;
use crate::dimension_deck::DimensionDeck;
use dzero_core::{CardDb, DefId, RuleSet};
use dzero_script_api::ScriptHost;
use std::ops::Range;
use std::path::PathBuf;
use std::rc::Rc;

/// Where a card was defined.
#[derive(Clone, Debug)]
pub struct CardSource {
    /// Its definition id in the set's database.
    pub def: DefId,
    /// The card file.
    pub file: PathBuf,
    /// Byte range of its `[[card]]` table in the file.
    pub span: Range<usize>,
    /// Its Lua script, if any.
    pub script: Option<PathBuf>,
    /// Its collector number.
    pub number: Option<String>,
}

/// A loaded set: definitions with their behaviour, ready to play.
pub struct CardSet {
    /// The set folder.
    pub dir: PathBuf,
    /// `set.toml`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Version string.
    pub version: String,
    /// The rule set the set targets.
    pub rules: RuleSet,
    /// The definitions.
    pub db: CardDb,
    /// Where each card came from, in load order.
    pub cards: Vec<CardSource>,
    /// The deck lists under `decks/`.
    pub decks: Vec<Deck>,
    /// The dimension deck lists under `dimensions/` (R19), by file name.
    pub dimension_decks: Vec<DimensionDeck>,
    /// The Lua state the set's scripts run in.
    pub host: Rc<ScriptHost>,
    /// The sets it builds on (`requires`, and theirs), each once; their cards follow the set's
    /// own in `db`.
    pub required: Vec<Required>,
}

/// The outcome of loading: a set when it loaded, and every problem found.
pub struct Loaded {
    /// The set, unless a problem made it unusable.
    pub set: Option<CardSet>,
    /// All problems, in file order.
    pub problems: Vec<Problem>,
    /// The folders of every set it builds on that exists, loaded or not (canonical).
    pub requires: Vec<PathBuf>,
}

impl Loaded {
    /// Nothing loaded, for these problems.
    pub(crate) fn failed(problems: Vec<Problem>) -> Loaded {
        Loaded {
            set: None,
            problems,
            requires: Vec::new(),
        }
    }
}

/// A set that another set builds on, as loaded with it.
#[derive(Clone)]
pub struct Required {
    /// Its folder (canonical).
    pub dir: PathBuf,
    /// Its id.
    pub id: String,
    /// Its version.
    pub version: String,
    /// The Lua state its scripts run in.
    pub host: Rc<ScriptHost>,
    /// Its own cards; their `def` ids are in the requiring set's database.
    pub cards: Vec<CardSource>,
}
