//! Decisions as small steps (docs/design.md §7): a use is announced, then its pieces are chosen one at a
//! time (R5.5 X, R5.8 cost cards, R5.2 payment); no decision lists combinations, cancelling
//! restores the position, and a seat sees only its own announcement.

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, CardDb, CardList, Decision, Game, Loc, Payment, Pick, Step, Targets, Use,
};
use dzero_fixtures::graveyard_x_position;

fn listed(g: &Game, db: &CardDb) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(db, &mut out);
    out
}

/// Announces the mage's ● ability (its X cost of graveyard cards).
fn announce(g: &mut Game, db: &CardDb, mage: dzero_core::CardId) {
    g.apply(
        db,
        Action::Announce(Use::Activate {
            card: mage,
            ability: 0,
        }),
    )
    .expect("the mage's ability is offered");
}

fn pick(g: &mut Game, db: &CardDb, p: Pick) {
    g.apply(db, Action::Pick(p))
        .unwrap_or_else(|e| panic!("{p:?}: {e}"));
}

/// The state as JSON, without the last action's event buffer (not part of the position).
fn position(g: &Game) -> serde_json::Value {
    let mut v = serde_json::to_value(g).expect("a game serializes");
    if let Some(o) = v.as_object_mut() {
        o.remove("events");
        o.remove("scanned");
    }
    v
}

// R5.5, R5.8: with 40 graveyard cards and an X card cost, X goes up to 40 and every decision
// offers at most 45 options: X values, then one cost card at a time, then the payment.
#[test]
fn r5_8_x_of_forty_graveyard_cards_never_offers_more_than_45_options() {
    let (db, mut g, mage) = graveyard_x_position(40);
    let mut most = 0;
    let mut count = |g: &Game| {
        let n = listed(g, &db).len();
        most = most.max(n);
        n
    };
    count(&g);
    announce(&mut g, &db, mage);
    assert_eq!(g.decision(), Decision::Pick(One, Step::X));
    // X = 0..=40, and cancel.
    assert_eq!(count(&g), 42);
    pick(&mut g, &db, Pick::X(40));
    for _ in 0..40 {
        assert_eq!(g.decision(), Decision::Pick(One, Step::CostCard));
        count(&g);
        let first = listed(&g, &db)[0].clone();
        g.apply(&db, first).unwrap();
    }
    assert_eq!(g.decision(), Decision::Pick(One, Step::Payment));
    count(&g);
    pick(&mut g, &db, Pick::PayAuto);
    assert!(most <= 45, "a decision offered {most} options");
    assert_eq!(g.zone(One, dzero_core::Zone::Remove).len(), 40);
    assert_eq!(g.zone(One, dzero_core::Zone::Graveyard).len(), 0);
    assert_eq!(g.stack().len(), 1);
}

// R5.5: X beyond what the zones allow is never offered, and a listed X can be completed.
#[test]
fn r5_5_x_is_offered_up_to_the_cards_available() {
    let (db, mut g, mage) = graveyard_x_position(9);
    announce(&mut g, &db, mage);
    let xs: Vec<u8> = listed(&g, &db)
        .into_iter()
        .filter_map(|a| match a {
            Action::Pick(Pick::X(x)) => Some(x),
            _ => None,
        })
        .collect();
    assert_eq!(xs, (0..=9).collect::<Vec<_>>());
    assert!(g.apply(&db, Action::Pick(Pick::X(10))).is_err());
}

// docs/design.md §7: until the last piece, cancelling leaves the position exactly as it was.
#[test]
fn cancelling_an_announcement_restores_the_position() {
    let (db, mut g, mage) = graveyard_x_position(12);
    let before = position(&g);
    let seen = [g.observe(&db, One), g.observe(&db, Two)];
    let options = listed(&g, &db);
    announce(&mut g, &db, mage);
    pick(&mut g, &db, Pick::X(3));
    let first = listed(&g, &db)[0].clone();
    g.apply(&db, first).unwrap();
    assert_eq!(g.announcement().map(|a| a.cost_cards.len()), Some(1));
    pick(&mut g, &db, Pick::Cancel);
    assert_eq!(position(&g), before);
    assert_eq!([g.observe(&db, One), g.observe(&db, Two)], seen);
    assert_eq!(listed(&g, &db), options);
}

// R1.5: the announcing seat sees its announcement; the other seat sees none and is offered
// nothing while it is made.
#[test]
fn only_the_announcing_seat_sees_its_announcement() {
    let (db, mut g, mage) = graveyard_x_position(5);
    announce(&mut g, &db, mage);
    assert!(g.observe(&db, One).announcement.is_some());
    assert!(g.observe(&db, Two).announcement.is_none());
    let mut theirs = Vec::new();
    g.seat_actions(&db, Two, &mut theirs);
    assert!(theirs.is_empty());
}

// docs/design.md §7: a compound action is played as its small decisions; both reach the same state.
#[test]
fn a_compound_action_equals_its_small_decisions() {
    let (db, g, mage) = graveyard_x_position(6);
    let graveyard = g.zone(One, dzero_core::Zone::Graveyard);
    let chosen = [graveyard[4], graveyard[1], graveyard[5]];
    let mut whole = g.clone();
    whole
        .apply(
            &db,
            Action::Activate {
                card: mage,
                ability: 0,
                targets: Targets::NONE,
                cost_cards: CardList::of(&chosen),
                x: 3,
                payment: Payment::Auto,
            },
        )
        .unwrap();
    let mut steps = g.clone();
    announce(&mut steps, &db, mage);
    pick(&mut steps, &db, Pick::X(3));
    for c in chosen {
        pick(&mut steps, &db, Pick::CostCard(c));
    }
    pick(&mut steps, &db, Pick::PayAuto);
    assert_eq!(position(&whole), position(&steps));
    assert!(
        chosen
            .iter()
            .all(|&c| whole.card_state(c).map(|s| s.loc) == Some(Loc::Remove))
    );
}

// R5.2, R5.9: paying card by card offers only cards that can pay a point still owed, and the
// announcement commits with the last of them, freezing exactly those.
#[test]
fn r5_2_paying_card_by_card_freezes_the_cards_chosen() {
    let (db, mut g, mage) = graveyard_x_position(2);
    announce(&mut g, &db, mage);
    pick(&mut g, &db, Pick::X(0));
    assert_eq!(g.decision(), Decision::Pick(One, Step::Payment));
    let energy = g.zone(One, dzero_core::Zone::Energy);
    let payers: Vec<Pick> = listed(&g, &db)
        .into_iter()
        .filter_map(|a| match a {
            Action::Pick(p @ Pick::PayCard(_)) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(payers.len(), energy.len());
    pick(&mut g, &db, Pick::PayCard(energy[2]));
    assert!(g.announcement().is_none(), "無1 is paid by one card");
    assert!(g.card_state(energy[2]).is_some_and(|s| s.frozen));
    assert_eq!(
        energy
            .iter()
            .filter(|&&c| g.card_state(c).is_some_and(|s| s.frozen))
            .count(),
        1
    );
}
