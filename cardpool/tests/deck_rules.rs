//! Deck-building restrictions printed on cards: a card's copy limit,
//! keywords such as 禁呪N and colour restrictions, checked by deck validation with the deck
//! file and line of the card whose rule is broken. R2.1 / R2.2 still apply first.

use dzero_cardpool::{load_set, validate};
use std::path::Path;

/// `(file name, line, message)` of every problem of the `deck_rules` test set.
fn problems() -> Vec<(String, usize, String)> {
    let report = validate(&[Path::new("tests/deck_rules").to_path_buf()]);
    let mut v: Vec<_> = report
        .problems
        .iter()
        .map(|p| {
            let file = p.file.file_name().unwrap().to_string_lossy().into_owned();
            (file, p.line, p.message.clone())
        })
        .collect();
    v.sort();
    v
}

// 禁呪N, a keyword the sources do not define, is read as: at most N cards with 禁呪 in a deck
// holding this card. R2.1 / R2.2 are met by every deck here, so only the printed rules are
// broken.
#[test]
fn each_broken_printed_rule_is_located_at_its_card() {
    assert_eq!(
        problems(),
        vec![
            (
                "mixed_colours.txt".into(),
                2,
                "「黒の信徒」 may only be in a deck of 黒 cards, but 「兵士A」 has another colour (deck-building rule)".into()
            ),
            (
                "too_much_kinju.txt".into(),
                2,
                "「禁呪の竜」 has 禁呪2: a deck holds at most 2 cards with 禁呪, this one holds 3 (deck-building rule)".into()
            ),
            (
                "two_kings.txt".into(),
                2,
                "the deck has 2 copies of 「唯一の王」; its card text allows at most 1 (deck-building rule)".into()
            ),
        ]
    );
}

// Two cards with 禁呪 are allowed by both 禁呪2 and 禁呪3; one copy of a one-copy card is legal.
#[test]
fn a_deck_within_the_limits_loads() {
    let loaded = load_set(Path::new("tests/deck_rules"));
    let set = loaded.set.expect("the set loads");
    let legal = set
        .decks
        .iter()
        .find(|d| d.name == "legal")
        .expect("legal deck");
    assert_eq!(legal.cards.len(), 40);
    assert_eq!(set.decks.len(), 1, "only the legal deck is accepted");
}

// The core refuses the same deck when a game is set up from definition ids.
#[test]
fn the_core_refuses_a_deck_breaking_a_printed_rule() {
    use dzero_core::{Player, SetupError, check_deck};
    let set = load_set(Path::new("tests/deck_rules"))
        .set
        .expect("the set loads");
    let id = |n: &str| set.db.find(n).unwrap();
    let king = id("唯一の王");
    let mut deck = vec![king];
    for c in "ABCDEFGHIJKLM".chars().take(13) {
        let f = id(&format!("兵士{c}"));
        deck.extend([f, f, f]);
    }
    assert_eq!(deck.len(), 40);
    assert_eq!(check_deck(&set.db, &set.rules, Player::One, &deck), Ok(()));
    deck[1] = king;
    let err = check_deck(&set.db, &set.rules, Player::One, &deck).expect_err("two kings");
    assert!(matches!(err, SetupError::DeckRule { .. }), "{err:?}");
}

// Bad values in a card's deck_rules are located problems naming the field.
#[test]
fn bad_deck_rules_are_located() {
    let report = validate(&[Path::new("tests/deck_rules_bad").to_path_buf()]);
    let got: Vec<(usize, usize, &str)> = report
        .problems
        .iter()
        .map(|p| (p.line, p.col, p.message.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            (10, 25, "deck_rules.copies must be 1 to 255, not 0"),
            (
                10,
                40,
                "`禁呪` is not a deck-building keyword with its number"
            ),
            (10, 58, "unknown colour `紫`"),
        ]
    );
}
