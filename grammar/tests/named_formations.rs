//! 隊列召喚 formations a card names with their squares (R17.10, A23): `隊列召喚―鶴翼<a1+c1→b2>[無2]`.

use dzero_core::{Player, Square};
use dzero_grammar::{FormationKind, FormationSquares, Line, parse_line};

fn squares(s: &str) -> (FormationSquares, Option<String>) {
    match parse_line(s) {
        Ok(Line::Formation(f)) => match f.kind {
            FormationKind::Squares(sq) => (sq, f.name),
            k => panic!("{s}: {k:?}"),
        },
        Ok(other) => panic!("{s}: {other:?}"),
        Err(e) => panic!("{s}: {e}"),
    }
}

fn error(s: &str) -> String {
    match parse_line(s) {
        Ok(l) => panic!("{s} parsed as {l}"),
        Err(e) => e.message,
    }
}

// R1.11, R1.12: squares are named as the owner sees the battle space; for player Two the
// battle space is turned around.
#[test]
fn r17_10_squares_are_seen_from_the_owner() {
    let (sq, name) = squares("隊列召喚―鶴翼<a1+c1→b2>[無2]");
    assert_eq!(name.as_deref(), Some("鶴翼"));
    let one: Vec<Square> = sq.required(Player::One).collect();
    assert_eq!(one, [Square::battle(0, 0), Square::battle(0, 2)]);
    assert_eq!(sq.dest(Player::One), Square::battle(1, 1));
    let two: Vec<Square> = sq.required(Player::Two).collect();
    assert_eq!(two, [Square::battle(2, 2), Square::battle(2, 0)]);
    let (sq, _) = squares("隊列召喚―<b1→b3>[無1]");
    assert_eq!(sq.dest(Player::One), Square::battle(2, 1));
    assert_eq!(sq.dest(Player::Two), Square::battle(0, 1));
    let (sq, _) = squares("隊列召喚―<a1→a2>[無1]");
    assert_eq!(
        sq.required(Player::Two).collect::<Vec<_>>(),
        [Square::battle(2, 2)],
        "Two's left line is One's right line"
    );
}

// A23: a square already holding a card of yours is never a destination (R8.2).
#[test]
fn a23_destination_needs_every_required_square() {
    let (sq, _) = squares("隊列召喚―<a1+c1→b2>[無2]");
    let (a1, c1, b2) = (
        Square::battle(0, 0),
        Square::battle(0, 2),
        Square::battle(1, 1),
    );
    let dest_with = |cards: &[Square]| sq.destinations(Player::One, |s| cards.contains(&s));
    assert!(dest_with(&[a1, c1]).contains(b2));
    assert!(!dest_with(&[a1]).contains(b2));
    assert!(!dest_with(&[a1, c1, b2]).contains(b2));
}

#[test]
fn spellings_and_canonical_form() {
    for s in [
        "隊列召喚―鶴翼<c1+a1→b2>[無2]",
        "隊列召喚―鶴翼＜ａ１＋ｃ１->ｂ２＞［無２］",
        "formation-鶴翼<A1 + C1 -> B2>[C2]",
    ] {
        let l = parse_line(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(l.to_string(), "隊列召喚―鶴翼<a1+c1→b2>[無2]", "{s}");
    }
    let l = parse_line("隊列召喚―<a1→b1>[無1]").expect("unnamed");
    assert_eq!(l.to_string(), "隊列召喚―<a1→b1>[無1]");
    assert_eq!(
        parse_line(&l.to_string()).map(|x| x.to_string()),
        Ok(l.to_string())
    );
}

#[test]
fn errors() {
    assert_eq!(error("隊列召喚―<a1+a1→b2>[無2]"), "a1 is named twice");
    assert_eq!(
        error("隊列召喚―縦列<a1→b2>[無2]"),
        "縦列 is a built-in kind with its own squares: give this formation another name"
    );
    assert_eq!(
        error("隊列召喚―<a1+b2→b2>[無2]"),
        "the destination cannot also be a required square (R8.2: it holds a card of yours)"
    );
    assert_eq!(
        parse_line("隊列召喚―<a1+d1→b2>[無2]").map_err(|e| e.to_string()),
        Err("expected a square a1–c3 after '+'".to_owned())
    );
    assert_eq!(
        parse_line("隊列召喚―<a1+c1 b2>[無2]").map_err(|e| e.to_string()),
        Err("expected + or → after '1'".to_owned())
    );
}
