//! Which dimension deck a game of a set plays with (次元戦, R19): none when the rules have no
//! dimension deck, else one of the set's lists or a list file named on a command line.

use crate::card_set::CardSet;
use crate::deck_text::DeckText;
use crate::diag::Problem;
use crate::dimension_deck::{DimensionDeck, parse_dimension_deck};
use crate::files::{MAX_DECK_BYTES, read_text};
use dzero_core::Lang;
use dzero_core::{DefId, RuleSet, check_dimension_deck};
use std::collections::HashSet;
use std::path::Path;

/// The dimension deck a game of `set` under its own rule set plays with; see
/// [`dimension_deck_under`].
pub fn dimension_deck_for(set: &CardSet, file: Option<&Path>) -> Result<Vec<DefId>, String> {
    dimension_deck_under(set, &set.rules, file)
}

/// The dimension deck a game of `set` under `rules` plays with: empty when the rules have no
/// dimension deck (R19.1); else the list `file` (one of the set's by its file or name, or any
/// dimension deck list file naming the set's cards), or by default the first of the set's
/// lists, by file name, that `rules` accept. Errors are one readable text.
pub fn dimension_deck_under(
    set: &CardSet,
    rules: &RuleSet,
    file: Option<&Path>,
) -> Result<Vec<DefId>, String> {
    if !rules.modules.dimension_deck {
        return match file {
            None => Ok(Vec::new()),
            Some(f) => Err(format!(
                "{}: the rule set `{}` has no dimension deck (R19.1)",
                f.display(),
                rules.name
            )),
        };
    }
    let check = |cards: &[DefId], file: &Path| {
        check_dimension_deck(&set.db, rules, cards)
            .map(|()| cards.to_vec())
            .map_err(|e| {
                let e = DeckText::new(&set.db, Lang::En).setup_error(&e);
                format!("{}: {e}", file.display())
            })
    };
    let Some(file) = file else {
        let mut first_error = None;
        for d in &set.dimension_decks {
            match check(&d.cards, &d.file) {
                Ok(cards) => return Ok(cards),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        return Err(first_error.unwrap_or_else(|| {
            format!(
                "the set `{}` has no dimension deck list (SET/dimensions/NAME.txt); the rule set `{}` needs one (R19.2)",
                set.id, rules.name
            )
        }));
    };
    let same = |d: &DimensionDeck| {
        d.file == file
            || file.to_str() == Some(d.name.as_str())
            || std::fs::canonicalize(&d.file)
                .ok()
                .is_some_and(|a| std::fs::canonicalize(file).ok() == Some(a))
    };
    if let Some(d) = set.dimension_decks.iter().find(|d| same(d)) {
        return check(&d.cards, &d.file);
    }
    let text = read_text(file, MAX_DECK_BYTES)
        .map_err(|e| format!("{}: {}", file.display(), e.describe()))?;
    parse_dimension_deck(file, &text, &set.db, rules, &HashSet::new())
        .map(|d| d.cards)
        .map_err(|ps| {
            let mut lines: Vec<String> = ps.iter().take(SHOWN).map(Problem::headline).collect();
            if ps.len() > SHOWN {
                lines.push(format!(
                    "{}: {} more problems (is it a dimension deck list?)",
                    file.display(),
                    ps.len() - SHOWN
                ));
            }
            lines.join("\n")
        })
}

/// Most problems of a dimension deck list file named on a command line that are shown.
const SHOWN: usize = 10;
