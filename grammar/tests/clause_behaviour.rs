//! Clauses compiled from text and played in real games: milling, turn rules, and
//! replacements on other cards. The bundled cards' scenarios (d0-sample `tests/`) cover the
//! cards rewritten from Lua.

use dzero_core::{Action, CardDb, CardDef, CardId, Decision, Game, Loc, Player, Zone};

mod support;

use Player::{One, Two};
use support::*;

fn can_play(g: &Game, db: &CardDb, card: CardId) -> bool {
    legal(g, db)
        .iter()
        .any(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
}

// R1.7: the top cards of the deck (its last ones, as a draw takes them) go to the graveyard
// together; the rest of the deck stays in order.
#[test]
fn r1_7_mill_puts_the_top_cards_into_the_graveyard() {
    let mut t = Table::new();
    let mill = t.def(strategy(
        "墓地送り",
        &["○ あなたの山札の上から2枚を墓地に置く。"],
    ));
    let m = t.add(One, mill, Loc::Hand);
    let (db, mut g) = t.build();
    let deck = g.zone(One, Zone::Deck);
    act(&mut g, &db, cast(m, &[]));
    pass_both(&mut g, &db);
    let top: Vec<CardId> = deck.iter().rev().take(2).copied().collect();
    for c in &top {
        assert_eq!(loc(&g, *c), Some(Loc::Graveyard));
    }
    assert_eq!(g.zone(One, Zone::Deck), deck[..deck.len() - 2]);
    assert_eq!(
        g.zone(Two, Zone::Deck).len(),
        10,
        "the opponent's deck is untouched"
    );
}

// R16.2: a prohibition for the turn, held by the game: 「あなたは」 forbids the controller's
// strategies, not the opponent's; it is there after the strategy that made it left play.
#[test]
fn r16_2_turn_rule_forbids_the_named_player_only() {
    let mut t = Table::new();
    let ward = t.def(strategy(
        "自縛の誓い",
        &["○ このターン、あなたはストラテジーをプレイできない。"],
    ));
    let plain = t.def(strategy("ただの呪文", &[]));
    let w = t.add(One, ward, Loc::Hand);
    let mine = t.add(One, plain, Loc::Hand);
    let theirs = t.add(Two, plain, Loc::Hand);
    let (db, mut g) = t.build();
    assert!(can_play(&g, &db, mine));
    act(&mut g, &db, cast(w, &[]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, w), Some(Loc::Graveyard));
    assert_eq!(g.decision(), Decision::Act(One));
    assert!(
        !can_play(&g, &db, mine),
        "the controller's strategy is forbidden"
    );
    assert!(g.check(&db, &cast(mine, &[])).is_err());
    act(&mut g, &db, Action::Pass);
    assert_eq!(g.decision(), Decision::Act(Two));
    assert!(can_play(&g, &db, theirs), "the opponent's is not");
}

// R7.8: a strategy goes to its owner's graveyard after resolving; 「あなたのカードが墓地に
// 置かれる場合、かわりにリムーブゾーンに置く」 on a base replaces that move for its
// controller's cards only.
#[test]
fn r7_8_replacement_on_own_cards_only() {
    let mut t = Table::new();
    let crypt = t.def(
        with_lines(
            CardDef::base("封じの祠"),
            &["★ あなたのカードが墓地に置かれる場合、かわりにリムーブゾーンに置く。"],
            &mut TestScripts,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let plain = t.def(strategy("ただの呪文", &[]));
    t.add(One, crypt, Loc::Square(dzero_core::Square::base(One, 0)));
    let mine = t.add(One, plain, Loc::Hand);
    let theirs = t.add(Two, plain, Loc::Hand);
    let (db, mut g) = t.build();
    act(&mut g, &db, cast(mine, &[]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, mine), Some(Loc::Remove));
    act(&mut g, &db, Action::Pass);
    act(&mut g, &db, cast(theirs, &[]));
    pass_both(&mut g, &db);
    assert_eq!(loc(&g, theirs), Some(Loc::Graveyard));
}
