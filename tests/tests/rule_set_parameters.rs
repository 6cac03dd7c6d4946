//! The engine uses every gameplay parameter of a rule set (docs/rules.md): deck size and copies
//! (R2.1, R2.2, R18.4), the opening hand (R3.3), the first player's first draw (R3.6), the
//! smash count that loses (RE1) and the mulligan (R18.2).

use dzero_core::Player::{One, Two};
use dzero_core::{
    Action, BracketNames, CardDb, CardDef, Decision, DefId, Game, GameResult, Loc, MulliganRule,
    Phase, RuleName, RuleSet, SetupError, Zone, check_deck,
};
use dzero_tests::{Setup, Table};

/// The official rule set under another name, for variants of it.
fn variant() -> RuleSet {
    RuleSet {
        name: RuleName::new("variant").expect("a short name"),
        ..RuleSet::OFFICIAL
    }
}

/// A duel between the fixture decks (40 cards each) under `rules`.
fn duel(rules: RuleSet, seed: u64) -> (CardDb, Game) {
    let db = dzero_fixtures::card_db();
    let decks = [
        dzero_fixtures::deck_red(&db),
        dzero_fixtures::deck_blue(&db),
    ];
    let g = Game::new(&db, rules, [&decks[0], &decks[1]], seed).expect("legal decks");
    (db, g)
}

/// The player who plays first, and the other.
fn seats(g: &Game) -> (dzero_core::Player, dzero_core::Player) {
    let first = g.active();
    (first, first.opponent())
}

// R3.3: each player's opening hand has the rule set's number of cards.
#[test]
fn r3_3_opening_hand_is_the_rule_sets() {
    let rules = RuleSet {
        opening_hand: 7,
        ..variant()
    };
    for seed in 0..4 {
        let (_, g) = duel(rules, seed);
        let (first, second) = seats(&g);
        assert_eq!(g.turn(), 1);
        // R3.6: the first player has not drawn yet.
        assert_eq!(g.zone(first, Zone::Hand).len(), 7);
        assert_eq!(g.zone(second, Zone::Hand).len(), 7);
        assert_eq!(g.zone(second, Zone::Deck).len(), 33);
    }
}

// R3.6: the first player skips the first draw only when the rule set says so.
#[test]
fn r3_6_first_draw_follows_the_rule_set() {
    for (skip, first_hand) in [(true, 5), (false, 6)] {
        let rules = RuleSet {
            skip_first_draw: skip,
            ..variant()
        };
        let (_, g) = duel(rules, 3);
        let (first, second) = seats(&g);
        assert_eq!(g.turn(), 1);
        assert_ne!(g.phase(), Phase::Draw);
        assert_eq!(g.zone(first, Zone::Hand).len(), first_hand, "skip = {skip}");
        assert_eq!(g.zone(first, Zone::Deck).len(), 40 - first_hand);
        assert_eq!(g.zone(second, Zone::Hand).len(), 5);
    }
}

// R18.2: without a mulligan rule the first turn begins at once; with it the second player is
// asked, and a mulligan draws a new opening hand of the rule set's size (R3.3).
#[test]
fn r18_2_mulligan_follows_the_rule_set() {
    let (_, g) = duel(variant(), 5);
    assert!(!matches!(g.decision(), Decision::Mulligan(_)));
    assert_ne!(g.phase(), Phase::Mulligan);

    let rules = RuleSet {
        mulligan: MulliganRule::SecondPlayerOnce,
        opening_hand: 6,
        ..variant()
    };
    let (db, mut g) = duel(rules, 5);
    let (_, second) = seats(&g);
    assert_eq!(g.decision(), Decision::Mulligan(second));
    assert_eq!(g.zone(second, Zone::Hand).len(), 6);
    g.apply(&db, Action::Mulligan(true)).expect("mulligan");
    // R18.2: the returned cards' order on the bottom is chosen first.
    while g.choice().is_some() {
        g.apply(&db, Action::Choose(0)).expect("an order");
    }
    assert_ne!(g.phase(), Phase::Mulligan, "the first turn began");
    assert_eq!(g.zone(second, Zone::Hand).len(), 6);
    assert_eq!(g.zone(second, Zone::Deck).len(), 34);
}

fn end_main(t: &mut Table) {
    assert!(t.game.stack().is_empty());
    t.pass_both();
}

// RE1: a player loses with the rule set's number of smash-zone cards, not before.
#[test]
fn re1_smash_loss_is_the_rule_sets() {
    let rules = RuleSet {
        smash_loss: 8,
        ..variant()
    };
    let mut s = Setup::with_db(dzero_fixtures::card_db(), rules);
    let a = s.unit(One, "シングルモルト", "a2");
    let b = s.unit(One, "チルノ", "c2");
    for _ in 0..6 {
        s.add(Two, "ロマネ・コンティ", Loc::Smash);
    }
    let mut t = s.build();
    end_main(&mut t);
    t.act(Action::Smash(Some(a)));
    assert_eq!(t.zone(Two, Zone::Smash).len(), 7);
    assert_eq!(
        t.game.decision(),
        Decision::Smash(One),
        "7 of 8 does not lose"
    );
    t.act(Action::Smash(Some(b)));
    assert_eq!(t.zone(Two, Zone::Smash).len(), 8);
    assert_eq!(t.game.decision(), Decision::Over(GameResult::Win(One)));
}

/// A database of `n` distinct units and their ids.
fn numbered_db(n: usize) -> (CardDb, Vec<DefId>) {
    let mut db = CardDb::new();
    let ids = (0..n)
        .map(|i| db.add(CardDef::unit(&format!("試験兵{i}"), 1000, 1)))
        .collect();
    (db, ids)
}

// R2.1, R2.2: the deck size and copies per name are the rule set's (a 60-card, 4-copy variant).
#[test]
fn r2_1_r2_2_deck_size_and_copies_are_the_rule_sets() {
    let (db, ids) = numbered_db(16);
    let rules = RuleSet {
        deck_size: 60,
        max_copies: 4,
        ..variant()
    };
    let four_each: Vec<DefId> = ids[..15].iter().flat_map(|&d| [d; 4]).collect();
    assert_eq!(check_deck(&db, &rules, One, &four_each), Ok(()));
    assert_eq!(
        check_deck(&db, &rules, One, &four_each[..40]),
        Err(SetupError::DeckSize {
            player: One,
            found: 40,
            expected: 60
        })
    );
    let mut five = four_each.clone();
    five[4] = ids[0];
    assert_eq!(
        check_deck(&db, &rules, Two, &five),
        Err(SetupError::TooManyCopies {
            player: Two,
            name: "試験兵0".into(),
            count: 5,
            max: 4
        })
    );
}

// R18.4: 〈〉 names count apart, or by their base name when the rule set says so.
#[test]
fn r18_4_bracket_names_count_as_the_rule_set_says() {
    let (mut db, ids) = numbered_db(23);
    let plain = db.add(CardDef::unit("チルノ", 1500, 1));
    let bracket = db.add(CardDef::unit("チルノ〈氷の小さな妖精〉", 1500, 1));
    let mut deck = ids.clone();
    deck.extend([plain, bracket]);
    let separate = RuleSet::TOUHOU_INSTANT;
    assert_eq!(separate.bracket_names, BracketNames::Separate);
    assert_eq!(check_deck(&db, &separate, One, &deck), Ok(()));
    let base = RuleSet {
        bracket_names: BracketNames::Base,
        ..separate
    };
    assert_eq!(
        check_deck(&db, &base, One, &deck),
        Err(SetupError::TooManyCopies {
            player: One,
            name: "チルノ".into(),
            count: 2,
            max: 1
        })
    );
}

// The rule set's name is kept inline: at most RuleName::MAX_LEN bytes.
#[test]
fn rule_names_have_a_length_limit() {
    let longest = "あ".repeat(10);
    assert_eq!(
        RuleName::new(&longest).map(|n| n.to_string()),
        Some(longest)
    );
    assert_eq!(RuleName::new(&"x".repeat(RuleName::MAX_LEN + 1)), None);
    assert_eq!(RuleSet::TOUHOU.name.as_str(), "touhou");
}
