//! The random players and announcements: in play they finish every announcement and let the
//! engine pay; the fuzzer's players also cancel and pay card by card, and the fuzzer counts it.

use dzero_core::{Action, Game, Pick, Player};
use dzero_sim::playout::player_seeds;
use dzero_sim::{PlayOptions, RandomPlayer, Watch, fuzz, load_all, play_with, start_set_duel};
use std::path::PathBuf;

fn d0() -> Vec<PathBuf> {
    vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample")]
}

/// Counts the picks taken, by kind.
#[derive(Default)]
struct Picks {
    all: u32,
    cancels: u32,
    card_payments: u32,
    auto_payments: u32,
}

impl Watch for Picks {
    fn before(&mut self, _game: &Game, _seat: Player, action: &Action) {
        if let Action::Pick(p) = action {
            self.all += 1;
            match p {
                Pick::Cancel => self.cancels += 1,
                Pick::PayCard(_) => self.card_payments += 1,
                Pick::PayAuto => self.auto_payments += 1,
                _ => {}
            }
        }
    }
}

/// The picks of a few games between random players made by `player`.
fn picks(player: fn(u64) -> RandomPlayer) -> Picks {
    let sets = load_all(&d0()).unwrap();
    let set = &sets[0];
    let decks = [&set.decks[0].cards[..], &set.decks[1].cards[..]];
    let mut picks = Picks::default();
    for seed in 0..4 {
        let game = start_set_duel(set, decks, seed).unwrap();
        let mut players = player_seeds(seed).map(player);
        let out = play_with(
            &set.db,
            game,
            &mut players,
            PlayOptions::default(),
            &mut picks,
        )
        .unwrap();
        assert!(out.result().is_some());
    }
    picks
}

#[test]
fn players_in_play_never_cancel_and_let_the_engine_pay() {
    let p = picks(RandomPlayer::new);
    assert!(p.auto_payments > 0, "no use was paid in four games");
    assert_eq!((p.cancels, p.card_payments), (0, 0));
}

#[test]
fn fuzzing_players_cancel_and_pay_card_by_card() {
    let p = picks(RandomPlayer::fuzzer);
    assert!(p.cancels > 0 && p.card_payments > 0, "{} picks", p.all);
}

#[test]
fn the_fuzzer_plays_cancels_and_card_payments_cleanly() {
    let r = fuzz(&d0(), 6, 5, 1).unwrap();
    assert_eq!(r.games, 6);
    assert!(r.clean(), "{:?}", r.failures);
    assert!(r.cancels > 0 && r.card_payments > 0, "{r:?}");
}
