//! Matches (R2.3–R2.6, A26), played with vanilla units and random players: swaps keep the
//! sizes and an illegal one changes nothing; the first to win two duels wins; the loser of a
//! duel chooses who plays first in the next; a single-duel rule set plays one duel; the lists
//! given are unchanged after the match.

use dzero_core::{CardDb, CardDef, DefId, Game, GameResult, MatchFormat, Player, RuleSet};
use dzero_sim::matches::duel_seed;
use dzero_sim::playout::player_seeds;
use dzero_sim::{MatchDeck, MatchPlayer, PlayOptions, Swap, play_match, play_out};

/// 30 vanilla units 兵士1..兵士30, ids 0..30.
fn db() -> CardDb {
    let mut db = CardDb::new();
    for i in 1..=30 {
        db.add(CardDef::unit(&format!("兵士{i}"), 1000 + 100 * i, 1));
    }
    db
}

fn id(i: u32) -> DefId {
    DefId(i - 1)
}

/// 40 cards (兵士1..兵士13 three each, 兵士14 once) starting at `from`, and a 10-card
/// sideboard of the next cards.
fn deck(from: u32) -> MatchDeck {
    let mut cards: Vec<DefId> = (0..13)
        .flat_map(|i| [id(from + i); 3])
        .chain([id(from + 13)])
        .collect();
    cards.sort();
    MatchDeck {
        cards,
        sideboard: [0, 0, 0, 1, 1, 1, 2, 2, 3, 3]
            .iter()
            .map(|k| id(from + 14 + k))
            .collect(),
    }
}

/// Swaps one 兵士 of its deck's first name for its sideboard's first card each time, and plays
/// first after a loss; records what it was asked.
#[derive(Default)]
struct Player1 {
    asked_first: Vec<usize>,
    swaps: usize,
}

impl MatchPlayer for Player1 {
    fn swap(&mut self, _me: Player, deck: &MatchDeck, _duels: &[GameResult]) -> Swap {
        self.swaps += 1;
        Swap {
            out: vec![deck.cards[0]],
            into: vec![deck.sideboard[0]],
        }
    }

    fn play_first(&mut self, _me: Player, duels: &[GameResult]) -> bool {
        self.asked_first.push(duels.len());
        true
    }
}

fn random_duel(db: &CardDb) -> impl FnMut(Game) -> Result<Game, String> + '_ {
    move |game: Game| {
        let seeds = player_seeds(u64::from(game.turn()) + 7);
        play_out(db, game, seeds, PlayOptions::default())
            .map(|o| o.game)
            .map_err(|e| e.to_string())
    }
}

// R2.5: a swap keeps the deck at 40 and the sideboard at 10; an illegal one is refused with
// its reason and nothing changes.
#[test]
fn r2_5_swaps_keep_the_sizes_and_an_illegal_one_changes_nothing() {
    let db = db();
    let rules = RuleSet::OFFICIAL;
    let before = deck(1);
    let swapped = before
        .swapped(
            &db,
            &rules,
            &Swap {
                out: vec![id(1), id(1)],
                into: vec![id(15), id(16)],
            },
        )
        .expect("a legal swap");
    assert_eq!((swapped.cards.len(), swapped.sideboard.len()), (40, 10));
    assert_eq!(swapped.cards.iter().filter(|&&c| c == id(1)).count(), 1);
    assert_eq!(swapped.sideboard.iter().filter(|&&c| c == id(1)).count(), 2);
    let refused = |swap: Swap| before.swapped(&db, &rules, &swap).unwrap_err();
    assert_eq!(
        refused(Swap {
            out: vec![id(1)],
            into: vec![],
        }),
        "1 card(s) out of the deck but 0 in: the deck stays at 40 cards and the sideboard at 10 (R2.5)"
    );
    assert_eq!(
        refused(Swap {
            out: vec![id(20)],
            into: vec![id(15)],
        }),
        "no 「兵士20」 left in the deck to swap out (R2.5)"
    );
    assert_eq!(
        refused(Swap {
            out: vec![id(1)],
            into: vec![id(2)],
        }),
        "no 「兵士2」 left in the sideboard to swap in (R2.5)"
    );
    // A sideboard that breaks R2.3 cannot bring a fourth copy in (R2.2).
    let mut odd = before.clone();
    odd.sideboard[9] = id(2);
    let e = odd
        .swapped(
            &db,
            &rules,
            &Swap {
                out: vec![id(1)],
                into: vec![id(2)],
            },
        )
        .unwrap_err();
    assert!(e.contains("兵士2"), "{e}");
    assert_eq!(before, deck(1), "nothing changed");
}

// R2.4, R2.6, A26: the first to two wins; after a won duel the loser chooses (here: to play
// first); the lists given are the same after the match (R2.5).
#[test]
fn r2_4_r2_6_a_match_is_won_with_two_duels_and_the_loser_chooses_who_plays_first() {
    let db = db();
    let rules = RuleSet::OFFICIAL;
    let decks = [deck(1), deck(1)];
    let mut seen = Vec::new();
    for seed in 0..12 {
        let (mut a, mut b) = (Player1::default(), Player1::default());
        let out = play_match(
            &db,
            &rules,
            &decks,
            &[],
            seed,
            &mut [&mut a, &mut b],
            &mut random_duel(&db),
        )
        .expect("the match is played");
        let wins = |p: Player| {
            out.duels
                .iter()
                .filter(|r| **r == GameResult::Win(p))
                .count()
        };
        assert!((1..=3).contains(&out.duels.len()), "{out:?}");
        match out.winner {
            Some(w) => {
                assert_eq!(wins(w), 2, "{out:?}");
                assert!(wins(w.opponent()) < 2);
                assert_eq!(
                    out.duels.last(),
                    Some(&GameResult::Win(w)),
                    "it ends at once"
                );
            }
            None => {
                assert_eq!(out.duels.len(), 3, "a drawn match is three duels (A26)");
                assert!(wins(Player::One) < 2 && wins(Player::Two) < 2);
            }
        }
        for k in 1..out.duels.len() {
            if let GameResult::Win(w) = out.duels[k - 1] {
                assert_eq!(out.first[k], w.opponent(), "the loser chose to play first");
            }
        }
        // Each player swapped before each later duel, and was asked only after its loss.
        assert_eq!(a.swaps, out.duels.len() - 1);
        let losses_of = |p: Player| {
            out.duels[..out.duels.len() - 1]
                .iter()
                .enumerate()
                .filter(|(_, r)| **r == GameResult::Win(p.opponent()))
                .map(|(i, _)| i + 1)
                .collect::<Vec<_>>()
        };
        assert_eq!(a.asked_first, losses_of(Player::One));
        assert_eq!(b.asked_first, losses_of(Player::Two));
        assert_eq!(decks, [deck(1), deck(1)], "the lists are as they were");
        seen.push(out.duels.len());
    }
    assert!(
        seen.contains(&3),
        "some match goes to a third duel: {seen:?}"
    );
    assert!(seen.contains(&2), "some match ends 2–0: {seen:?}");
}

// A26: a rule set with single duels plays one; the same seed plays the same match.
#[test]
fn a26_a_single_duel_rule_set_plays_one_duel_and_matches_repeat() {
    let db = db();
    let single = RuleSet {
        match_format: MatchFormat::Single,
        ..RuleSet::OFFICIAL
    };
    let decks = [deck(1), deck(3)];
    let play = |rules: &RuleSet, seed: u64| {
        let (mut a, mut b) = (Player1::default(), Player1::default());
        play_match(
            &db,
            rules,
            &decks,
            &[],
            seed,
            &mut [&mut a, &mut b],
            &mut random_duel(&db),
        )
        .expect("the match is played")
    };
    let one = play(&single, 5);
    assert_eq!(one.duels.len(), 1);
    assert_eq!(
        one.winner,
        match one.duels[0] {
            GameResult::Win(p) => Some(p),
            GameResult::Draw => None,
        }
    );
    assert_eq!(play(&RuleSet::OFFICIAL, 9), play(&RuleSet::OFFICIAL, 9));
    assert_ne!(duel_seed(9, 0), duel_seed(9, 1));
}

// R2.5: a refused swap stops the match, naming the player and the duel.
#[test]
fn r2_5_a_refused_swap_stops_the_match_with_its_reason() {
    struct Bad;
    impl MatchPlayer for Bad {
        fn swap(&mut self, _: Player, _: &MatchDeck, _: &[GameResult]) -> Swap {
            Swap {
                out: vec![id(30)],
                into: vec![id(15)],
            }
        }
        fn play_first(&mut self, _: Player, _: &[GameResult]) -> bool {
            false
        }
    }
    let db = db();
    let e = play_match(
        &db,
        &RuleSet::OFFICIAL,
        &[deck(1), deck(1)],
        &[],
        1,
        &mut [&mut Bad, &mut Bad],
        &mut random_duel(&db),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "P1's swap before duel 2 is refused: no 「兵士30」 left in the deck to swap out (R2.5)"
    );
}
