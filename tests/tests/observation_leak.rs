//! Per-seat views leak no hidden card: two duels that differ only in what one seat may
//! not see (the opponent's hand, deck order and contents, face-down smash cards and their order)
//! look the same to it, byte for byte — state, waiting triggers, events and the seat's legal
//! actions — through random play; public differences do show, and so does a planted leak.

use dzero_core::{
    Action, CardDb, CardId, Event, Game, Loc, Payment, Player, RuleSet, SeenEvent, Zone,
};
use dzero_fixtures as fixtures;
use dzero_sim::{Chooser, RandomPlayer, SeatView};
use serde_json::Value;

/// A fixture duel after `steps` random actions (fewer if it ended).
fn played(db: &CardDb, seed: u64, steps: u32) -> (Game, [RandomPlayer; 2]) {
    let red = fixtures::deck_red(db);
    let blue = fixtures::deck_blue(db);
    let mut g = Game::new(db, RuleSet::OFFICIAL, [&red, &blue], seed).unwrap();
    let mut players = [RandomPlayer::new(seed * 2), RandomPlayer::new(seed * 2 + 1)];
    for _ in 0..steps {
        let Some(p) = g.decision().player() else {
            break;
        };
        let a = players[p.index()]
            .choose(&SeatView::new(&g, db, p))
            .unwrap();
        g.apply(db, a).unwrap();
    }
    (g, players)
}

/// The ids of `owner`'s cards that `seat` may not see; with `deep`, only the bottom half of the
/// deck and the smash zone (cards that stay hidden for several turns).
fn hidden_cards(g: &Game, seat: Player, owner: Player, deep: bool) -> Vec<CardId> {
    let deck = g.zone(owner, Zone::Deck);
    let bottom = if deep { deck.len() / 2 } else { deck.len() };
    let hand = if deep {
        Vec::new()
    } else {
        g.zone(owner, Zone::Hand)
    };
    deck[..bottom]
        .iter()
        .copied()
        .chain(hand)
        .chain(g.zone(owner, Zone::Smash))
        .filter(|&c| !g.visible_to(seat, c))
        .collect()
}

/// The same duel with cards hidden from `seat` changed: each owner's hidden cards pass their
/// definitions round (a permutation, so the deck lists stay legal), the decks (their bottom
/// half with `deep`) and the opponent's hand are reversed, and so are the released and the
/// frozen smash cards among themselves (the seat sees which places are frozen, not which card
/// is where). Only hidden information differs; card ids at hidden places do.
fn perturb(g: &Game, db: &CardDb, seat: Player, deep: bool) -> Game {
    let mut json = serde_json::to_value(g).unwrap();
    for owner in Player::BOTH {
        let hidden = hidden_cards(g, seat, owner, deep);
        let defs: Vec<Value> = hidden
            .iter()
            .map(|c| json["cards"][c.index()]["def"].clone())
            .collect();
        for (i, c) in hidden.iter().enumerate() {
            json["cards"][c.index()]["def"] = defs[(i + 1) % defs.len()].clone();
        }
        let zones = &mut json["zones"][owner.index()];
        let planned = !zones["plan"].is_null();
        let deck = zones["deck"].as_array_mut().unwrap();
        let below = if deep {
            deck.len() / 2
        } else {
            deck.len() - usize::from(planned)
        };
        deck[..below].reverse();
        if owner != seat && !deep {
            zones["hand"].as_array_mut().unwrap().reverse();
        }
        let smash = g.zone(owner, Zone::Smash);
        for frozen in [false, true] {
            let places: Vec<usize> = (0..smash.len())
                .filter(|&i| json["cards"][smash[i].index()]["frozen"] == frozen)
                .collect();
            let zone = json["zones"][owner.index()]["smash"]
                .as_array_mut()
                .unwrap();
            let cards: Vec<Value> = places.iter().map(|&i| zone[i].clone()).collect();
            for (&i, c) in places.iter().zip(cards.into_iter().rev()) {
                zone[i] = c;
            }
        }
    }
    let mut b: Game = serde_json::from_value(json).unwrap();
    b.refresh_abilities(db);
    b
}

/// Whether some card differing between the two duels is visible to `seat` in either.
fn differs_visibly(a: &Game, b: &Game, seat: Player) -> bool {
    let (ja, jb) = (
        serde_json::to_value(a).unwrap(),
        serde_json::to_value(b).unwrap(),
    );
    let (ca, cb) = (
        ja["cards"].as_array().unwrap(),
        jb["cards"].as_array().unwrap(),
    );
    (0..ca.len()).any(|i| {
        let id = CardId(i as u16);
        ca[i] != cb[i] && (a.visible_to(seat, id) || b.visible_to(seat, id))
    })
}

/// `seat`'s serialized view of the duel, of the last action's events and of its legal actions.
fn seen(g: &Game, db: &CardDb, seat: Player) -> String {
    let obs = serde_json::to_string(&g.observe(db, seat)).unwrap();
    let events = serde_json::to_string(&g.observe_events(seat)).unwrap();
    let mut actions = Vec::new();
    g.seat_actions(db, seat, &mut actions);
    let actions = serde_json::to_string(&actions).unwrap();
    format!("{obs}\n{events}\n{actions}")
}

/// A payment with all of `seat`'s smash cards (R12.7: they pay colourless energy), by id when
/// `leak`, else as the seat is given them.
fn smash_payment(g: &Game, seat: Player, leak: bool) -> Action {
    let cards = g.zone(seat, Zone::Smash);
    let cards = match leak {
        true => cards,
        false => cards.into_iter().map(|c| g.card_for(seat, c)).collect(),
    };
    Action::CreatePlan {
        payment: Payment::Cards(cards),
    }
}

/// Plays `a` on with random actions and mirrors them on `b` while nothing that differs between
/// them is visible to `seat`, asserting the seat's views are identical; returns the actions
/// compared and the turns they spanned.
fn compare(
    db: &CardDb,
    seat: Player,
    mut a: Game,
    mut b: Game,
    players: &mut [RandomPlayer; 2],
) -> (u32, u32) {
    let mut compared = 0;
    let turn = a.turn();
    for _ in 0..400 {
        assert_eq!(
            seen(&a, db, seat),
            seen(&b, db, seat),
            "seat {seat} after {compared} actions"
        );
        compared += 1;
        let Some(p) = a.decision().player() else {
            break;
        };
        let action = players[p.index()]
            .choose(&SeatView::new(&a, db, p))
            .unwrap();
        a.apply(db, action.clone()).unwrap();
        if b.apply(db, action).is_err() || differs_visibly(&a, &b, seat) {
            break;
        }
    }
    (compared, a.turn() - turn)
}

// R1.5, R1.6, A29: the deck is face down (count only), the smash zone is face down to both
// players, the opponent's hand is hidden; hidden cards carry no id to correlate later.
#[test]
fn hidden_cards_do_not_leak_through_views_or_events() {
    let db = fixtures::card_db();
    let (mut total, mut with_smash, mut long_runs) = (0, 0, 0);
    for seed in 1..=12u64 {
        for steps in [0, 40, 120, 250] {
            for seat in Player::BOTH {
                for deep in [false, true] {
                    let (a, mut players) = played(&db, seed, steps);
                    if a.decision().player().is_none() {
                        continue;
                    }
                    let b = perturb(&a, &db, seat, deep);
                    assert_ne!(
                        serde_json::to_string(&a).unwrap(),
                        serde_json::to_string(&b).unwrap(),
                        "the perturbation changes hidden cards"
                    );
                    if Player::BOTH
                        .iter()
                        .any(|&p| a.zone_len(p, Zone::Smash) >= 2)
                    {
                        with_smash += 1;
                    }
                    let (compared, turns) = compare(&db, seat, a, b, &mut players);
                    total += compared;
                    if turns >= 3 {
                        long_runs += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{total} actions compared, {with_smash} runs with smash cards, {long_runs} runs of 3+ turns"
    );
    assert!(
        with_smash >= 10,
        "smash zones were perturbed in {with_smash} runs"
    );
    assert!(long_runs >= 40, "only {long_runs} runs spanned 3 turns");
    assert!(total >= 8000, "only {total} actions compared");
}

// R1.6: a public difference (a face-up card, the seat's own hand) shows in the seat's view.
#[test]
fn public_differences_show() {
    let db = fixtures::card_db();
    let (a, _) = played(&db, 3, 30);
    let seat = Player::BOTH
        .into_iter()
        .find(|&p| a.zone_len(p, Zone::Hand) > 0)
        .unwrap();
    let swap_defs = |x: CardId, y: CardId| {
        let mut json = serde_json::to_value(&a).unwrap();
        let dx = json["cards"][x.index()]["def"].clone();
        json["cards"][x.index()]["def"] = json["cards"][y.index()]["def"].clone();
        json["cards"][y.index()]["def"] = dx;
        let mut b: Game = serde_json::from_value(json).unwrap();
        b.refresh_abilities(&db);
        b
    };
    let hand = a.zone(seat, Zone::Hand);
    let deck = a.zone(seat, Zone::Deck);
    let json = serde_json::to_value(&a).unwrap();
    let def = |c: CardId| json["cards"][c.index()]["def"].clone();
    let h = hand[0];
    let d = *deck
        .iter()
        .find(|&&d| def(d) != def(h))
        .expect("the deck holds another card than the hand's first");
    let b = swap_defs(h, d);
    assert_ne!(
        seen(&a, &db, seat),
        seen(&b, &db, seat),
        "own hand shows (A29)"
    );
    assert_eq!(
        seen(&a, &db, seat.opponent()),
        seen(&b, &db, seat.opponent()),
        "the opponent sees neither hand nor deck"
    );
    let obs = a.observe(&db, seat);
    let me = &obs.players[seat.index()];
    let them = &obs.players[seat.opponent().index()];
    assert_eq!(me.hand.as_ref().map(Vec::len), Some(hand.len()));
    assert_eq!(them.hand, None);
    assert_eq!(them.hand_count, a.zone_len(seat.opponent(), Zone::Hand));
    assert_eq!(me.deck, a.zone_len(seat, Zone::Deck));
    assert_eq!(obs.field.len(), a.field().len());
    for (seen, &id) in obs.field.iter().zip(a.field()) {
        assert_eq!(seen.id, id);
        assert!(seen.stats.is_some(), "cards in squares show their values");
    }
}

// R1.6, A29: the opponent "draws a card", not which; face-down moves (deck to smash zone) show
// no identity; the seat's own draws and public moves show in full.
#[test]
fn events_are_filtered_per_seat() {
    let db = fixtures::card_db();
    let (mut g, mut players) = played(&db, 5, 0);
    let (mut own_draws, mut their_draws, mut to_smash) = (0, 0, 0);
    while let Some(p) = g.decision().player() {
        let a = players[p.index()]
            .choose(&SeatView::new(&g, &db, p))
            .unwrap();
        g.apply(&db, a).unwrap();
        for seat in Player::BOTH {
            for e in g.events() {
                let seen = g.observe_event(seat, e);
                match *e {
                    Event::Drew { player, .. } if player == seat => {
                        own_draws += 1;
                        assert_eq!(seen, SeenEvent::Shown(*e));
                    }
                    Event::Drew { player, .. } => {
                        their_draws += 1;
                        assert_eq!(seen, SeenEvent::Drew { player });
                    }
                    Event::Moved {
                        card,
                        from,
                        to,
                        arrival,
                    } if from == dzero_core::Loc::Deck
                        && to == dzero_core::Loc::Smash
                        && arrival.from != Zone::Plan
                        && !g.visible_to(seat, card) =>
                    {
                        to_smash += 1;
                        assert!(matches!(seen, SeenEvent::Moved { .. }), "{seen:?}");
                    }
                    Event::Moved { to, .. } if to.square().is_some() => {
                        assert_eq!(seen, SeenEvent::Shown(*e));
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        own_draws > 5 && their_draws > 5 && to_smash > 0,
        "{own_draws} {their_draws} {to_smash}"
    );
}

// R1.6, R12.7: smash cards pay colourless energy, face down. Named by id in what a seat is given,
// they would tell it which card lies where (ids follow deck-list order): the comparison above
// catches such a planted leak, while the same payment named by place is identical and is
// accepted by `Game::apply` as the cards at those places.
#[test]
fn a_planted_leak_is_caught_and_places_are_accepted() {
    let db = fixtures::card_db();
    let mut caught = 0;
    for seed in 1..=12u64 {
        let (a, _) = played(&db, seed, 250);
        for seat in Player::BOTH {
            if a.zone_len(seat, Zone::Smash) < 3 || a.decision().player().is_none() {
                continue;
            }
            let b = perturb(&a, &db, seat, true);
            let show = |g: &Game, leak: bool| {
                let payment = serde_json::to_string(&smash_payment(g, seat, leak)).unwrap();
                format!("{}\n{payment}", seen(g, &db, seat))
            };
            assert_eq!(show(&a, false), show(&b, false), "seed {seed} {seat}");
            if show(&a, true) != show(&b, true) {
                caught += 1;
            }
            // A place is read back as the card there.
            let smash = a.zone(seat, Zone::Smash);
            for (i, &c) in smash.iter().enumerate() {
                let place = CardId::at_place(seat, Loc::Smash, i).unwrap();
                assert_eq!(a.card_for(seat, c), place);
                assert_eq!(a.card_at(place), Some(c));
            }
            assert_eq!(
                a.card_at(CardId::at_place(seat, Loc::Smash, smash.len()).unwrap()),
                None
            );
        }
    }
    assert!(caught >= 3, "the planted leak was caught {caught} times");
}

// R1.6: the seat's legal actions name hidden cards by place, and applying them plays the same
// game as the engine's own actions (determinism unchanged).
#[test]
fn seat_actions_play_the_same_game() {
    let db = fixtures::card_db();
    for seed in 1..=4u64 {
        let (mut g, _) = played(&db, seed, 0);
        let mut h = g.clone();
        let mut rng = seed;
        let (mut own, mut seat) = (Vec::new(), Vec::new());
        for _ in 0..600 {
            let Some(p) = g.decision().player() else {
                break;
            };
            g.legal_actions(&db, &mut own);
            h.seat_actions(&db, p, &mut seat);
            assert_eq!(own.len(), seat.len());
            let mut other = Vec::new();
            h.seat_actions(&db, p.opponent(), &mut other);
            assert!(other.is_empty(), "only the deciding seat is given actions");
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let i = (rng >> 33) as usize % own.len();
            g.apply(&db, own[i].clone()).unwrap();
            h.apply(&db, seat[i].clone()).unwrap();
            assert_eq!(
                serde_json::to_string(&g).unwrap(),
                serde_json::to_string(&h).unwrap()
            );
        }
    }
}

// R17.2, R17.12: triggered abilities waiting for the next priority are shown with their
// controller; the card and ability only when the seat may see the card (R1.6).
#[test]
fn waiting_triggers_are_observed() {
    let db = fixtures::card_db();
    let mut seen_waiting = 0;
    for seed in 1..=40u64 {
        let (mut g, _) = played(&db, seed, 0);
        let mut players = [
            RandomPlayer::fuzzer(seed * 2),
            RandomPlayer::fuzzer(seed * 2 + 1),
        ];
        while let Some(p) = g.decision().player() {
            for seat in Player::BOTH {
                for w in g.observe(&db, seat).waiting {
                    seen_waiting += 1;
                    match w.card {
                        Some(c) => {
                            assert!(g.visible_to(seat, c));
                            assert!(w.ability.is_some());
                            assert_eq!(g.view(&db).controller(c), w.controller);
                        }
                        None => assert_eq!(w.ability, None),
                    }
                }
            }
            let a = players[p.index()]
                .choose(&SeatView::new(&g, &db, p))
                .unwrap();
            g.apply(&db, a).unwrap();
        }
    }
    assert!(seen_waiting > 0, "no waiting trigger was observed");
}
