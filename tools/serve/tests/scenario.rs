//! The scenario page's protocol: the lobby lists the served sets' scenario files and only
//! those open; a run comes back as the board after the setup and each step, each seat's own
//! view, with the failing expectation located or the problems of an invalid file.

mod common;

use dzero_fixtures::step_headers;

use common::{Client, sets, start, start_with};
use dzero_core::Player;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::scenario_view::{FailureView, FindingView, ScenarioFile, ScenarioView};
use std::path::{Path, PathBuf};

/// The bundled scenario every test opens.
const ROAR: &str = "d0-sample/tests/battle_roar.toml";

/// Connects and skips the lobby.
async fn page(url: &str) -> Client {
    let mut c = Client::connect(url).await;
    let ServerMsg::Lobby { .. } = c.recv().await else {
        panic!("the lobby comes first");
    };
    c
}

async fn list(c: &mut Client) -> Vec<ScenarioFile> {
    c.send(r#"{"kind":"scenarios"}"#).await;
    match c.recv().await {
        ServerMsg::Scenarios { files } => files,
        other => panic!("expected the scenario list, got {other:?}"),
    }
}

async fn open(c: &mut Client, path: &str) -> ScenarioView {
    c.send(&format!(
        r#"{{"kind":"scenario","index":null,"path":{},"lang":"en"}}"#,
        serde_json::to_string(path).unwrap()
    ))
    .await;
    match c.recv().await {
        ServerMsg::Scenario(v) => *v,
        other => panic!("expected the scenario, got {other:?}"),
    }
}

/// The `*.toml` files under `dir`, relative to `base`, sorted.
fn tomls(base: &Path, dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            tomls(base, &p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p.strip_prefix(base).unwrap().display().to_string());
        }
    }
}

/// A copy of d0-sample in a temporary folder.
fn copied_set() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d0-sample");
    dzero_fixtures::copy_dir(&sets().join("d0-sample"), &dir).unwrap();
    (tmp, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_every_scenario_file_of_the_served_sets() {
    let (_server, url) = start().await;
    let mut c = page(&url).await;
    let files = list(&mut c).await;
    let mut expected = Vec::new();
    for set in ["d0-sample", "dimensions-sample", "touhou-sample"] {
        let base = sets();
        let mut found = Vec::new();
        tomls(&base, &base.join(set).join("tests"), &mut found);
        found.sort();
        expected.extend(found.into_iter().map(|path| ScenarioFile {
            set: set.into(),
            path,
        }));
    }
    assert!(expected.len() > 40, "{}", expected.len());
    assert_eq!(files, expected);
    assert!(files.iter().any(|f| f.path == ROAR));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_passing_scenario_comes_as_the_setup_and_each_step_in_each_seats_view() {
    let (server, url) = start().await;
    let mut c = page(&url).await;
    let v = open(&mut c, ROAR).await;
    let source = std::fs::read_to_string(sets().join(ROAR)).unwrap();
    assert_eq!(v.source, source);
    assert_eq!(v.file.path, ROAR);
    let index = dzero_serve::scenario_view::list(server.served())
        .iter()
        .position(|f| f.path == ROAR);
    assert_eq!(Some(v.index), index);
    assert!(v.title.starts_with("闘志の咆哮"), "{}", v.title);
    assert_eq!(v.outcome, "passed");
    assert_eq!((v.failure, v.problems.len()), (None, 0));
    let headers = step_headers(&source);
    let steps: Vec<(usize, usize, usize)> = v
        .frames
        .iter()
        .map(|f| (f.step, f.line, f.first_line))
        .collect();
    let mut expected = vec![(0, 0, 1)];
    expected.extend(headers.iter().enumerate().map(|(i, &h)| (i + 1, h, h)));
    assert_eq!(steps, expected);
    for f in &v.frames {
        assert_eq!(f.seats[0].seat, Player::One);
        assert_eq!(f.seats[1].seat, Player::Two);
        for s in &f.seats {
            assert!(s.actions.is_empty());
        }
        // Each seat sees its own hand only.
        assert!(f.seats[0].obs.players[0].hand.is_some());
        assert!(f.seats[0].obs.players[1].hand.is_none());
        assert!(f.seats[1].obs.players[1].hand.is_some());
        assert!(f.seats[1].obs.players[0].hand.is_none());
    }
    // P2's 闘志の咆哮 is in P2's hand at the start and in the graveyard after step 6.
    let hand_names = |f: usize, seat: usize| -> Vec<String> {
        let t = &v.frames[f].seats[seat];
        let hand = t.obs.players[seat].hand.as_ref().unwrap();
        hand.iter()
            .map(|c| {
                t.cards
                    .iter()
                    .find(|d| d.def == c.def)
                    .unwrap()
                    .name
                    .clone()
            })
            .collect()
    };
    assert_eq!(hand_names(0, 1), ["闘志の咆哮"]);
    assert!(hand_names(6, 1).is_empty());
    // Each frame's log holds its step's events.
    assert_eq!(
        v.frames[6].seats[1].log,
        [
            "P1 passes",
            "P2 passes",
            "闘志の咆哮#43 stack → graveyard",
            "Play of 闘志の咆哮#43 resolves"
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_scenario_opens_at_its_failing_expectation() {
    let (_tmp, dir) = copied_set();
    let source = std::fs::read_to_string(dir.join("tests/battle_roar.toml"))
        .unwrap()
        .replace(
            "power = { malt = 6000, robo = 5000 }",
            "power = { malt = 7000, robo = 5000 }",
        );
    std::fs::write(dir.join("tests/zz_failing.toml"), &source).unwrap();
    let (_server, url) = start_with(std::slice::from_ref(&dir)).await;
    let mut c = page(&url).await;
    let v = open(&mut c, "d0-sample/tests/zz_failing.toml").await;
    let header = step_headers(&source)[5];
    assert_eq!(v.outcome, "failed");
    assert_eq!(
        v.failure,
        Some(FailureView {
            step: 6,
            line: header,
            findings: vec![FindingView {
                what: "power of malt (P2 シングルモルト@b2)".into(),
                expected: Some("7000".into()),
                actual: "6000".into(),
                lines: Some([header + 2, header + 2]),
            }],
        })
    );
    assert_eq!(
        v.frames.iter().map(|f| f.step).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5, 6]
    );
    // The bundled file next to it still passes.
    assert_eq!(
        open(&mut c, "d0-sample/tests/battle_roar.toml")
            .await
            .outcome,
        "passed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_scenario_shows_its_located_problems() {
    let (_tmp, dir) = copied_set();
    std::fs::write(
        dir.join("tests/zz_invalid.toml"),
        "title = \"bad\"\n\n[P1]\nhand = [\"狼王ロボ\"]\n\n[[step]]\npas = \"both\"\n",
    )
    .unwrap();
    let (_server, url) = start_with(std::slice::from_ref(&dir)).await;
    let mut c = page(&url).await;
    let v = open(&mut c, "d0-sample/tests/zz_invalid.toml").await;
    assert_eq!(v.outcome, "invalid");
    assert!(v.frames.is_empty() && v.failure.is_none());
    let located: Vec<(&str, usize)> = v
        .problems
        .iter()
        .map(|p| (p.file.as_str(), p.line))
        .collect();
    assert_eq!(located, [("tests/zz_invalid.toml", 7)]);
    assert!(v.problems[0].message.contains("pas"), "{:?}", v.problems[0]);
    // Bad UTF-8: located, and the rest of the file still shown.
    std::fs::write(dir.join("tests/zz_bytes.toml"), b"title = \"ok\"\n# \xff\n").unwrap();
    let v = open(&mut c, "d0-sample/tests/zz_bytes.toml").await;
    assert_eq!(v.outcome, "invalid");
    assert_eq!(v.source, "title = \"ok\"\n# \u{fffd}\n");
    let located: Vec<(&str, usize)> = v
        .problems
        .iter()
        .map(|p| (p.file.as_str(), p.line))
        .collect();
    assert_eq!(located, [("tests/zz_bytes.toml", 2)]);
    let dir_text = dir.display().to_string();
    let traffic = c.traffic.join("\n");
    assert!(
        !traffic.contains(&dir_text),
        "the page never sees server paths"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_listed_scenarios_open() {
    let (_tmp, dir) = copied_set();
    // A link in the tests folder to a file outside it is neither listed nor opened.
    std::fs::write(dir.join("outside.toml"), "title = \"outside\"\n").unwrap();
    std::os::unix::fs::symlink(dir.join("outside.toml"), dir.join("tests/zz_link.toml")).unwrap();
    let (_server, url) = start_with(std::slice::from_ref(&dir)).await;
    let mut c = page(&url).await;
    let files = list(&mut c).await;
    assert!(files.iter().all(|f| f.path.starts_with("d0-sample/tests/")));
    assert!(!files.iter().any(|f| f.path.contains("zz_link")));
    let n = files.len();
    for (msg, error) in [
        (
            format!(r#"{{"kind":"scenario","index":{n},"path":null,"lang":"en"}}"#),
            format!("no scenario {n}: the lobby lists {n} scenarios"),
        ),
        (
            r#"{"kind":"scenario","index":null,"path":"d0-sample/set.toml","lang":"en"}"#.into(),
            "no scenario \"d0-sample/set.toml\": scenarios are the served sets' tests/*.toml \
             files, named as the lobby lists them"
                .into(),
        ),
        (
            r#"{"kind":"scenario","index":null,"path":"d0-sample/tests/../set.toml","lang":"en"}"#
                .into(),
            "no scenario \"d0-sample/tests/../set.toml\": scenarios are the served sets' \
             tests/*.toml files, named as the lobby lists them"
                .into(),
        ),
        (
            r#"{"kind":"scenario","index":null,"path":"d0-sample/tests/zz_link.toml","lang":"en"}"#
                .into(),
            "no scenario \"d0-sample/tests/zz_link.toml\": scenarios are the served sets' \
             tests/*.toml files, named as the lobby lists them"
                .into(),
        ),
        (
            r#"{"kind":"scenario","index":0,"path":"d0-sample/tests/bases.toml","lang":"en"}"#
                .into(),
            "name a scenario by its index or by its path (one of them)".into(),
        ),
        (
            r#"{"kind":"scenario","index":null,"path":null,"lang":"en"}"#.into(),
            "name a scenario by its index or by its path (one of them)".into(),
        ),
    ] {
        c.send(&msg).await;
        assert_eq!(c.error().await, error, "{msg}");
    }
    // By index, the listed file opens.
    c.send(r#"{"kind":"scenario","index":0,"path":null,"lang":"ja"}"#)
        .await;
    match c.recv().await {
        ServerMsg::Scenario(v) => assert_eq!(v.file, files[0]),
        other => panic!("expected the scenario, got {other:?}"),
    }
}
