//! 次元探索戦 (R19.16–R19.20, A37, A39, A40): the cross of dimensions, the token, and what a
//! P does to the cross.

use super::{deck_names, hand, name, roll_and_resolve, setup};
use dzero_core::Player::{One, Two};
use dzero_core::{CardId, ChoiceOption, DieFace, Event, Pos, RuleSet};
use dzero_tests::Table;

/// A 探索戦 table with the dimension deck `names` (bottom first).
fn exploration(names: &[&str], die: &[DieFace]) -> (Table, Vec<CardId>) {
    let mut s = setup(RuleSet::DIMENSION_EXPLORATION);
    let ids = s.dimensions(names);
    s.die(die);
    s.energy(One, dzero_core::Colour::Red, 2);
    (s.build(), ids)
}

fn at(t: &Table, row: i8, col: i8) -> Option<String> {
    name(t, t.game.planes().at(Pos { row, col }))
}

// R19.16, A37: five dimensions in a cross, the token on the centre; phenomena dealt meanwhile
// go to the bottom without triggering.
#[test]
fn r19_16_the_cross_is_dealt_with_the_token_on_the_centre() {
    let (t, _) = exploration(
        &[
            "渓谷",
            "密林",
            "砂漠",
            "海原",
            "流星群",
            "火山",
            "雪原",
            "草原",
            "荒野",
        ],
        &[],
    );
    let p = t.game.planes();
    assert_eq!(p.token, Pos::CENTRE);
    assert_eq!(at(&t, 0, 0).as_deref(), Some("荒野"));
    // Up, right, down, left, from the top of the deck; 流星群 went to the bottom.
    assert_eq!(at(&t, -1, 0).as_deref(), Some("草原"));
    assert_eq!(at(&t, 0, 1).as_deref(), Some("雪原"));
    assert_eq!(at(&t, 1, 0).as_deref(), Some("火山"));
    assert_eq!(at(&t, 0, -1).as_deref(), Some("海原"));
    assert_eq!(deck_names(&t), ["砂漠", "密林", "渓谷", "流星群"]);
    assert_eq!((hand(&t, One), hand(&t, Two)), (0, 0));
    let seen = t.game.observe(&t.db, Two).command.unwrap();
    assert_eq!(seen.token, Some(Pos::CENTRE));
    assert_eq!(seen.cross.len(), 5);
}

// R19.17: only the dimension under the token is active; the other face-up ones do nothing.
#[test]
fn r19_17_only_the_tokens_dimension_is_active() {
    let mut s = setup(RuleSet::DIMENSION_EXPLORATION);
    // 祝福の次元 is dealt above the centre, not under the token.
    s.dimensions(&["密林", "砂漠", "海原", "火山", "祝福の次元", "荒野"]);
    let mine = s.unit(One, "シングルモルト", "a1");
    let t = s.build();
    assert_eq!(at(&t, -1, 0).as_deref(), Some("祝福の次元"));
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("荒野"));
    let v = t.game.view(&t.db);
    let printed =
        t.db.get(t.game.card_state(mine).unwrap().def)
            .unwrap()
            .power;
    assert_eq!(v.power(mine), printed);
}

// R19.18, R19.19, A39, A40: on P, AP moves the token to an adjacent dimension; those 3 or
// more steps away go to the bottom, and the empty neighbours are filled from the top in the
// order AP chooses.
#[test]
fn r19_18_r19_19_p_moves_the_token_then_removes_and_fills() {
    let (mut t, _) = exploration(
        &[
            "渓谷", "密林", "砂漠", "海原", "火山", "雪原", "草原", "荒野",
        ],
        &[DieFace::P, DieFace::P],
    );
    // Cross: centre 荒野, up 草原, right 雪原, down 火山, left 海原; deck top 砂漠, 密林, 渓谷.
    roll_and_resolve(&mut t);
    let c = t.game.choice().expect("AP chooses where the token goes");
    assert_eq!(c.player, One);
    assert_eq!(c.options.len(), 4);
    let right = t.game.planes().at(Pos { row: 0, col: 1 }).unwrap();
    t.choose(ChoiceOption::Card(right));
    // Nothing is 3 away yet (A40); the token's empty neighbours (up-right, right-right,
    // down-right) are filled in AP's order.
    let c = t.game.choice().expect("AP orders the fills");
    assert_eq!(c.options.len(), 3);
    t.choose(ChoiceOption::Position(Pos { row: 0, col: 2 }));
    t.choose(ChoiceOption::Position(Pos { row: 1, col: 1 }));
    assert_eq!(t.game.planes().token, Pos { row: 0, col: 1 });
    assert_eq!(name(&t, t.game.active_dimension()).as_deref(), Some("雪原"));
    assert_eq!(at(&t, 0, 2).as_deref(), Some("砂漠"));
    assert_eq!(at(&t, 1, 1).as_deref(), Some("密林"));
    assert_eq!(at(&t, -1, 1).as_deref(), Some("渓谷"));
    assert!(t.game.planes().deck.is_empty());
    // Second P: the token moves right again. 海原 (0,-1), 草原 (-1,0) and 火山 (1,0) are now 3
    // away (A40): AP orders them to the bottom, then fills the three empty neighbours of
    // (0,2) from the top in the order AP chooses.
    roll_and_resolve(&mut t);
    let far_right = t.game.planes().at(Pos { row: 0, col: 2 }).unwrap();
    t.choose(ChoiceOption::Card(far_right));
    let c = t.game.choice().expect("AP orders the far dimensions");
    assert_eq!(c.options.len(), 3);
    let card_at = |t: &Table, row, col| t.game.planes().at(Pos { row, col }).unwrap();
    // The third far one, 火山 at (1,0), follows by itself.
    let (left, up) = (card_at(&t, 0, -1), card_at(&t, -1, 0));
    t.choose(ChoiceOption::Card(left));
    t.choose(ChoiceOption::Card(up));
    let c = t.game.choice().expect("AP orders the fills");
    assert_eq!(c.options.len(), 3);
    t.choose(ChoiceOption::Position(Pos { row: 0, col: 3 }));
    t.choose(ChoiceOption::Position(Pos { row: -1, col: 2 }));
    assert!(t.game.choice().is_none());
    assert_eq!(t.game.planes().token, Pos { row: 0, col: 2 });
    for (row, col) in [(0, -1), (-1, 0), (1, 0)] {
        assert_eq!(at(&t, row, col), None);
    }
    // Bottomed 海原, 草原, 火山 in that order, so the top was 海原, then 草原, then 火山.
    assert_eq!(at(&t, 0, 3).as_deref(), Some("海原"));
    assert_eq!(at(&t, -1, 2).as_deref(), Some("草原"));
    assert_eq!(at(&t, 1, 2).as_deref(), Some("火山"));
    assert!(t.game.planes().deck.is_empty());
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::TokenMoved { .. }))
    );
}

// R19.20, A36: a phenomenon turned up while filling triggers; when its ability has finished
// it goes to the bottom and the position is filled again.
#[test]
fn r19_20_a_phenomenon_in_the_cross_triggers_and_is_replaced() {
    let (mut t, _) = exploration(
        &["渓谷", "流星群", "海原", "火山", "雪原", "草原", "荒野"],
        &[DieFace::P],
    );
    // Deck after the deal: top 流星群, then 渓谷. Move the token up: its empty neighbours are
    // up-up, up-left, up-right.
    roll_and_resolve(&mut t);
    let up = t.game.planes().at(Pos { row: -1, col: 0 }).unwrap();
    t.choose(ChoiceOption::Card(up));
    t.choose(ChoiceOption::Position(Pos { row: -2, col: 0 }));
    t.choose(ChoiceOption::Position(Pos { row: -1, col: -1 }));
    // 流星群 lies at (-2,0) with its trigger; 渓谷 filled the next position, and the deck ran
    // out before the last (A39).
    assert_eq!(at(&t, -1, -1).as_deref(), Some("渓谷"));
    assert_eq!(at(&t, -1, 1), None);
    assert_eq!(at(&t, -2, 0).as_deref(), Some("流星群"));
    assert_eq!(t.game.planes().phenomena.len(), 1);
    t.pass_until(|t| t.game.planes().phenomena.is_empty());
    assert_eq!((hand(&t, One), hand(&t, Two)), (1, 1));
    // Then it went to the bottom; the deck holds no dimension to fill the position with, so
    // it stays empty rather than turning 流星群 up again for ever (A39).
    assert_eq!(at(&t, -2, 0), None);
    assert_eq!(deck_names(&t), ["流星群"]);
    assert!(
        t.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Bottomed { .. }))
    );
}

// R19.20: the position a phenomenon leaves is filled again from the top.
#[test]
fn r19_20_the_phenomenons_position_is_filled_again() {
    let (mut t, _) = exploration(
        &[
            "密林",
            "渓谷",
            "砂漠",
            "流星群",
            "海原",
            "火山",
            "雪原",
            "草原",
            "荒野",
        ],
        &[DieFace::P],
    );
    roll_and_resolve(&mut t);
    let up = t.game.planes().at(Pos { row: -1, col: 0 }).unwrap();
    t.choose(ChoiceOption::Card(up));
    t.choose(ChoiceOption::Position(Pos { row: -2, col: 0 }));
    t.choose(ChoiceOption::Position(Pos { row: -1, col: -1 }));
    assert_eq!(at(&t, -2, 0).as_deref(), Some("流星群"));
    t.pass_until(|t| t.game.planes().phenomena.is_empty());
    assert_eq!((hand(&t, One), hand(&t, Two)), (1, 1));
    assert_eq!(at(&t, -2, 0).as_deref(), Some("密林"));
    assert_eq!(deck_names(&t), ["流星群"]);
}
