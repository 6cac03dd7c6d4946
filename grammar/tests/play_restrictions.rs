//! Play restrictions as D0 prints them (「あなたのエネルギーゾーンに青のカードがなければ、あなたはこの
//! カードをプレイできない。」): parsed, printed back and consulted in real games.

use dzero_core::{CardDef, Colour, Loc, Player};
use dzero_grammar::parse_line;

mod support;

use Player::One;
use support::*;

const DARKSIDE: &str =
    "あなたのエネルギーゾーンに青のカードがなければ、あなたはこのカードをプレイできない。";

// A63: the printed line parses and prints back to one canonical form.
#[test]
fn a63_play_restriction_round_trips() {
    let line = parse_line(DARKSIDE).unwrap_or_else(|e| panic!("{e} at {}", e.span));
    let printed = line.to_string();
    assert_eq!(
        printed,
        "☆ あなたのエネルギーゾーンに青のカードがなければ、あなたはこのカードをプレイできない。"
    );
    assert_eq!(parse_line(&printed).expect("again").to_string(), printed);
}

// A63, R16.2: without a blue card in its player's energy zone the card cannot be played; with
// one it can.
#[test]
fn a63_no_blue_energy_forbids_the_play() {
    for blue in [false, true] {
        let mut t = Table::new();
        let soul = t.def(strategy("ダークサイド・ソウル", &[DARKSIDE]));
        let card = t.add(One, soul, Loc::Hand);
        let energy = if blue {
            t.def(CardDef::unit("青兵", 1000, 1).colour(Colour::Blue))
        } else {
            t.filler
        };
        t.add(One, energy, Loc::Energy);
        let (db, g) = t.build();
        assert_eq!(g.check(&db, &cast(card, &[])).is_ok(), blue, "blue: {blue}");
    }
}
