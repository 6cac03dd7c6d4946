//! ★ cost changes that read other cards' play costs stop at the nesting depth of
//! characteristics (R16: continuous effects; the engine's guard against effects reading each
//! other without end).

use dzero_core::Player::One;
use dzero_core::{CardDb, CardDef, CardId, Cost, Query, RuleSet, Static, StaticEffect};
use dzero_tests::Setup;

/// "★ このカードのコストは、もう一方の鏡像のコスト+1になる。" (invented): the card's play cost
/// is the other mirror's play cost plus one colourless.
struct Mirror {
    other: &'static str,
}

impl StaticEffect for Mirror {
    fn play_cost(&self, view: &Query<'_>, me: CardId, card: CardId, cost: &mut Cost) {
        if card != me {
            return;
        }
        let other = view
            .field()
            .iter()
            .copied()
            .find(|&c| view.def(c).name == self.other);
        if let Some(o) = other {
            let read = view.play_cost(o, Cost::FREE);
            *cost = Cost::colourless(read.colourless + 1);
        }
    }
}

fn db() -> CardDb {
    let mut db = dzero_fixtures::card_db();
    db.add(CardDef::unit("鏡像A", 1000, 1).ability(Static::new(Mirror { other: "鏡像B" })));
    db.add(CardDef::unit("鏡像B", 1000, 1).ability(Static::new(Mirror { other: "鏡像A" })));
    db
}

// R16.3 (silent on effects that read each other; interpretation): two ★ cost changes that read
// each other's play cost end after MAX_NESTING (3) levels with the printed cost: A(depth 0) = B(1) + 1 = (A(2) + 1) + 1 = ((B(3) = printed 0) + 1) + 2.
#[test]
fn r16_3_cost_changes_reading_each_other_stop_at_the_nesting_depth() {
    let mut s = Setup::with_db(db(), RuleSet::OFFICIAL);
    let a = s.unit(One, "鏡像A", "a1");
    let b = s.unit(One, "鏡像B", "b1");
    let t = s.build();
    let view = t.game.view(&t.db);
    assert_eq!(view.play_cost(a, Cost::FREE), Cost::colourless(3));
    assert_eq!(view.play_cost(b, Cost::FREE), Cost::colourless(3));
    // Listing the legal actions asks every cost and ends.
    let mut actions = Vec::new();
    t.game.legal_actions(&t.db, &mut actions);
    assert!(!actions.is_empty());
}
