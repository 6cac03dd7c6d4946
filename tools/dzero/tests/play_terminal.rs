//! `dzero play` through the built program, both seats humans at one piped terminal: a unit is
//! played by choosing the card, then the square; an announcement withdrawn leaves the board as
//! it was; the energy is paid automatically, or card by card after `N p`. Each run is fed the
//! keys the previous runs' output called for (the same seed and keys give the same game).

mod piped;

use dzero_core::{Action, Pick, Use};
use dzero_replay::Replay;
use piped::play_between;
use std::path::{Path, PathBuf};

/// The seed: P1 goes first.
const SEED: &str = "1";

/// The keys to P1's first main phase: P1 puts its third hand card into the energy zone (a
/// green one: then it may play a unit).
const TO_MAIN: &str = "4\n";

/// The d0-sample decks folder.
fn decks() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/d0-sample/decks")
}

/// `dzero play` between two humans fed `keys` (input ending there quits): its output and the
/// replay saved in `dir`.
fn play(dir: &Path, keys: &str) -> (String, Replay) {
    let file = dir.join("game.json");
    let out = play_between(
        &decks(),
        &[
            "--p1",
            "human",
            "--p2",
            "human",
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
    (stdout, Replay::read(&file).unwrap())
}

/// The last prompt in `stdout`: the board (or, choosing a piece of an announcement, the
/// announcement so far), the decision and its options.
fn last_prompt(stdout: &str) -> &str {
    let board = stdout.rfind("\nTurn ").expect("a board");
    let piece = stdout.rfind("\nannouncing: ").unwrap_or(0);
    &stdout[board.max(piece)..]
}

/// The numbered options of the last prompt in `stdout`: number and label.
fn last_options(stdout: &str) -> Vec<(usize, String)> {
    last_prompt(stdout)
        .lines()
        .filter_map(|l| {
            let (n, label) = l.trim().split_once(". ")?;
            Some((n.parse().ok()?, label.to_string()))
        })
        .collect()
}

/// The number of the last prompt's option whose label starts with `start`.
fn number(stdout: &str, start: &str) -> usize {
    last_options(stdout)
        .into_iter()
        .find(|(_, l)| l.starts_with(start))
        .unwrap_or_else(|| panic!("no option `{start}…` in\n{stdout}"))
        .0
}

/// The number of the first unit P1 may play in its first main phase (its announcement asks
/// a square next).
fn first_unit(dir: &Path) -> usize {
    let (stdout, _) = play(dir, TO_MAIN);
    assert!(
        last_prompt(&stdout).contains("P1 holds priority"),
        "{stdout}"
    );
    for (n, label) in last_options(&stdout) {
        if !label.starts_with("play ") {
            continue;
        }
        let (next, _) = play(dir, &format!("{TO_MAIN}{n}\n"));
        if last_prompt(&next).contains("P1 chooses a square") {
            return n;
        }
    }
    panic!("no unit to play in\n{stdout}");
}

/// The steps of `replay` from the first announcement on.
fn from_announce(replay: &Replay) -> Vec<Action> {
    replay
        .steps
        .iter()
        .map(|s| s.action.clone())
        .skip_while(|a| !matches!(a, Action::Announce(_)))
        .collect()
}

#[test]
fn a_unit_is_played_by_choosing_the_card_then_the_square() {
    let dir = tempfile::tempdir().unwrap();
    let n = first_unit(dir.path());
    let (stdout, _) = play(dir.path(), &format!("{TO_MAIN}{n}\n"));
    let prompt = last_prompt(&stdout);
    assert!(prompt.contains("\nannouncing: play "), "{prompt}");
    assert!(prompt.contains("\n  c. cancel\n"), "{prompt}");
    let square = number(&stdout, "choose ");
    let (stdout, replay) = play(dir.path(), &format!("{TO_MAIN}{n}\n{square}\n"));
    let steps = from_announce(&replay);
    let [
        Action::Announce(Use::Play { card, .. }),
        Action::Pick(Pick::Square(_)),
        Action::Pick(Pick::PayAuto),
    ] = steps.as_slice()
    else {
        panic!("{steps:?}\n{stdout}");
    };
    assert!(
        stdout.contains("P1 pays the energy automatically\n"),
        "{stdout}"
    );
    // The unit is played: on the stack, P1 holding priority again.
    let prompt = last_prompt(&stdout);
    assert!(
        prompt.contains(&format!("\nstack: Play 小さなカマキリ#{} (P1)\n", card.0)),
        "{prompt}"
    );
    assert!(prompt.contains("\nP1 holds priority\n"), "{prompt}");
}

#[test]
fn an_announcement_cancelled_leaves_the_board_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let n = first_unit(dir.path());
    let (stdout, replay) = play(dir.path(), &format!("{TO_MAIN}{n}\ncancel\n"));
    let steps = from_announce(&replay);
    assert!(matches!(
        steps.as_slice(),
        [Action::Announce(_), Action::Pick(Pick::Cancel)]
    ));
    // The board and the options shown after cancelling are those shown before announcing.
    let boards: Vec<&str> = stdout.split("\nTurn ").collect();
    let [.., before, after] = boards.as_slice() else {
        panic!("{stdout}");
    };
    assert!(before.contains("\nP1 chooses a square\n"), "{before}");
    let shown = |b: &str| {
        b.lines()
            .take_while(|l| !l.starts_with("P1 ("))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(before), shown(after));
    assert!(
        shown(before).contains(&"P1 holds priority".to_string()),
        "{before}"
    );
}

#[test]
fn n_p_pays_the_energy_by_choosing_the_cards() {
    let dir = tempfile::tempdir().unwrap();
    let n = first_unit(dir.path());
    let (stdout, _) = play(dir.path(), &format!("{TO_MAIN}{n} p\n"));
    let square = number(&stdout, "choose ");
    let mut keys = format!("{TO_MAIN}{n} p\n{square}\n");
    let (mut stdout, _) = play(dir.path(), &keys);
    assert!(
        !stdout.contains("P1 pays the energy automatically"),
        "{stdout}"
    );
    // One energy card at a time until the play commits.
    let mut paid = 0;
    while last_prompt(&stdout).contains("\nP1 chooses how to pay the energy\n") {
        assert!(paid < 10, "{stdout}");
        let k = number(&stdout, "freeze ");
        keys.push_str(&format!("{k}\n"));
        paid += 1;
        stdout = play(dir.path(), &keys).0;
    }
    assert!(paid > 0, "no payment asked:\n{stdout}");
    let (stdout, replay) = play(dir.path(), &keys);
    let steps = from_announce(&replay);
    let picked: Vec<&Action> = steps[2..].iter().collect();
    assert_eq!(picked.len(), paid, "{steps:?}");
    assert!(
        picked
            .iter()
            .all(|a| matches!(a, Action::Pick(Pick::PayCard(_)))),
        "{steps:?}"
    );
    let prompt = last_prompt(&stdout);
    assert!(prompt.contains("\nstack: Play "), "{prompt}");
    assert!(prompt.contains("energy 1(1F)"), "{prompt}");
}
