//! `dzero play --match` and `dzero replay` of a match file through the built program, a human
//! at a piped terminal against the AI (R2.4–R2.6, A26).

mod piped;

use dzero_core::{Action, GameResult, Pick, Player};
use dzero_replay::{MatchReplay, SwapNames};
use piped::{dzero, play_between};
use std::path::{Path, PathBuf};

/// The match seed: the human, always taking the first action, loses the first duel.
const SEED: &str = "5";

/// The d0-sample decks folder.
fn decks() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks")
}

/// `dzero play --match` of a human (P1) against greedy, saved to `file`, fed `keys`.
fn play(file: &Path, keys: &str) -> String {
    let out = play_between(
        &decks(),
        &[
            "--match",
            "--p1",
            "human",
            "--p2",
            "greedy",
            "--seed",
            SEED,
            "--save",
            file.to_str().unwrap(),
        ],
        keys,
    );
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

// R2.5, R2.6: between duels the human swaps (a refused swap changes nothing) and, having lost,
// chooses to play second; the saved match re-runs.
#[test]
fn r2_5_a_human_swaps_and_chooses_the_first_player_between_duels() {
    let dir = tempfile::tempdir().unwrap();
    // The first duel, its decisions all `1`: how many the human types (the terminal pays the
    // energy for them).
    let probe = dir.path().join("probe.json");
    play(&probe, &"1\n".repeat(3000));
    let first = &MatchReplay::read(&probe).unwrap().duels[0];
    assert_eq!(first.replay.result, Some(GameResult::Win(Player::Two)));
    let mine = first
        .replay
        .steps
        .iter()
        .filter(|s| s.seat == Player::One && s.action != Action::Pick(Pick::PayAuto))
        .count();
    let file = dir.path().join("match.json");
    let keys = format!(
        "{}h\ns 99 1\ns 1 1 5\nswap\ns 1 1\ndone\nx\ns\n{}",
        "1\n".repeat(mine),
        "1\n".repeat(3000)
    );
    let stdout = play(&file, &keys);
    for line in [
        "P1: before duel 2, swap cards between deck and sideboard (R2.5); h for help",
        "s D S N  swap N copies",
        "refused: `99` is not a deck entry from 1 to 15",
        "refused: no 「シングルモルト」 left in the deck to swap out (R2.5)",
        "`swap` is not a swap: type s D S [N], done, reset or h",
        "  1. 2 シングルモルト",
        "P1: you lost duel 1, so you choose who plays duel 2 first (R2.6)",
        "`x` is neither: type f or s",
        "duel 2: P2 goes first (chosen by P1)",
    ] {
        assert!(stdout.contains(line), "no line `{line}` in\n{stdout}");
    }
    let m = MatchReplay::read(&file).unwrap();
    assert_eq!(m.duels[0], *first);
    assert_eq!(
        m.duels[1].swaps,
        [
            SwapNames {
                out: vec!["シングルモルト".into()],
                into: vec!["ヒュドラランチャー".into()],
            },
            m.duels[1].swaps[1].clone()
        ]
    );
    assert_eq!(
        (m.duels[1].chose, m.duels[1].first),
        (Some(Player::One), Player::Two)
    );
    let rerun = dzero(&["replay", file.to_str().unwrap()], "");
    let text = String::from_utf8_lossy(&rerun.stdout);
    assert!(rerun.status.success(), "{text}");
    assert!(
        text.contains("duel 2: P2 goes first (chosen by P1); P1: out 1 シングルモルト; in 1 ヒュドラランチャー"),
        "{text}"
    );
    assert!(text.contains("match replay verified"), "{text}");
}

// A26: a single-duel rule set has no match; a tampered match file names its divergence.
#[test]
fn a26_single_duel_rules_are_refused_and_a_tampered_match_diverges() {
    let out = play_between(&decks(), &["--match", "--rules", "touhou-instant"], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "error: --match: rule set touhou-instant plays single duels without sideboards, so a \
         match is one duel (A26); drop --match, or play a best-of-three rule set (--rules \
         official)\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ai.json");
    let ai = play_between(
        &decks(),
        &[
            "--match",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "0",
            "--save",
            file.to_str().unwrap(),
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&ai.stdout);
    assert!(
        stdout.contains("match: P2 wins after 3 duels (R2.4)"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&ai.stderr)
    );
    let mut m = MatchReplay::read(&file).unwrap();
    m.duels[1].first = m.duels[1].first.opponent();
    m.write(&file).unwrap();
    let rerun = dzero(&["replay", file.to_str().unwrap()], "");
    let text = String::from_utf8_lossy(&rerun.stdout);
    assert!(!rerun.status.success());
    assert!(
        text.contains(
            "diverged: duel 2: the recording names P2 first, but the duel was played with P1 \
             first (R2.6, A26)"
        ),
        "{text}"
    );
}
