//! 盟約 compiled from the DSL in real games (R17.11, A24).

mod support;

use dzero_core::{
    Ability, Action, CardId, CardKind, CostDest, DefId, Loc, Player, Timing, Zone, ZoneSet,
};
use dzero_grammar::{CompileCtx, Compiled, NoScripts, compile_text};
use support::*;

use Player::{One, Two};

// --------------------------------------------------------------------------------- 盟約 --

fn covenant_table(timing: Timing) -> (Table, DefId, DefId, DefId) {
    let mut t = Table::new();
    let beast_def = unit("盟約の獣", 5000, &[]).timing(timing);
    let beast = t.def(
        match with_lines(
            beast_def,
            &["盟約―<「チルノ」+「橙」>[無1]"],
            &mut NoScripts,
        ) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        },
    );
    let cirno = t.def(unit("チルノ", 2000, &[]));
    let chen = t.def(unit("橙〈八雲紫の式の式〉", 2000, &[]));
    (t, beast, cirno, chen)
}

// R17.11, A24: 「A」 and 「B」 are removed on activation; the card is put frozen into a chosen
// own-area square without a unit of yours.
#[test]
fn r17_11_covenant_removes_the_named_cards_and_puts_the_card() {
    let (mut t, beast, cirno, chen) = covenant_table(Timing::Quick);
    let b = t.add(One, beast, Loc::Hand);
    let c1 = t.add(One, cirno, Loc::Square(sq(0, 0)));
    let c2 = t.add(One, chen, Loc::Graveyard);
    let c3 = t.add(Two, chen, Loc::Graveyard); // the opponent's card never pays
    t.filler_at(One, sq(0, 2));
    t.energy(One, 1);
    let (db, mut g) = t.build();

    let listed: Vec<Vec<CardId>> = legal(&g, &db)
        .iter()
        .filter_map(|a| match a {
            Action::Activate {
                card, cost_cards, ..
            } if *card == b => Some(cost_cards.cards().collect()),
            _ => None,
        })
        .collect();
    assert_eq!(listed, vec![vec![c1, c2]]);
    assert!(g.check(&db, &activate(b, 0, &[c1, c3])).is_err());

    act(&mut g, &db, activate(b, 0, &[c1, c2]));
    assert_eq!(loc(&g, c1), Some(Loc::Remove));
    assert_eq!(loc(&g, c2), Some(Loc::Remove));
    assert_eq!(loc(&g, b), Some(Loc::Hand), "the card waits in hand");
    pass_both(&mut g, &db);

    let choice = match g.choice() {
        Some(c) => c.clone(),
        None => panic!("the square is chosen on resolution"),
    };
    assert_eq!(choice.player, One);
    assert_eq!(
        choice.options,
        vec![
            dzero_core::ChoiceOption::Square(sq(0, 0)),
            dzero_core::ChoiceOption::Square(sq(0, 1)),
        ],
        "own-area squares without a unit of yours"
    );
    act(&mut g, &db, Action::Choose(1));
    assert_eq!(loc(&g, b), Some(Loc::Square(sq(0, 1))));
    assert!(frozen(&g, b), "put frozen");
}

// A24: no free own-area square: nothing happens, the card stays in hand.
#[test]
fn a24_covenant_without_a_free_square_does_nothing() {
    let (mut t, beast, cirno, chen) = covenant_table(Timing::Quick);
    let b = t.add(One, beast, Loc::Hand);
    t.add(One, cirno, Loc::Graveyard);
    t.add(One, chen, Loc::Energy);
    for c in 0..3 {
        t.filler_at(One, sq(0, c));
    }
    t.energy(One, 1);
    let (db, mut g) = t.build();
    let a = legal(&g, &db)
        .into_iter()
        .find(|a| matches!(a, Action::Activate { card, .. } if *card == b));
    let Some(a) = a else {
        panic!("activation not listed")
    };
    act(&mut g, &db, a);
    pass_both(&mut g, &db);
    assert!(g.choice().is_none());
    assert_eq!(loc(&g, b), Some(Loc::Hand));
}

// A24: 盟約 is activated at the card's printed timing, from the hand only.
#[test]
fn a24_covenant_uses_the_printed_timing() {
    for timing in [Timing::Normal, Timing::Quick, Timing::Battle] {
        let ctx = CompileCtx::new(CardKind::Unit, timing);
        let compiled = compile_text("盟約―<「A」+「B」>[0]", &ctx, &mut NoScripts);
        let Ok(Compiled::Ability(Ability::Activated(a))) = compiled else {
            panic!("not an activated ability")
        };
        assert_eq!(a.timing, timing);
        assert_eq!(a.zones, ZoneSet::HAND);
        assert_eq!(a.card_costs.len(), 2);
        assert!(a.card_costs.iter().all(|c| c.to == CostDest::Remove
            && c.zones.contains(Zone::Hand)
            && c.zones.contains(Zone::Field)
            && c.zones.contains(Zone::Energy)
            && c.zones.contains(Zone::Graveyard)
            && !c.zones.contains(Zone::Deck)));
    }
    // A normal-timing 盟約 cannot be activated in the opponent's main phase (R6.3).
    let (mut t, beast, cirno, chen) = covenant_table(Timing::Normal);
    let b = t.add(Two, beast, Loc::Hand);
    t.add(Two, cirno, Loc::Graveyard);
    t.add(Two, chen, Loc::Graveyard);
    t.energy(Two, 1);
    let (db, mut g) = t.build();
    act(&mut g, &db, Action::Pass); // One passes: Two holds priority in One's turn.
    assert!(
        !legal(&g, &db)
            .iter()
            .any(|a| matches!(a, Action::Activate { card, .. } if *card == b)),
        "normal timing only in your own main phase (R6.3)"
    );
}
