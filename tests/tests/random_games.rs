//! Random games from the listed legal actions: no panic, no refused action, every card in
//! exactly one zone at every step; determinism and serialization.

use dzero_core::{CardDb, CardId, Game, Loc, Player, RandomPlayer, RuleSet, Zone, fixtures};
use proptest::prelude::*;

const ZONES: [Zone; 8] = [
    Zone::Deck,
    Zone::Hand,
    Zone::Graveyard,
    Zone::Energy,
    Zone::Smash,
    Zone::Remove,
    Zone::Field,
    Zone::Stack,
];

/// Every card is in exactly one zone, the zone its location names, and each player owns 40.
fn check_zones(g: &Game) -> Result<(), String> {
    let mut seen = vec![0u8; g.card_count()];
    for p in Player::BOTH {
        let mut owned = 0;
        for z in ZONES {
            for c in g.zone(p, z) {
                seen[c.index()] += 1;
                owned += 1;
                let loc = g.location(c).ok_or("bad id")?;
                if loc.zone() != z {
                    return Err(format!("{c:?} listed in {z:?} but located at {loc:?}"));
                }
                if g.card_state(c).map(|s| s.owner) != Some(p) {
                    return Err(format!(
                        "{c:?} in {p}'s {z:?} but owned by the other player"
                    ));
                }
            }
        }
        if owned != 40 {
            return Err(format!("{p} has {owned} cards in zones, not 40"));
        }
    }
    if let Some(i) = seen.iter().position(|&n| n != 1) {
        return Err(format!("card {i} is in {} zones", seen[i]));
    }
    let on_field = g.field().len();
    let located = (0..g.card_count())
        .filter(|&i| matches!(g.location(CardId(i as u16)), Some(Loc::Square(_))))
        .count();
    if on_field != located {
        return Err(format!(
            "field lists {on_field} cards, {located} are in squares"
        ));
    }
    Ok(())
}

/// Plays one game; returns the final state and the number of actions.
fn play(db: &CardDb, seed: u64, rules: RuleSet, check: bool) -> Result<(Game, u32), String> {
    let red = fixtures::deck_red(db);
    let blue = fixtures::deck_blue(db);
    let mut g = Game::new(db, rules, [&red, &blue], seed).map_err(|e| e.to_string())?;
    let mut players = [
        RandomPlayer::new(seed.wrapping_mul(3)),
        RandomPlayer::new(seed.wrapping_mul(7) + 1),
    ];
    let mut n = 0;
    while let Some(p) = g.decision().player() {
        let a = players[p.index()]
            .choose(&g, db)
            .ok_or("no legal action listed")?;
        g.apply(db, a.clone())
            .map_err(|e| format!("seed {seed}: listed action {a:?} refused: {e}"))?;
        n += 1;
        if check {
            check_zones(&g).map_err(|e| format!("seed {seed} after {a:?}: {e}"))?;
        }
        if n > 20_000 {
            return Err(format!("seed {seed}: no result after {n} actions"));
        }
    }
    Ok((g, n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // Thousands of seeded random games finish without panic or error, zones intact at every step.
    #[test]
    fn random_games_keep_every_card_in_one_zone(seed in any::<u64>()) {
        let db = fixtures::card_db();
        let (g, _) = play(&db, seed, RuleSet::OFFICIAL, true).map_err(TestCaseError::fail)?;
        prop_assert!(g.result().is_some());
        prop_assert!(g.effect_errors().is_empty());
    }
}

#[test]
fn touhou_rules_with_mulligan_play_out() {
    let db = fixtures::card_db();
    for seed in 0..100 {
        let (g, _) = play(&db, seed, RuleSet::TOUHOU, true).unwrap();
        assert!(g.result().is_some());
    }
}

// Determinism: same seed + same decisions ⇒ byte-identical state.
#[test]
fn same_seed_same_game_byte_for_byte() {
    let db = fixtures::card_db();
    for seed in [1, 2, 3, 99] {
        let (a, na) = play(&db, seed, RuleSet::OFFICIAL, false).unwrap();
        let (b, nb) = play(&db, seed, RuleSet::OFFICIAL, false).unwrap();
        assert_eq!(na, nb);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
}

// State serializes and deserializes mid-game; the restored game continues identically.
#[test]
fn state_round_trips_through_serde_mid_game() {
    let db = fixtures::card_db();
    let red = fixtures::deck_red(&db);
    let blue = fixtures::deck_blue(&db);
    let mut g = Game::new(&db, RuleSet::OFFICIAL, [&red, &blue], 5).unwrap();
    let mut players = [RandomPlayer::new(11), RandomPlayer::new(12)];
    for _ in 0..150 {
        let Some(p) = g.decision().player() else {
            break;
        };
        let a = players[p.index()].choose(&g, &db).unwrap();
        g.apply(&db, a).unwrap();
    }
    let json = serde_json::to_string(&g).unwrap();
    let mut restored: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(restored, g);
    let mut pa = [RandomPlayer::new(21), RandomPlayer::new(22)];
    let mut pb = [RandomPlayer::new(21), RandomPlayer::new(22)];
    while let Some(p) = g.decision().player() {
        let a = pa[p.index()].choose(&g, &db).unwrap();
        let b = pb[p.index()].choose(&restored, &db).unwrap();
        assert_eq!(a, b);
        g.apply(&db, a).unwrap();
        restored.apply(&db, b).unwrap();
    }
    assert_eq!(g, restored);
}
