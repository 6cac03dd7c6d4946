//! Replays of format version 2 hold compound actions (a whole play with its square, targets and
//! payment in one step): they still read and re-run with every hash checked, the core playing
//! each compound action as its small decisions (docs/replays.md).

use dzero_cardpool::load_set;
use dzero_core::{Action, GameResult, Player};
use dzero_replay::{Divergence, Replay};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A random game on d0-sample's decks (seed 3), recorded by dzero before plays were announced
/// and chosen piece by piece.
fn v2() -> Replay {
    Replay::read(&root().join("tools/replay/tests/data/v2_random.json")).unwrap()
}

fn rerun(replay: &Replay) -> Result<dzero_core::Game, Divergence> {
    let set = load_set(&root().join("cardpool/sets/d0-sample"))
        .set
        .unwrap();
    replay.rerun(&set, &mut ())
}

#[test]
fn a_version_2_replay_of_compound_actions_reruns_with_its_hashes_checked() {
    let replay = v2();
    assert_eq!(replay.version, 2);
    assert_eq!(replay.steps.len(), 372);
    let compound = |a: &Action| {
        matches!(
            a,
            Action::Play { .. } | Action::Move { .. } | Action::CreatePlan { .. }
        )
    };
    assert!(replay.steps.iter().any(|s| compound(&s.action)));
    assert!(
        replay
            .steps
            .iter()
            .all(|s| !matches!(s.action, Action::Announce(_) | Action::Pick(_)))
    );
    let targeted = replay.steps.iter().any(
        |s| matches!(&s.action, Action::Play { targets, .. } if !targets.as_slice().is_empty()),
    );
    assert!(targeted, "the file has a play with targets");
    let game = rerun(&replay).unwrap();
    assert_eq!(game.result(), Some(GameResult::Win(Player::Two)));
    assert_eq!(replay.result, game.result());
    let mut tampered = replay.clone();
    let play = tampered
        .steps
        .iter()
        .position(|s| compound(&s.action))
        .unwrap();
    tampered.steps[play].hash = "0000000000000000".into();
    assert_eq!(
        rerun(&tampered).unwrap_err().step(),
        play + 1,
        "the hash after a compound action is checked"
    );
}
