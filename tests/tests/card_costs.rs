//! Costs beyond energy: cards paid as ● costs and as additional play costs —
//! the card itself, another card, X cards; to the hand, graveyard, remove zone, or frozen.
//! Illegal payments are refused and never listed; costs are paid before stacking (R5.8, R5.9).

use dzero_core::{
    Action, CardDef, CardId, CardKind, Loc, Payment, Player::*, RuleSet, Targets, Zone,
};
use dzero_script_api::{Limits, ScriptHost, blank_strategy};
use dzero_tests::lua as lua_support;
use dzero_tests::{Setup, Table};

fn with_cards(extra: Vec<(CardDef, &str)>) -> (ScriptHost, Setup) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let mut db = lua_support::load_set(&host).unwrap();
    for (i, (def, src)) in extra.into_iter().enumerate() {
        let def = host
            .load_card(def, &format!("tests/lua/costs/{i}.lua"), src)
            .unwrap_or_else(|e| panic!("{e}"));
        db.add(def);
    }
    (host, Setup::with_db(db, RuleSet::OFFICIAL))
}

/// The plays and activations the small decisions lead to, as compound actions.
fn legal(t: &Table) -> Vec<Action> {
    t.game.completions(&t.db, 10_000)
}

fn activations(t: &Table, card: CardId) -> Vec<(u8, Vec<CardId>)> {
    let mut v: Vec<_> = legal(t)
        .into_iter()
        .filter_map(|a| match a {
            Action::Activate {
                card: c,
                x,
                cost_cards,
                ..
            } if c == card => {
                // The same cards chosen in another order pay the same X cost.
                let mut cards: Vec<CardId> = cost_cards.cards().collect();
                cards.sort();
                Some((x, cards))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

fn plays(t: &Table, card: CardId) -> Vec<Vec<CardId>> {
    legal(t)
        .into_iter()
        .filter_map(|a| match a {
            Action::Play {
                card: c,
                cost_cards,
                ..
            } if c == card => Some(cost_cards.cards().collect()),
            _ => None,
        })
        .collect()
}

const X_REMOVE: &str = r#"
card:activated {
  card_costs = { { zones = "graveyard", count = "x", to = "remove" } },
  resolve = function(g, e) g:boost(e.me, 1000 * e.x) end,
}
"#;

// R5.8: X cards as a cost — every X the player can pay is listed once per
// set of cards (not per order), X beyond the cards available is not; the effect sees X.
#[test]
fn x_cards_are_listed_as_sets_and_seen_by_the_effect() {
    let (_h, mut s) = with_cards(vec![(CardDef::unit("呪", 2000, 1), X_REMOVE)]);
    let me = s.unit(One, "呪", "b1");
    let g1 = s.add(One, "ロマネ・コンティ", Loc::Graveyard);
    let g2 = s.add(One, "ロマネ・コンティ", Loc::Graveyard);
    let mut t = s.build_strict();
    let mut pair = vec![g1, g2];
    pair.sort();
    assert_eq!(
        activations(&t, me),
        vec![(0, vec![]), (1, vec![g1]), (1, vec![g2]), (2, pair.clone())]
    );
    let act = |x: u8, cards: &[CardId]| Action::Activate {
        card: me,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::of(cards),
        x,
        payment: Payment::Auto,
    };
    assert!(
        t.try_act(act(3, &[g1, g2])).is_err(),
        "X = 3 needs three cards"
    );
    assert!(t.try_act(act(2, &[g1, g1])).is_err(), "a card pays once");
    assert!(
        t.try_act(act(1, &[me])).is_err(),
        "the card itself is not in the graveyard"
    );
    t.act(act(2, &pair));
    assert_eq!(t.loc(g1), Loc::Remove);
    assert_eq!(t.loc(g2), Loc::Remove);
    t.pass_both();
    assert_eq!(t.power(me), 4000);
}

const RETURN_SELF: &str = r#"
card:activated {
  card_costs = { { this = true, zones = "field", to = "hand" } },
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#;

// R5.8, R5.9, R5.10: 「このカードを手札に戻す」 is paid before the ability is stacked; the card in
// the hand can no longer pay it, so the activation is neither listed nor accepted there.
#[test]
fn returning_the_card_itself_is_paid_first_and_only_from_its_zone() {
    let (_h, mut s) = with_cards(vec![(CardDef::unit("鳥", 1000, 1), RETURN_SELF)]);
    let me = s.unit(One, "鳥", "a1");
    let mut t = s.build_strict();
    assert_eq!(activations(&t, me), vec![(0, vec![])]);
    t.act(Table::activate_action(me, 0));
    assert_eq!(t.loc(me), Loc::Hand, "paid before stacking");
    assert_eq!(t.stack().len(), 1);
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), 2);
    assert!(activations(&t, me).is_empty());
    assert!(t.try_act(Table::activate_action(me, 0)).is_err());
}

const FREEZE_OTHER: &str = r#"
card:activated {
  card_costs = { { zones = "field", to = "freeze" } },
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#;

// R5.6: freezing another card as a cost needs a released card of yours in a square.
#[test]
fn freezing_another_card_needs_a_released_one_of_yours() {
    let (_h, mut s) = with_cards(vec![(CardDef::unit("凍", 1000, 1), FREEZE_OTHER)]);
    let me = s.unit(One, "凍", "a1");
    let ally = s.unit(One, "ロマネ・コンティ", "b1");
    let frozen = s.unit(One, "ロマネ・コンティ", "c1");
    s.freeze(frozen);
    s.unit(Two, "ロマネ・コンティ", "b3");
    let mut t = s.build_strict();
    assert_eq!(activations(&t, me), vec![(0, vec![ally])]);
    let mut a = Table::activate_action(me, 0);
    if let Action::Activate { cost_cards, .. } = &mut a {
        *cost_cards = dzero_core::CardList::of(&[ally]);
    }
    t.act(a);
    assert!(t.frozen(ally));
    assert!(!t.frozen(me));
    assert!(
        activations(&t, me).is_empty(),
        "no released unit of yours is left"
    );
}

const PACT: &str = r#"
card:play_costs { { zones = "hand", to = "graveyard" } }
card:on_play { resolve = function(g, e) g:draw(e.controller, 2) end }
"#;

// R8.1, R5.8, R5.10: an additional play cost is chosen when the card is played; without a card to
// pay it the play is not listed and is refused.
#[test]
fn an_additional_play_cost_is_required_and_listed() {
    let (_h, mut s) = with_cards(vec![(blank_strategy("契約"), PACT)]);
    let pact = s.hand(One, "契約");
    let t = s.build_strict();
    assert!(plays(&t, pact).is_empty(), "nothing to discard: not listed");
    let (_h, mut s) = with_cards(vec![(blank_strategy("契約"), PACT)]);
    let pact = s.hand(One, "契約");
    let fodder = s.hand(One, "ロマネ・コンティ");
    let mut t = s.build_strict();
    assert_eq!(plays(&t, pact), vec![vec![fodder]]);
    assert!(t.try_act(Table::play_action(pact, None, &[])).is_err());
    let mut a = Table::play_action(pact, None, &[]);
    if let Action::Play { cost_cards, .. } = &mut a {
        *cost_cards = dzero_core::CardList::of(&[fodder]);
    }
    t.act(a);
    assert_eq!(t.loc(fodder), Loc::Graveyard, "paid before stacking (R5.9)");
    assert_eq!(t.loc(pact), Loc::Stack);
    t.pass_both();
    assert_eq!(t.zone(One, Zone::Hand).len(), 2);
}

// Bad input: wrong card-cost values are load errors naming the file and line.
#[test]
fn bad_card_costs_are_located_errors() {
    let host = ScriptHost::new(Limits::default()).unwrap();
    for (src, want) in [
        (
            "\ncard:activated { card_costs = { { count = 3 } }, resolve = function() end }",
            "must be 1 or \"x\"",
        ),
        (
            "\ncard:activated { card_costs = { { to = \"deck\" } }, resolve = function() end }",
            "not 'deck'",
        ),
        (
            "\ncard:activated { card_costs = { { this = true, count = \"x\" } }, resolve = function() end }",
            "without filter or count",
        ),
        (
            "\ncard:play_costs { { this = true } }",
            "cannot pay with itself",
        ),
        ("\ncard:play_costs { }", "non-empty list"),
    ] {
        let err = host
            .load_card(
                CardDef::new("誤", CardKind::Unit),
                "cards/bad_costs.lua",
                src,
            )
            .err()
            .unwrap_or_else(|| panic!("accepted: {src}"));
        let msg = err.to_string();
        assert!(msg.contains(want), "{src}: {msg}");
        assert!(msg.contains("bad_costs.lua:2"), "{src}: {msg}");
    }
}

const ENERGY_CARD: &str = r#"
card:activated {
  cost = "無1",
  card_costs = { { zones = "energy", to = "remove" } },
  resolve = function(g, e) g:draw(e.controller, 1) end,
}
"#;

/// Activates `me`'s first ability paying `cards` for its card costs.
fn activate_paying(me: CardId, cards: &[CardId]) -> Action {
    Action::Activate {
        card: me,
        ability: 0,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::of(cards),
        x: 0,
        payment: Payment::Auto,
    }
}

// R5.8: a card paying a card cost cannot also pay the energy: with one energy card the
// ability is neither listed nor accepted; with two, the other one pays the energy.
#[test]
fn a_cost_card_cannot_also_pay_energy() {
    for energy in [1, 2] {
        let (_h, mut s) = with_cards(vec![(CardDef::unit("燃", 1000, 1), ENERGY_CARD)]);
        let me = s.unit(One, "燃", "a1");
        let cards: Vec<CardId> = (0..energy)
            .map(|_| s.add(One, "ロマネ・コンティ", Loc::Energy))
            .collect();
        let mut t = s.build_strict();
        if energy == 1 {
            assert!(activations(&t, me).is_empty());
            assert!(t.try_act(activate_paying(me, &cards)).is_err());
        } else {
            let listed: Vec<_> = cards.iter().map(|&c| (0, vec![c])).collect();
            assert_eq!(activations(&t, me), listed);
            t.act(activate_paying(me, &cards[..1]));
            assert_eq!(t.loc(cards[0]), Loc::Remove);
            assert!(t.frozen(cards[1]), "the other energy card paid 無1");
        }
    }
}
