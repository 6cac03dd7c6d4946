//! The players cannot peek: on two duels a seat cannot tell apart (one a determinization of the
//! other, so the hidden cards differ), greedy and mcts players with the same seed decide the
//! same; and determinizing keeps every card, the seat's observation, and varies with the seed.

use dzero_ai::PlayerSpec;
use dzero_cardpool::{CardSet, Deck};
use dzero_core::{CardId, DefId, Game, Loc, Player};
use dzero_sim::conservation::owned;
use dzero_sim::{Chooser, DeckFiles, RandomPlayer, SeatView, check_conservation};
use std::path::PathBuf;

/// The players compared (cheap enough for a debug build).
const SPECS: [&str; 2] = ["greedy", "mcts:60"];
/// Actions after which the duels are compared.
const POINTS: [u32; 4] = [12, 40, 90, 160];

/// Each bundled set (one per rule set) with its deck lists, loaded by file.
fn bundled() -> Vec<(CardSet, Vec<Deck>)> {
    let sets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets");
    ["d0-sample", "touhou-sample"]
        .iter()
        .map(|s| {
            let dir = sets.join(s).join("decks");
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect();
            files.sort();
            DeckFiles::resolve(&files, None).unwrap().load().unwrap()
        })
        .collect()
}

/// The duels of `set` at each of [`POINTS`] (random play, seeded), with the deciding seat.
fn points(set: &CardSet, decks: &[Deck], seed: u64) -> Vec<(Game, Player)> {
    let mut g = Game::new(&set.db, set.rules, [&decks[0].cards, &decks[1].cards], seed).unwrap();
    let mut players = [RandomPlayer::new(seed * 2), RandomPlayer::new(seed * 2 + 1)];
    let mut out = Vec::new();
    for step in 0..=POINTS[POINTS.len() - 1] {
        let Some(p) = g.decision().player() else {
            break;
        };
        if POINTS.contains(&step) {
            out.push((g.clone(), p));
        }
        let a = players[p.index()]
            .choose(&SeatView::new(&g, &set.db, p))
            .unwrap();
        g.apply(&set.db, a).unwrap();
    }
    out
}

/// The definitions of `owner`'s cards in `loc`, in zone order.
fn defs(g: &Game, owner: Player, loc: Loc) -> Vec<DefId> {
    (0..g.card_count())
        .map(|i| g.card_state(CardId(i as u16)).unwrap())
        .filter(|c| c.owner == owner && c.loc == loc)
        .map(|c| c.def)
        .collect()
}

/// Every card's definition, per owner, sorted (what each player brought to the duel).
fn brought(g: &Game) -> [Vec<DefId>; 2] {
    Player::BOTH.map(|p| {
        let mut d: Vec<DefId> = (0..g.card_count())
            .map(|i| g.card_state(CardId(i as u16)).unwrap())
            .filter(|c| c.owner == p)
            .map(|c| c.def)
            .collect();
        d.sort();
        d
    })
}

/// What `seat` may not see: the other hand and both decks' definitions, in place order.
fn hidden(g: &Game, seat: Player) -> Vec<DefId> {
    let mut v = defs(g, seat.opponent(), Loc::Hand);
    for p in Player::BOTH {
        v.extend(defs(g, p, Loc::Deck));
    }
    v
}

#[test]
fn players_decide_the_same_on_duels_the_seat_cannot_tell_apart() {
    let mut compared = 0;
    for (set, decks) in bundled() {
        for seed in 1..=3 {
            for (a, seat) in points(&set, &decks, seed) {
                let b = a.determinize(&set.db, seat, seed * 1000 + u64::from(a.turn()));
                assert_eq!(a.observe(&set.db, seat), b.observe(&set.db, seat));
                assert_ne!(
                    hidden(&a, seat),
                    hidden(&b, seat),
                    "{}: nothing hidden moved",
                    set.id
                );
                let mut listed = Vec::new();
                SeatView::new(&a, &set.db, seat).actions(&mut listed);
                for spec in SPECS {
                    let spec: PlayerSpec = spec.parse().unwrap();
                    let on_a = spec.player(7).choose(&SeatView::new(&a, &set.db, seat));
                    let on_b = spec.player(7).choose(&SeatView::new(&b, &set.db, seat));
                    assert!(on_a.is_some(), "{spec} gave no action");
                    assert_eq!(on_a, on_b, "{}: {spec} at turn {}", set.id, a.turn());
                }
                compared += usize::from(listed.len() > 1);
            }
        }
    }
    assert!(
        compared >= 12,
        "only {compared} duels offered a real choice"
    );
}

#[test]
fn determinizing_keeps_the_cards_and_the_view_and_varies_with_the_seed() {
    for (set, decks) in bundled() {
        for (a, seat) in points(&set, &decks, 5) {
            let b = a.determinize(&set.db, seat, 1);
            let c = a.determinize(&set.db, seat, 2);
            for copy in [&b, &c] {
                check_conservation(copy, owned(&a)).unwrap();
                assert_eq!(brought(copy), brought(&a));
                assert_eq!(copy.observe(&set.db, seat), a.observe(&set.db, seat));
                for p in Player::BOTH {
                    for loc in [Loc::Graveyard, Loc::Energy, Loc::Remove] {
                        assert_eq!(defs(copy, p, loc), defs(&a, p, loc));
                    }
                }
                assert_eq!(
                    defs(copy, seat, Loc::Hand),
                    defs(&a, seat, Loc::Hand),
                    "the seat's own hand is seen"
                );
            }
            assert_ne!(
                hidden(&b, seat),
                hidden(&c, seat),
                "{}: seeds 1 and 2",
                set.id
            );
            assert_eq!(a.determinize(&set.db, seat, 1), b, "same seed, same copy");
        }
    }
}
