//! Deck-list errors carry the line to change, and cite the rule with the rule set's numbers:
//! R2.1 (deck size), R2.2 (copies; an instant match's R18.1 says "at most 1 copy of each card"),
//! R2.3 (the `[sideboard]` section: its size, and copies across deck and sideboard).

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

/// A legal 40-card main deck of 兵士1..兵士14 (3 each but 兵士14 once).
fn main_deck() -> String {
    let mut text: String = (1..=13).map(|i| format!("3 兵士{i}\n")).collect();
    text.push_str("1 兵士14\n");
    text
}

fn sideboard(text: &str, rules: &RuleSet) -> Result<Vec<usize>, Vec<(usize, String)>> {
    let db = db(30);
    match parse_deck(Path::new("decks/x.txt"), text, &db, rules) {
        Ok(deck) => {
            assert_eq!(deck.cards.len(), 40);
            Ok(deck.sideboard.iter().map(|d| d.0 as usize).collect())
        }
        Err(ps) => Err(ps.into_iter().map(|p| (p.line, p.message)).collect()),
    }
}

// R2.3: a `[sideboard]` section of exactly 10 cards.
#[test]
fn r2_3_a_sideboard_of_ten_cards() {
    let text = format!(
        "{}[sideboard]\n3 兵士20\n3 兵士21\n2 兵士22\n2 兵士14\n",
        main_deck()
    );
    let side = sideboard(&text, &RuleSet::OFFICIAL).expect("a legal deck and sideboard");
    assert_eq!(side.len(), 10);
    assert_eq!(
        sideboard(&main_deck(), &RuleSet::OFFICIAL),
        Ok(vec![]),
        "no section, no sideboard"
    );
}

// R2.3: the sideboard's size, located at its last line.
#[test]
fn r2_3_a_sideboard_must_have_exactly_ten_cards() {
    let text = format!("{}[sideboard]\n3 兵士20\n3 兵士21\n3 兵士22\n", main_deck());
    assert_eq!(
        sideboard(&text, &RuleSet::OFFICIAL),
        Err(vec![(
            18,
            "the sideboard has 9 cards; the rule set `official` needs exactly 10 (R2.3)".into()
        )])
    );
    let empty = format!("{}[sideboard]\n", main_deck());
    assert_eq!(
        sideboard(&empty, &RuleSet::OFFICIAL),
        Err(vec![(
            15,
            "the sideboard has 0 cards; the rule set `official` needs exactly 10 (R2.3)".into()
        )])
    );
}

// R2.3: at most 3 of a name across deck and sideboard, located at the sideboard's line.
#[test]
fn r2_3_copies_count_across_deck_and_sideboard() {
    let text = format!(
        "{}[sideboard]\n3 兵士20\n3 兵士21\n3 兵士22\n1 兵士1\n",
        main_deck()
    );
    assert_eq!(
        sideboard(&text, &RuleSet::OFFICIAL),
        Err(vec![(
            19,
            "deck and sideboard have 4 copies of 「兵士1」; together they hold 1 to 3 copies of a card (R2.3)"
                .into()
        )])
    );
}

// R2.3, A26: a rule set without sideboards (single duels) plays the main deck and sets a
// list's sideboard aside, its names still checked; sections are named.
#[test]
fn r2_3_no_sideboard_in_an_instant_match_and_unknown_sections_are_named() {
    let instant: String = (1..=25).map(|i| format!("1 兵士{i}\n")).collect();
    let text = format!("{instant}[sideboard]\n1 兵士26\n");
    let db = db(30);
    let deck = parse_deck(
        Path::new("decks/x.txt"),
        &text,
        &db,
        &RuleSet::TOUHOU_INSTANT,
    )
    .expect("the main deck plays");
    assert_eq!((deck.cards.len(), deck.sideboard.len()), (25, 0));
    let text = format!("{instant}[sideboard]\n1 兵士99\n");
    assert_eq!(
        errors(&text, &RuleSet::TOUHOU_INSTANT, 30),
        [(27, "no card named 「兵士99」 in this set".to_string())]
    );
    let text = format!("{}[side]\n", main_deck());
    assert_eq!(
        sideboard(&text, &RuleSet::OFFICIAL),
        Err(vec![(
            15,
            "unknown section `[side]`: a deck list has one, `[sideboard]`".into()
        )])
    );
    let text = format!("{}[sideboard]\n[sideboard]\n", main_deck());
    assert_eq!(
        sideboard(&text, &RuleSet::OFFICIAL),
        Err(vec![(16, "a second `[sideboard]` line".into())])
    );
}
