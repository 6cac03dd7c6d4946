//! Deck-building restrictions printed on cards (issue 10 item 13): a card's own copy limit,
//! deck-building keywords such as 禁呪N, and colour restrictions. They add to R2.1 / R2.2 /
//! R18.1 and never loosen them.
//!
//! The rules sources define no deck-building keyword; the reading used for a keyword `KN`
//! (e.g. 「禁呪2」): a deck that holds this card holds at most N cards, in total, that carry
//! keyword K (with any N). Each K-card's own N is checked, so the smallest N present wins.

use crate::card::CardDb;
use crate::model::deck_rules::DeckRuleBreak;
use crate::model::ids::DefId;

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
