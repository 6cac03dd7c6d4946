//! Rule sets as data through the real binary: a 60-card fan variant validates, plays in
//! `dzero sim` and refuses 40-card decks with no code of its own; `--rules` takes a bundled
//! name or a file in `sim`, `play` and `test`, and bad files give located errors.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `dzero ARGS` run in the repository root: (success, stdout, stderr).
fn dzero(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const SIXTY: [&str; 4] = [
    "--deck",
    "cardpool/tests/sixty/decks/赤緑60.txt",
    "--deck",
    "cardpool/tests/sixty/decks/黒白60.txt",
];
const FORTY: [&str; 4] = [
    "--deck",
    "cardpool/sets/d0-sample/decks/赤緑.txt",
    "--deck",
    "cardpool/sets/d0-sample/decks/黒白.txt",
];

#[test]
fn a_sixty_card_variant_validates_and_plays() {
    let (ok, out, err) = dzero(&["validate", "cardpool/tests/sixty"]);
    assert!(ok, "{out}{err}");
    let mut args = vec!["sim", "--players", "greedy", "--games", "4", "--json"];
    args.extend(SIXTY);
    let (ok, out, err) = dzero(&args);
    assert!(ok, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["run"]["rules"], "sixty", "{report}");
    assert_eq!(report["all"]["games"], 4, "{report}");
    assert_eq!(report["all"]["unfinished"], 0, "{report}");
    // The scenarios of the variant set: its rule set, a scenario's own, a file by path.
    let (ok, out, _) = dzero(&["test", "cardpool/tests/sixty"]);
    assert!(
        ok && out.contains("3 scenarios: 3 passed, 0 failed"),
        "{out}"
    );
}

#[test]
fn rules_files_on_the_command_line() {
    // R2.1: d0-sample's 40-card decks under the variant's file are refused, naming its size.
    let mut args = vec![
        "sim",
        "--games",
        "2",
        "--rules",
        "cardpool/tests/sixty/sixty.toml",
    ];
    args.extend(FORTY);
    let (ok, _, err) = dzero(&args);
    assert!(!ok, "{err}");
    assert!(
        err.contains("the deck has 40 cards; the rule set `sixty` needs exactly 60 (R2.1)"),
        "{err}"
    );
    // Bundled names (touhou-instant's decks are touhou-sample's: one copy each, R18.1).
    for rules in ["official", "touhou"] {
        let mut args = vec!["sim", "--games", "2", "--rules", rules, "--json"];
        args.extend(FORTY);
        let (ok, out, err) = dzero(&args);
        assert!(ok, "{rules}: {err}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["run"]["rules"], rules, "{report}");
        assert_eq!(report["deck_pairings"][0]["games"], 2, "{report}");
    }
    // A bad file: the error names its file, line and column.
    let dir = std::env::temp_dir().join(format!("dzero-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(root().join("cardpool/rules/official.toml")).unwrap();
    std::fs::write(&bad, text.replace("size = 40", "size = 0")).unwrap();
    let mut args = vec!["sim", "--rules", bad.to_str().unwrap()];
    args.extend(FORTY);
    let (ok, _, err) = dzero(&args);
    assert!(!ok);
    assert!(
        err.contains(&format!(
            "{}:7:8: `deck.size` is 0; it must be from 1 to 1000",
            bad.display()
        )),
        "{err}"
    );
    // `dzero play` under a file: the replay records the whole rule set.
    let save = dir.join("game.json");
    let mut args = vec![
        "play",
        "--p1",
        "greedy",
        "--p2",
        "greedy",
        "--rules",
        "cardpool/rules/touhou.toml",
        "--save",
        save.to_str().unwrap(),
    ];
    args.extend(FORTY);
    let (ok, _, err) = dzero(&args);
    assert!(ok, "{err}");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(replay["version"], dzero_replay::FORMAT_VERSION);
    assert_eq!(replay["rules"]["name"], "touhou");
    assert_eq!(replay["rules"]["mulligan"], "second-player-once");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dzero_test_plays_scenarios_under_rules() {
    // RE1: 7 smash-zone cards lose under the set's official rules, not under `sixty`.
    let scenario = "cardpool/sets/d0-sample/tests/smash_loss_normal.toml";
    let (ok, out, _) = dzero(&["test", scenario]);
    assert!(ok, "{out}");
    let (ok, out, _) = dzero(&[
        "test",
        scenario,
        "--rules",
        "cardpool/tests/sixty/sixty.toml",
    ]);
    assert!(
        !ok && out.contains("1 scenario: 0 passed, 1 failed"),
        "{out}"
    );
    let (ok, _, err) = dzero(&["test", scenario, "--rules", "chess"]);
    assert!(!ok && err.contains("unknown rule set `chess`"), "{err}");
}

// R2.3, A26, R19.2: a deck list's sideboard is set aside under a rule set without sideboards,
// so d0-sample's lists (with sideboards) reach the dimension deck check of 次元戦, which names
// the set that has no list.
#[test]
fn a26_single_duel_rule_sets_set_a_sideboard_aside() {
    let mut args = vec!["sim", "--games", "2", "--rules", "dimension-war"];
    args.extend(FORTY);
    let (ok, _, err) = dzero(&args);
    assert!(!ok);
    assert!(
        err.contains("the set `d0-sample` has no dimension deck list") && err.contains("(R19.2)"),
        "{err}"
    );
    assert!(!err.contains("sideboard"), "{err}");
}
