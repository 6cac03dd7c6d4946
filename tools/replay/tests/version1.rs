//! Replays of format version 1 (the rule set named by kind, state hashes taken over that
//! encoding) still read and re-run with every hash checked, their compound actions played as
//! small decisions; later versions record the whole rule set (docs/replays.md).

use dzero_cardpool::{CardSet, load_set};
use dzero_core::{GameResult, Player, RuleSet};
use dzero_replay::{Divergence, FORMAT_VERSION, Replay};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A greedy game on d0-sample's decks (seed 7), recorded by dzero before rule sets were data.
fn v1() -> Replay {
    Replay::read(&root().join("tools/replay/tests/data/v1_official.json")).unwrap()
}

fn d0_sample() -> CardSet {
    load_set(&root().join("cardpool/sets/d0-sample"))
        .set
        .unwrap()
}

#[test]
fn a_version_1_replay_reads_as_its_bundled_rule_set() {
    let replay = v1();
    assert_eq!(replay.version, 1);
    assert_eq!(replay.rules, RuleSet::OFFICIAL);
    assert_eq!(replay.steps.len(), 158);
}

#[test]
fn a_version_1_replay_reruns_with_its_hashes_checked() {
    let replay = v1();
    let game = d0_sample_rerun(&replay).unwrap();
    assert_eq!(game.result(), Some(GameResult::Win(Player::Two)));
    assert_eq!(replay.result, game.result());
    let mut tampered = replay.clone();
    tampered.steps[9].hash = "0000000000000000".into();
    assert!(matches!(
        d0_sample_rerun(&tampered),
        Err(Divergence::State { step: 10, .. })
    ));
}

fn d0_sample_rerun(replay: &Replay) -> Result<dzero_core::Game, Divergence> {
    replay.rerun(&d0_sample(), &mut ())
}

#[test]
fn the_current_version_writes_the_whole_rule_set_and_reads_it_back() {
    let mut replay = v1();
    replay.version = FORMAT_VERSION;
    let json = replay.to_json();
    assert!(json.contains("\"name\": \"official\""), "{json}");
    assert!(json.contains("\"opening_hand\": 5"), "{json}");
    assert_eq!(Replay::parse(Path::new("r.json"), &json).unwrap(), replay);
    // Its hashes are version 1's: as a file of the current version they no longer match.
    assert!(matches!(
        d0_sample_rerun(&replay),
        Err(Divergence::SetupState)
    ));
}
