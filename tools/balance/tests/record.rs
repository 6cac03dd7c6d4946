//! What one game counts: every card that ends in a hand was counted as drawn, every card its
//! owner played that is still in a square as the object it played counted as played, and the
//! extra watch of `play_game` sees every action; the same seating plays the same game.

use dzero_ai::PlayerSpec;
use dzero_balance::{World, pairings, play_game, seating};
use dzero_core::{Action, Game, Player, Zone};
use dzero_sim::{DeckFiles, Watch};
use std::path::{Path, PathBuf};

/// The players of these tests (one constant, so the AI players can be switched in).
const PLAYERS: &str = "random";

fn decks(set: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../cardpool/sets")
        .join(set)
        .join("decks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// Counts the steps it is shown.
#[derive(Default)]
struct Steps {
    before: u32,
    after: u32,
}

impl Watch for Steps {
    fn before(&mut self, _: &Game, _: Player, _: &Action) {
        self.before += 1;
    }

    fn after(&mut self, _: &Game) {
        self.after += 1;
    }
}

/// Records the final state of the game it watches.
struct Last(Option<Game>);

impl Watch for Last {
    fn after(&mut self, game: &Game) {
        self.0 = Some(game.clone());
    }
}

#[test]
fn hands_are_drawn_cards_and_the_extra_watch_sees_every_action() {
    let spec: PlayerSpec = PLAYERS.parse().unwrap();
    for set in ["d0-sample", "touhou-sample"] {
        let files = DeckFiles::resolve(&decks(set), None).unwrap();
        let world = World::load(&files).unwrap();
        let pairs = pairings(world.decks.len());
        for k in 0..12 {
            let seat = seating(k, &pairs, 1, 3);
            let mut steps = Steps::default();
            let record =
                play_game(&world, &seat, &[spec], files.rules, 20_000, &mut steps).unwrap();
            assert_eq!(
                (steps.before, steps.after),
                (record.actions, record.actions)
            );
            let mut last = Last(None);
            let again = play_game(&world, &seat, &[spec], files.rules, 20_000, &mut last).unwrap();
            assert_eq!(
                again, record,
                "{set} game {k}: the same seed plays the same game"
            );
            let end = last.0.unwrap();
            assert_eq!(end.result(), record.result);
            for p in Player::BOTH {
                for c in end.zone(p, Zone::Hand) {
                    let def = end.card_state(c).unwrap().def;
                    assert!(
                        record.drawn[p.index()].contains(&def),
                        "{set} game {k}: {def:?}"
                    );
                }
                for c in end.zone(p, Zone::Field) {
                    let s = end.card_state(c).unwrap();
                    if s.played.is_some() {
                        assert!(record.played[p.index()].contains(&s.def), "{set} game {k}");
                    }
                }
            }
            assert!(record.result.is_some(), "{set} game {k} ended");
            assert!(record.turns >= 2);
        }
    }
}
