//! Deck-building restrictions printed on cards (issue 10 item 13): a card's own copy limit,
//! deck-building keywords such as 禁呪N, and colour restrictions. They add to R2.1 / R2.2 /
//! R18.1 and never loosen them.
//!
//! The rules sources define no deck-building keyword; the reading used for a keyword `KN`
//! (e.g. 「禁呪2」): a deck that holds this card holds at most N cards, in total, that carry
//! keyword K (with any N). Each K-card's own N is checked, so the smallest N present wins.

use crate::card::CardDb;
use crate::ids::{Colours, DefId};

/// Deck-building restrictions of one card definition.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct DeckRules {
    /// At most this many copies of this card (R2.2 counts by name); the rule set's own limit
    /// still applies when it is smaller.
    pub copies: Option<u8>,
    /// Deck-building keywords with their N, e.g. `("禁呪", 2)` for 「禁呪2」.
    pub keywords: Vec<(String, u8)>,
    /// A deck holding this card may hold only cards of these colours (colourless cards
    /// included), e.g. a card for mono-black decks.
    pub colours: Option<Colours>,
}

impl DeckRules {
    /// Whether the card has no deck-building restriction.
    pub fn is_empty(&self) -> bool {
        self.copies.is_none() && self.keywords.is_empty() && self.colours.is_none()
    }

    /// Parses a deck-building keyword written as on the card: a name followed by its N in
    /// ASCII or full-width digits (「禁呪2」, 「禁呪２」). `None` without a name or an N,
    /// or with an N above 255.
    pub fn parse_keyword(text: &str) -> Option<(String, u8)> {
        let text = text.trim();
        let split = text
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_digit() || ('０'..='９').contains(c))
            .last()
            .map(|(i, _)| i)?;
        let (name, digits) = text.split_at(split);
        if name.is_empty() {
            return None;
        }
        let n = digits.chars().try_fold(0u32, |acc, c| {
            let d = c
                .to_digit(10)
                .or_else(|| ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32))?;
            let v = acc * 10 + d;
            (v <= 255).then_some(v)
        })?;
        Some((name.to_owned(), n as u8))
    }
}

/// A broken deck-building restriction: which card's rule, and what it says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DeckRuleBreak {
    /// The card whose printed restriction is broken.
    pub card: DefId,
    /// What is wrong, naming the rule.
    pub message: String,
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
                out.push(DeckRuleBreak {
                    card: d,
                    message: format!(
                        "the deck has {n} copies of 「{name}」; its card text allows at most {max}"
                    ),
                });
            }
        }
        for (kw, max) in &rules.keywords {
            let n = count(&|e| {
                db.get(e)
                    .is_some_and(|x| x.deck_rules.keywords.iter().any(|(k, _)| k == kw))
            });
            if n > usize::from(*max) {
                out.push(DeckRuleBreak {
                    card: d,
                    message: format!(
                        "「{name}」 has {kw}{max}: a deck holds at most {max} cards with {kw}, this one holds {n}"
                    ),
                });
            }
        }
        if let Some(allowed) = rules.colours
            && let Some((other, _)) = deck.iter().find(|(e, _)| {
                db.get(*e)
                    .is_some_and(|x| x.colours.iter().any(|c| !allowed.contains(c)))
            })
        {
            let other = db.get(*other).map_or("?", |x| x.name.as_str());
            let colours: String = allowed.iter().map(|c| c.symbol()).collect();
            out.push(DeckRuleBreak {
                card: d,
                message: format!(
                    "「{name}」 may only be in a deck of {colours} cards, but 「{other}」 has another colour"
                ),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_parse_with_their_number() {
        assert_eq!(DeckRules::parse_keyword("禁呪2"), Some(("禁呪".into(), 2)));
        assert_eq!(
            DeckRules::parse_keyword("禁呪１２"),
            Some(("禁呪".into(), 12))
        );
        assert_eq!(DeckRules::parse_keyword("禁呪"), None);
        assert_eq!(DeckRules::parse_keyword("2"), None);
        assert_eq!(DeckRules::parse_keyword("禁呪256"), None);
    }
}
