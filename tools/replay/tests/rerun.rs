//! Re-running a recorded game: identical, or the first divergence named exactly.

use dzero_cardpool::CardSet;
use dzero_core::{Action, Game};
use dzero_replay::{Divergence, Recorder, Replay};
use dzero_sim::{DeckFiles, PlayOptions, RandomPlayer, play_with};
use std::path::Path;

/// The d0-sample set and a recorded random game on its decks.
fn recorded(seed: u64) -> (CardSet, Replay) {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks");
    let files = [decks.join("赤緑.txt"), decks.join("黒白.txt")];
    let found = DeckFiles::resolve(&files, None).unwrap();
    let (set, lists) = found.load().unwrap();
    let game = Game::new(
        &set.db,
        found.rules,
        [&lists[0].cards, &lists[1].cards],
        seed,
    )
    .unwrap();
    let mut recorder = Recorder::new(
        &set,
        [0, 1].map(|i| (files[i].as_path(), lists[i].cards.as_slice())),
        seed,
        ["random".into(), "random".into()],
        &game,
    )
    .unwrap();
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1)];
    let out = play_with(
        &set.db,
        game,
        &mut players,
        PlayOptions::default(),
        &mut recorder,
    )
    .unwrap();
    let replay = recorder.finish(&out.game);
    (set, replay)
}

#[test]
fn an_unchanged_replay_reruns_to_the_same_result() {
    let (set, replay) = recorded(4);
    let game = replay.rerun(&set, &mut ()).unwrap();
    assert_eq!(game.result(), replay.result);
    assert!(replay.result.is_some());
    assert_eq!(replay.changed_files(&set).unwrap(), []);
    assert!(
        replay
            .files
            .iter()
            .any(|f| f.set == "d0-sample" && f.path == "cards/rulebook.toml")
    );
}

#[test]
fn a_tampered_hash_is_the_first_diverging_step() {
    let (set, mut replay) = recorded(4);
    replay.steps[9].hash = "0000000000000000".into();
    let seat = replay.steps[9].seat;
    assert_eq!(
        replay.rerun(&set, &mut ()).unwrap_err(),
        Divergence::State { step: 10, seat }
    );
}

#[test]
fn a_refused_action_is_named() {
    let (set, mut replay) = recorded(4);
    let i = replay
        .steps
        .iter()
        .position(|s| matches!(s.action, Action::Pass))
        .unwrap();
    replay.steps[i].action = Action::Mulligan(true);
    let Err(Divergence::Refused { step, seat, .. }) = replay.rerun(&set, &mut ()) else {
        panic!("not refused");
    };
    assert_eq!((step, seat), (i + 1, replay.steps[i].seat));
}

#[test]
fn another_decider_is_named() {
    let (set, mut replay) = recorded(4);
    let seat = replay.steps[0].seat;
    replay.steps[0].seat = seat.opponent();
    assert_eq!(
        replay.rerun(&set, &mut ()).unwrap_err(),
        Divergence::Decider {
            step: 1,
            recorded: seat.opponent(),
            now: Some(seat),
        }
    );
}

#[test]
fn a_game_that_no_longer_ends_and_a_changed_setup_are_named() {
    let (set, mut replay) = recorded(4);
    let steps = replay.steps.len() - 1;
    replay.steps.pop();
    assert_eq!(
        replay.rerun(&set, &mut ()).unwrap_err(),
        Divergence::NotOver { steps }
    );
    let (set, mut replay) = recorded(4);
    replay.setup = "0123456789abcdef".into();
    assert_eq!(
        replay.rerun(&set, &mut ()).unwrap_err(),
        Divergence::SetupState
    );
    replay.decks[0].cards[0] = "存在しないカード".into();
    assert!(matches!(
        replay.rerun(&set, &mut ()).unwrap_err(),
        Divergence::Setup(e) if e.ends_with("no card named 存在しないカード now")
    ));
}
