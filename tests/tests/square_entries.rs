//! The turn's history of arrivals in squares (A48): how and when each card entered a square,
//! read by the engine (`Query::entered_this_turn`) and by Lua (`card.entered`); it starts
//! afresh each turn and names only the card's current object (R7.3).

use dzero_core::{Cause, Player::*, RuleSet, Zone};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, sq};

// A48: a played unit's entry says it was played from the hand, at the turn's first place; a
// move adds a later entry for the same object; the next turn starts with none.
#[test]
fn played_and_moved_units_are_recorded_in_order() {
    let mut s = Setup::new();
    s.deck(One, "シングルモルト", 10);
    s.deck(Two, "シングルモルト", 10);
    let a = s.hand(One, "シングルモルト");
    let b = s.hand(One, "シングルモルト");
    let c = s.unit(One, "シングルモルト", "c1");
    s.rich(One);
    let mut t = s.build_strict();
    t.play(a, Some("a1"), &[]);
    t.pass_both();
    t.play(b, Some("b1"), &[]);
    t.pass_both();
    let v = t.game.view(&t.db);
    let ea = v.entered_this_turn(a).expect("a entered");
    let eb = v.entered_this_turn(b).expect("b entered");
    assert_eq!((ea.order, eb.order), (0, 1));
    assert_eq!((ea.square, ea.turn), (sq("a1"), t.game.turn()));
    assert!(matches!(ea.arrival.cause, Cause::Played(p) if p.from == Zone::Hand));
    // Set up before the turn began: no entry yet.
    assert_eq!(v.entered_this_turn(c), None);
    t.mv(c, "c2");
    t.pass_both();
    let v = t.game.view(&t.db);
    let moved = v.entered_this_turn(c).expect("c moved");
    assert_eq!((moved.square, moved.order), (sq("c2"), 2));
    assert_eq!(moved.arrival.cause, Cause::Moved);
    assert_eq!(v.entries_this_turn().len(), 3);
    t.end_turn();
    let v = t.game.view(&t.db);
    assert_eq!(v.entered_this_turn(a), None);
    assert_eq!(v.entered_this_turn(c), None);
}

// A48 in Lua: a ◆ on 「このターンにプレイされて置かれた」 reads `card.entered` — played this
// turn, from the hand, first arrival of the turn.
#[test]
fn lua_reads_how_a_card_entered() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = dzero_fixtures::card_db();
    let def = host
        .load_card(
            dzero_core::CardDef::unit("記録係", 1000, 1),
            "tests/square_entries.lua",
            r#"
card:trigger {
  on = "placed", card = "self",
  when = function(self, e)
    local en = self.entered
    return en ~= nil and en.cause == "played" and en.from == "hand" and en.order == 1
      and en.square == e.square and en.method == "normal"
  end,
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    db.add(def);
    let mut s = Setup::with_db(db, RuleSet::OFFICIAL);
    s.deck(One, "シングルモルト", 10);
    let u = s.hand(One, "記録係");
    s.rich(One);
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    t.play(u, Some("a1"), &[]);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.choice().is_none());
    assert_eq!(t.zone(One, Zone::Hand).len(), hand);
}
