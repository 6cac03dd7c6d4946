//! A card paying its own ● ability's energy with itself where its text allows
//! (「このカードもこのコストの支払いに使える」, R5.3, A51): frozen like any energy card; without
//! that text the card whose ability it is pays none of its energy.

use dzero_core::{ActionError, CardDef, Colour, Loc, Player::*, RuleSet, Use, Zone};
use dzero_script_api::{Limits, ScriptHost};
use dzero_tests::{Setup, Table, lua as lua_support};

/// An energy-zone ● [無2]: draw a card; `self_pays` as given.
fn spring(self_pays: bool) -> String {
    format!(
        r#"card:activated {{ zones = "energy", cost = "無2", self_pays = {self_pays}, resolve = function(g, e) g:draw(e.controller) end }}"#
    )
}

fn setup() -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for (name, pays) in [("自給の泉", true), ("他給の泉", false)] {
        db.add(
            host.load_card(
                CardDef::unit(name, 1000, 1),
                "tests/self_paying_cost.lua",
                &spring(pays),
            )
            .unwrap_or_else(|e| panic!("{e}")),
        );
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// R5.3, A51: with one other released energy card, the ● [無2] is paid with that card and the
/// card itself, both frozen, when its text allows.
#[test]
fn a51_a_card_whose_text_allows_it_pays_its_own_cost_with_itself() {
    let (host, mut s) = setup();
    s.deck(One, "シングルモルト", 5);
    let spring = s.add(One, "自給の泉", Loc::Energy);
    let other = s.energy(One, Colour::Red, 1)[0];
    let mut t = s.build_strict();
    let hand = t.zone(One, Zone::Hand).len();
    t.act(Table::activate_action(spring, 0));
    assert!(t.frozen(spring) && t.frozen(other), "both paid one energy");
    t.pass_until(|t| t.game.stack().is_empty());
    assert_eq!(t.zone(One, Zone::Hand).len(), hand + 1);
    host.check().unwrap();
}

/// A51: without that text the card pays none of its own cost: one other energy card is not
/// enough, whether the action is given whole or announced piece by piece.
#[test]
fn a51_without_the_text_the_card_does_not_pay_its_own_cost() {
    let (host, mut s) = setup();
    s.deck(One, "シングルモルト", 5);
    let spring = s.add(One, "他給の泉", Loc::Energy);
    s.energy(One, Colour::Red, 1);
    let mut t = s.build_strict();
    let refused = t.try_act(Table::activate_action(spring, 0));
    assert!(
        matches!(refused, Err(ActionError::Payment(_))),
        "{refused:?}"
    );
    assert!(!t.frozen(spring));
    let announced = t.try_act(dzero_core::Action::Announce(Use::Activate {
        card: spring,
        ability: 0,
    }));
    assert!(announced.is_err(), "not offered: {announced:?}");
    host.check().unwrap();
}
