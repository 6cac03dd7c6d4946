//! Cards of the dimension deck in card files (R19.2, R19.6): the types `dimension`,
//! `phenomenon`, `shuffle_card` and the stand-ins `d2_field` and `spell`; the fields they do
//! not have are problems located at the field.

mod one_file;

use dzero_core::CardKind;

/// Loads one card file in a 次元戦 set: the kinds of the cards built, and the problems as
/// `line:col: message`.
fn load(cards: &str) -> (Vec<(String, CardKind)>, Vec<String>) {
    let (set, problems) = one_file::load_one("dimension-cards", "dimension-war", cards);
    let kinds = set
        .map(|s| s.db.iter().map(|(_, d)| (d.name.clone(), d.kind)).collect())
        .unwrap_or_default();
    (kinds, problems)
}

#[test]
fn the_five_types_and_their_japanese_names() {
    // R19.6: a D2 field is a dimension, a spell a phenomenon.
    let (kinds, problems) = load(
        "[[card]]\nname = \"A\"\ntype = \"dimension\"\n\
         [[card]]\nname = \"B\"\ntype = \"d2_field\"\n\
         [[card]]\nname = \"C\"\ntype = \"phenomenon\"\n\
         [[card]]\nname = \"D\"\ntype = \"spell\"\n\
         [[card]]\nname = \"E\"\ntype = \"shuffle_card\"\n\
         [[card]]\nname = \"F\"\ntype = \"次元\"\n\
         [[card]]\nname = \"G\"\ntype = \"呪文\"\n",
    );
    assert_eq!(problems, Vec::<String>::new());
    use CardKind::*;
    let expected = [
        ("A", Dimension),
        ("B", Dimension),
        ("C", Phenomenon),
        ("D", Phenomenon),
        ("E", ShuffleCard),
        ("F", Dimension),
        ("G", Phenomenon),
    ];
    assert_eq!(
        kinds,
        expected
            .iter()
            .map(|(n, k)| (n.to_string(), *k))
            .collect::<Vec<_>>()
    );
}

#[test]
fn player_card_fields_are_refused_at_their_place() {
    // R19.2, R19.8: never played, paid for, coloured or moved.
    let (kinds, problems) = load(
        "[[card]]\nname = \"A\"\ntype = \"dimension\"\ncolours = [\"赤\"]\ntiming = \"quick\"\n\
         cost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n",
    );
    assert!(kinds.is_empty());
    assert_eq!(
        problems,
        [
            "5:10: a card of the dimension deck has no timing (R19.2, R19.8)",
            "6:8: a card of the dimension deck has no cost (R19.2, R19.8)",
            "7:13: a card of the dimension deck has no move_cost (R19.2, R19.8)",
            "8:9: a card of the dimension deck has no power (R19.2, R19.8)",
            "9:9: a card of the dimension deck has no smash (R19.2, R19.8)",
            "4:12: a card of the dimension deck has no colours (R19.2, R19.8)",
        ]
    );
}

#[test]
fn player_cards_still_need_timing_and_cost() {
    let (_, problems) = load("[[card]]\nname = \"U\"\ntype = \"base\"\ncolours = [\"赤\"]\n");
    assert_eq!(
        problems,
        ["2:8: a base needs a `timing`", "2:8: a base needs a `cost`",]
    );
}
