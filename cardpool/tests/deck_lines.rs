//! Deck-list errors carry the line to change, and cite the rule with the rule set's numbers:
//! R2.1 (deck size), R2.2 (copies; an instant match's R18.1 says "at most 1 copy of each card").

use dzero_cardpool::parse_deck;
use dzero_core::{CardDb, CardDef, RuleSet};
use std::path::Path;

fn db(n: usize) -> CardDb {
    let mut db = CardDb::new();
    for i in 1..=n {
        db.add(CardDef::unit(&format!("兵士{i}"), 1000, 1));
    }
    db
}

fn errors(text: &str, rules: &RuleSet, cards: usize) -> Vec<(usize, String)> {
    match parse_deck(Path::new("decks/x.txt"), text, &db(cards), rules) {
        Ok(_) => Vec::new(),
        Err(ps) => ps.into_iter().map(|p| (p.line, p.message)).collect(),
    }
}

// R2.1: the size error points at the last entry.
#[test]
fn r2_1_deck_size_points_at_the_last_line() {
    let text: String = (1..=12).map(|i| format!("3 兵士{i}\n")).collect();
    let e = errors(&text, &RuleSet::OFFICIAL, 14);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 12);
    assert!(
        e[0].1.contains("36 cards") && e[0].1.contains("(R2.1)"),
        "{e:?}"
    );
}

// R2.2: copies of one name over several lines: located at the card's last line.
#[test]
fn r2_2_copies_over_several_lines_point_at_the_cards_last_line() {
    let mut text: String = (1..=13).map(|i| format!("3 兵士{i}\n")).collect();
    text.push_str("1 兵士1\n");
    let e = errors(&text, &RuleSet::OFFICIAL, 14);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 14);
    assert!(
        e[0].1.contains("1 to 3 copies") && e[0].1.contains("(R2.2)"),
        "{e:?}"
    );
}

// R18.1: an instant-match deck holds at most 1 copy of each card, and says so.
#[test]
fn r18_1_instant_match_says_at_most_one_copy() {
    let e = errors("2 兵士1\n", &RuleSet::TOUHOU_INSTANT, 30);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 1);
    assert!(
        e[0].1 == "2 copies: a deck holds at most 1 copy of each card (R2.2)",
        "{e:?}"
    );
    let mut text: String = (1..=24).map(|i| format!("1 兵士{i}\n")).collect();
    text.push_str("1 兵士1\n");
    let e = errors(&text, &RuleSet::TOUHOU_INSTANT, 30);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 25);
    assert!(
        e[0].1
            .contains("it holds at most 1 copy of each card (R2.2)"),
        "{e:?}"
    );
}
