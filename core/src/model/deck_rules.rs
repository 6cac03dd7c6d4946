//! Deck-building restrictions printed on cards: a copy limit, keywords such as 禁呪N, colours.

use crate::model::ids::{Colours, DefId};

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

/// A broken deck-building restriction printed on a card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DeckRuleBreak {
    /// The deck holds more copies of the card's name than its text allows.
    Copies {
        /// The card whose restriction is broken.
        card: DefId,
        /// Copies in the deck.
        count: usize,
        /// Copies the card allows.
        max: u8,
    },
    /// The deck holds more cards with a deck-building keyword than the card's N allows.
    Keyword {
        /// The card whose restriction is broken.
        card: DefId,
        /// The keyword, e.g. 「禁呪」.
        keyword: String,
        /// The card's N.
        max: u8,
        /// Cards with the keyword in the deck.
        count: usize,
    },
    /// The deck holds a card of a colour the card does not allow.
    Colours {
        /// The card whose restriction is broken.
        card: DefId,
        /// The colours allowed.
        colours: Colours,
        /// The first card of another colour.
        other: DefId,
    },
}

impl DeckRuleBreak {
    /// The card whose printed restriction is broken.
    pub fn card(&self) -> DefId {
        match self {
            DeckRuleBreak::Copies { card, .. }
            | DeckRuleBreak::Keyword { card, .. }
            | DeckRuleBreak::Colours { card, .. } => *card,
        }
    }
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
