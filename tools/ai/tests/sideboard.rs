//! The AI between the duels of a match (R2.5, R2.6): it learns only the opponent's revealed
//! cards, swaps the units those beat for sideboard cards that beat them, and picks the first
//! player from the decks' mean use costs.

use dzero_ai::SideboardPlayer;
use dzero_core::{Builder, CardDb, CardDef, Cost, DefId, Loc, Phase, Player, RuleSet};
use dzero_sim::{MatchDeck, MatchPlayer, Swap};
use std::collections::BTreeMap;

/// A unit of `power` costing `cost` colourless.
fn unit(db: &mut CardDb, name: &str, power: i32, cost: u8) -> DefId {
    let mut c = CardDef::unit(name, power, 1);
    c.cost = Cost {
        colourless: cost,
        ..Cost::FREE
    };
    db.add(c)
}

struct Pool {
    db: CardDb,
    small: DefId,
    mid: DefId,
    big: DefId,
    huge: DefId,
    base: DefId,
}

fn pool() -> Pool {
    let mut db = CardDb::new();
    let small = unit(&mut db, "小兵", 1000, 1);
    let mid = unit(&mut db, "中兵", 3000, 2);
    let big = unit(&mut db, "大兵", 5000, 4);
    let huge = unit(&mut db, "巨兵", 9000, 6);
    let base = db.add(CardDef::base("砦"));
    Pool {
        db,
        small,
        mid,
        big,
        huge,
        base,
    }
}

/// P1's view of a duel's end where P2 revealed two 大兵 (graveyard, energy) and one 中兵
/// (remove zone) and holds a 巨兵 in hand.
fn seen_by_one(p: &Pool) -> dzero_core::Observation {
    let mut b = Builder::new(RuleSet::OFFICIAL, 1);
    b.add(Player::Two, p.big, Loc::Graveyard);
    b.add(Player::Two, p.big, Loc::Energy);
    b.add(Player::Two, p.mid, Loc::Remove);
    b.add(Player::Two, p.huge, Loc::Hand);
    b.fill_deck(Player::One, p.small, 10);
    b.fill_deck(Player::Two, p.small, 10);
    let game = b.build(&p.db, Phase::Main).unwrap();
    game.observe(&p.db, Player::One)
}

// R2.5: only revealed cards are learnt; the units the opponent's revealed units beat go out
// for sideboard units that beat them, the rest stays.
#[test]
fn r2_5_swaps_answer_the_opponents_revealed_units() {
    let p = pool();
    let mut ai = SideboardPlayer::new(&p.db);
    let deck = MatchDeck {
        cards: vec![p.small, p.small, p.mid, p.base, p.big],
        sideboard: vec![p.huge, p.huge, p.small],
    };
    assert_eq!(ai.swap(Player::One, &deck, &[]), Swap::default());
    ai.duel_over(Player::One, &seen_by_one(&p));
    assert_eq!(ai.seen(), &BTreeMap::from([(p.mid, 1), (p.big, 2)]));
    // Worth against [3000, 5000, 5000]: 小兵 0, 中兵 ⅓, 砦 ½, 大兵 1, 巨兵 1.
    assert_eq!(
        ai.swap(Player::One, &deck, &[]),
        Swap {
            out: vec![p.small, p.small],
            into: vec![p.huge, p.huge],
        }
    );
}

// R2.6: the quicker deck plays first, the slower one second; with nothing seen, first.
#[test]
fn r2_6_the_first_player_follows_the_mean_use_costs() {
    let p = pool();
    let quick = MatchDeck {
        cards: vec![p.small, p.mid],
        sideboard: vec![],
    };
    let slow = MatchDeck {
        cards: vec![p.huge, p.huge, p.big],
        sideboard: vec![],
    };
    let mut fresh = SideboardPlayer::new(&p.db);
    assert!(fresh.play_first(Player::One, &[]));
    // The opponent's revealed mean use cost: (4 + 4 + 2) / 3 ≈ 3.3.
    for (deck, first) in [(quick, true), (slow, false)] {
        let mut ai = SideboardPlayer::new(&p.db);
        ai.duel_over(Player::One, &seen_by_one(&p));
        ai.swap(Player::One, &deck, &[]);
        assert_eq!(ai.play_first(Player::One, &[]), first);
    }
}
