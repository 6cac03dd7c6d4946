//! The dimension deck's construction (R19.1, R19.2, R19.4–R19.7, A38).

use super::db;
use dzero_cardpool::DeckText;
use dzero_core::{Game, RuleSet, SetupError, check_dimension_deck};
use dzero_text::Lang;

// R19.4–R19.7, A38: the dimension deck's construction rules; R19.1: only rule sets with the
// module take one.
#[test]
fn r19_4_to_r19_7_dimension_deck_construction() {
    let db = db();
    let id = |n: &str| db.find(n).unwrap();
    let many = |n: &str, k: usize| vec![id(n); k];
    let check = |rules: &RuleSet, deck: &[dzero_core::DefId]| {
        check_dimension_deck(&db, rules, deck)
            .map_err(|e| DeckText::new(&db, Lang::En).setup_error(&e))
    };
    let war = RuleSet::DIMENSION_WAR;
    let exp = RuleSet::DIMENSION_EXPLORATION;
    // R19.4: 10 to 40 cards.
    assert_eq!(
        check(&war, &many("荒野", 9)),
        Err(
            "the dimension deck: 9 cards (not counting a shuffle card); it needs 10 to 40 (R19.4)"
                .into()
        )
    );
    assert_eq!(check(&war, &many("荒野", 10)), Ok(()));
    assert_eq!(check(&war, &many("荒野", 40)), Ok(()));
    assert!(
        check(&war, &many("荒野", 41))
            .unwrap_err()
            .contains("(R19.4)")
    );
    // R19.5: one phenomenon per four dimensions.
    let mut d = many("荒野", 8);
    d.extend(many("静寂", 2));
    assert_eq!(check(&war, &d), Ok(()));
    let mut d3 = many("荒野", 8);
    d3.extend(many("静寂", 3));
    assert_eq!(
        check(&war, &d3),
        Err("the dimension deck: 3 phenomena for 8 dimensions; at most one per four dimensions, 2 (R19.5)".into())
    );
    // R19.5: in 探索戦 phenomena only from 20 cards.
    assert_eq!(
        check(&exp, &d),
        Err("the dimension deck: 2 phenomena in a deck of 10 cards; 次元探索戦 allows phenomena only from 20 cards (R19.5)".into())
    );
    let mut d20 = many("荒野", 16);
    d20.extend(many("静寂", 4));
    assert_eq!(check(&exp, &d20), Ok(()));
    // R19.7, A38: one shuffle card, not counted.
    let mut s = many("荒野", 10);
    s.push(id("攪拌"));
    assert_eq!(check(&war, &s), Ok(()));
    assert_eq!(check(&exp, &s), Ok(()));
    let mut s9 = many("荒野", 9);
    s9.push(id("攪拌"));
    assert!(check(&war, &s9).unwrap_err().contains("9 cards"));
    s.push(id("攪拌"));
    assert_eq!(
        check(&war, &s),
        Err("the dimension deck: 2 shuffle cards; at most one may be added (R19.7)".into())
    );
    // R19.2, R19.6: only dimensions and phenomena.
    let mut u = many("荒野", 10);
    u.push(id("ロマネ・コンティ"));
    assert!(
        check(&war, &u)
            .unwrap_err()
            .contains("「ロマネ・コンティ」 is not a dimension or a phenomenon (R19.2, R19.6)")
    );
    // A card the database does not hold belongs to no player: the dimension deck is named.
    let mut x = many("荒野", 10);
    x.push(dzero_core::DefId(60_000));
    assert_eq!(
        check(&war, &x),
        Err("the dimension deck: card #60000 is not in the card database".into())
    );
    // R19.1: no dimension deck without the module.
    assert_eq!(
        check(&RuleSet::OFFICIAL, &many("荒野", 10)),
        Err("the dimension deck: the rule set `official` has no dimension deck (R19.1)".into())
    );
    assert_eq!(check(&RuleSet::OFFICIAL, &[]), Ok(()));
    let decks = [
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    ];
    let e = Game::new_with(&db, war, [&decks[0], &decks[1]], &[], 1, None).unwrap_err();
    assert!(matches!(e, SetupError::DimensionDeck { .. }), "{e:?}");
}
