//! Deck legality: a deck against its rule set (R2.1, R2.2, R18.4), the deck-building
//! restrictions printed on its cards, and a dimension deck (R19.1–R19.7, A38).
//!
//! Printed restrictions add to R2.1 / R2.2 / R18.1 and never loosen them: a card's own copy
//! limit, deck-building keywords such as 禁呪N, and colour restrictions. The rules sources
//! define no deck-building keyword; the reading used for a keyword `KN` (e.g. 「禁呪2」): a deck
//! that holds this card holds at most N cards, in total, that carry keyword K (with any N).
//! Each K-card's own N is checked, so the smallest N present wins.

use crate::card::{CardDb, play_name};
use crate::model::card_kind::CardKind;
use crate::model::deck_rules::DeckRuleBreak;
use crate::model::ids::{DefId, Player};
use crate::model::rules::{BracketNames, RuleSet};
use crate::model::setup_error::{DimensionDeckProblem, SetupError};
use std::collections::BTreeMap;

/// Checks a deck against a rule set (R2.1, R2.2, R18.4: 〈〉 names count apart or by their base
/// name, as the rule set says) and its cards' printed deck-building restrictions.
pub fn check_deck(
    db: &CardDb,
    rules: &RuleSet,
    player: Player,
    deck: &[DefId],
) -> Result<(), SetupError> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for &d in deck {
        let def = db
            .get(d)
            .ok_or(SetupError::UnknownCard { player, def: d })?;
        let name = match rules.bracket_names {
            BracketNames::Separate => def.name.as_str(),
            BracketNames::Base => play_name(&def.name),
        };
        *counts.entry(name).or_default() += 1;
    }
    if deck.len() != usize::from(rules.deck_size) {
        return Err(SetupError::DeckSize {
            player,
            found: deck.len(),
            expected: rules.deck_size.into(),
        });
    }
    if let Some((name, &count)) = counts
        .iter()
        .find(|(_, c)| **c > usize::from(rules.max_copies))
    {
        return Err(SetupError::TooManyCopies {
            player,
            name: (*name).to_owned(),
            count,
            max: rules.max_copies.into(),
        });
    }
    let mut entries: Vec<(DefId, usize)> = Vec::new();
    for &d in deck {
        match entries.iter_mut().find(|(e, _)| *e == d) {
            Some((_, n)) => *n += 1,
            None => entries.push((d, 1)),
        }
    }
    if let Some(broken) = check_deck_rules(db, &entries).into_iter().next() {
        return Err(SetupError::DeckRule { player, broken });
    }
    Ok(())
}

/// Checks the printed deck-building restrictions of every card in `deck` (a list of
/// `(card, copies)`); returns each broken one once per card, in list order.
pub fn check_deck_rules(db: &CardDb, deck: &[(DefId, usize)]) -> Vec<DeckRuleBreak> {
    let mut out = Vec::new();
    let count = |pred: &dyn Fn(DefId) -> bool| -> usize {
        deck.iter().filter(|(d, _)| pred(*d)).map(|(_, n)| n).sum()
    };
    for (i, &(d, _)) in deck.iter().enumerate() {
        if deck[..i].iter().any(|(e, _)| *e == d) {
            continue;
        }
        let Some(def) = db.get(d) else { continue };
        let rules = &def.deck_rules;
        if rules.is_empty() {
            continue;
        }
        let name = def.name.as_str();
        if let Some(max) = rules.copies {
            let n = count(&|e| db.get(e).is_some_and(|x| x.name == name));
            if n > usize::from(max) {
                out.push(DeckRuleBreak::Copies {
                    card: d,
                    count: n,
                    max,
                });
            }
        }
        for (kw, max) in &rules.keywords {
            let n = count(&|e| {
                db.get(e)
                    .is_some_and(|x| x.deck_rules.keywords.iter().any(|(k, _)| k == kw))
            });
            if n > usize::from(*max) {
                out.push(DeckRuleBreak::Keyword {
                    card: d,
                    keyword: kw.clone(),
                    max: *max,
                    count: n,
                });
            }
        }
        if let Some(allowed) = rules.colours
            && let Some(&(other, _)) = deck.iter().find(|(e, _)| {
                db.get(*e)
                    .is_some_and(|x| x.colours.iter().any(|c| !allowed.contains(c)))
            })
        {
            out.push(DeckRuleBreak::Colours {
                card: d,
                colours: allowed,
                other,
            });
        }
    }
    out
}

/// Checks a dimension deck against the rule set (R19.4–R19.7, A38): 10–40 cards besides at
/// most one shuffle card, only dimensions and phenomena, at most one phenomenon per four
/// dimensions, and in 次元探索戦 none below 20 cards.
pub fn check_dimension_deck(
    db: &CardDb,
    rules: &RuleSet,
    deck: &[DefId],
) -> Result<(), SetupError> {
    let bad = |problem| Err(SetupError::DimensionDeck { problem });
    if !rules.modules.dimension_deck {
        return if deck.is_empty() {
            Ok(())
        } else {
            bad(DimensionDeckProblem::NoDimensionDeck { rules: rules.name })
        };
    }
    let (mut dimensions, mut phenomena, mut shuffles) = (0usize, 0usize, 0usize);
    for &d in deck {
        let Some(def) = db.get(d) else {
            return bad(DimensionDeckProblem::UnknownCard { def: d });
        };
        match def.kind {
            CardKind::Dimension => dimensions += 1,
            CardKind::Phenomenon => phenomena += 1,
            CardKind::ShuffleCard => shuffles += 1,
            _ => return bad(DimensionDeckProblem::NotDimensionOrPhenomenon { def: d }),
        }
    }
    let counted = dimensions + phenomena;
    if shuffles > 1 {
        return bad(DimensionDeckProblem::ShuffleCards { count: shuffles });
    }
    if !(10..=40).contains(&counted) {
        return bad(DimensionDeckProblem::Size { count: counted });
    }
    if rules.modules.exploration_layout && counted < 20 && phenomena > 0 {
        return bad(DimensionDeckProblem::ExplorationPhenomena {
            phenomena,
            count: counted,
        });
    }
    if phenomena > dimensions / 4 {
        return bad(DimensionDeckProblem::PhenomenaPerDimensions {
            phenomena,
            dimensions,
        });
    }
    Ok(())
}
