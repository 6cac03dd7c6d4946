//! The dimension deck lists the lobby offers (次元戦, 次元探索戦, R19.2): per served set, its
//! lists under the rule set its games play, each with why that rule set refuses it. A page
//! chooses a list by name only; the server finds the file among the host set's own lists, so
//! nothing a page sends is ever opened as a path.

use dzero_cardpool::CardSet;
use dzero_cardpool::DeckText;
use dzero_core::{RuleSet, SetupError, check_dimension_deck};
use dzero_sim::DeckFiles;
use dzero_text::Lang;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A served set's dimension deck lists as the lobby offers them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DimensionOffer {
    /// The set's id.
    pub set: String,
    /// The ids of the sets it builds on: decks of those against its own play in it.
    pub requires: Vec<String>,
    /// The rule set its games play under (`--rules`, or the set's own).
    pub rules: String,
    /// Whether that rule set has a dimension deck (R19.1): only then is a list chosen.
    pub dimension_deck: bool,
    /// The set's lists, by file name.
    pub lists: Vec<DimensionListInfo>,
}

/// One dimension deck list of a set.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DimensionListInfo {
    /// The list's name (its file stem).
    pub name: String,
    /// Why the rule set refuses it (R19.4–R19.7); none when it plays.
    pub refused: Option<String>,
}

/// A served set's lists, with their files.
#[derive(Clone, Debug)]
pub struct SetLists {
    /// The set folder, canonical (as [`DeckFiles::host`] names it).
    dir: PathBuf,
    /// What the lobby shows.
    offer: DimensionOffer,
    /// Each list's file, in the order of `offer.lists`.
    files: Vec<PathBuf>,
}

impl SetLists {
    /// The lists of `set` under `rules`, or under the set's own rule set.
    pub fn new(set: &CardSet, rules: Option<RuleSet>) -> SetLists {
        let rules = rules.unwrap_or(set.rules);
        let lists = set
            .dimension_decks
            .iter()
            .map(|d| DimensionListInfo {
                name: d.name.clone(),
                refused: check_dimension_deck(&set.db, &rules, &d.cards)
                    .err()
                    .map(|e| {
                        let text = DeckText::new(&set.db, Lang::En);
                        match e {
                            SetupError::DimensionDeck { problem } => text.dimension_deck(&problem),
                            other => text.setup_error(&other),
                        }
                    }),
            })
            .collect();
        SetLists {
            dir: std::fs::canonicalize(&set.dir).unwrap_or_else(|_| set.dir.clone()),
            offer: DimensionOffer {
                set: set.id.clone(),
                requires: set.required.iter().map(|r| r.id.clone()).collect(),
                rules: rules.name.as_str().to_string(),
                dimension_deck: rules.modules.dimension_deck,
                lists,
            },
            files: set.dimension_decks.iter().map(|d| d.file.clone()).collect(),
        }
    }

    /// What the lobby shows of the set's lists.
    pub fn offer(&self) -> &DimensionOffer {
        &self.offer
    }
}

/// `decks` playing the dimension deck list `name` of their host set (`None`: the set's
/// default, the first its rule set accepts). A name that is none of the host set's lists,
/// or one the rule set refuses or has no dimension deck for, is an error naming the list
/// and the rule.
pub fn choose(
    sets: &[SetLists],
    decks: DeckFiles,
    name: Option<&str>,
) -> Result<DeckFiles, String> {
    let Some(name) = name else {
        return Ok(decks);
    };
    let set = sets.iter().find(|s| s.dir == decks.host).ok_or_else(|| {
        format!(
            "the decks play in {}, which is not served here",
            decks.host.display()
        )
    })?;
    let offer = &set.offer;
    if !decks.rules.modules.dimension_deck {
        return Err(format!(
            "the dimension deck list `{name}` was chosen, but the rule set `{}` has no \
             dimension deck (R19.1)",
            decks.rules.name
        ));
    }
    let Some(at) = offer.lists.iter().position(|l| l.name == name) else {
        let known = offer
            .lists
            .iter()
            .map(|l| format!("`{}`", l.name))
            .collect::<Vec<_>>();
        return Err(format!(
            "the set `{}` has no dimension deck list `{name}` (R19.2); its lists: {}",
            offer.set,
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ));
    };
    if let Some(why) = &offer.lists[at].refused {
        return Err(format!(
            "the dimension deck list `{name}` of the set `{}` does not play under the rule set \
             `{}`: {why}",
            offer.set, offer.rules
        ));
    }
    Ok(decks.with_dimensions(Some(set.files[at].clone())))
}
