//! Playtesting in a real browser: undo against the AI, save, and the replay viewer opening a
//! replay file written by `dzero play --save`, stepping back and forth and jumping to a turn.
//! Screenshots go to `target/screenshots/`.

mod browser;

use browser::{click, click_decision, lobby, page_state, repo, serve, text_of, wait_until};
use fantoccini::{Client, Locator};
use std::process::Command;
use std::time::{Duration, Instant};

/// The AI opponent chosen in the lobby (one constant, so it can be switched).
const OPPONENT: &str = "greedy";

/// Waits until the page decides, then takes one decision by clicking.
async fn decide(c: &Client, n: u32) {
    let start = Instant::now();
    loop {
        let (_, decides, over) = page_state(c).await;
        assert!(!over, "the game ended early");
        if decides {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the AI never moved"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (before, _, _) = page_state(c).await;
    assert!(click_decision(c, n).await, "nothing to click");
    wait_until(
        c,
        "a new version",
        "return document.body.dataset.version;",
        vec![],
        |v| v.as_str() != Some(before.as_str()),
    )
    .await;
}

/// The replay viewer's state shown.
async fn replay_at(c: &Client, index: usize) {
    let want = index.to_string();
    wait_until(
        c,
        "the replay state",
        "return document.body.dataset.replayAt ?? '';",
        vec![],
        |v| v.as_str() == Some(want.as_str()),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_save_and_the_replay_viewer_in_a_browser() {
    let Some(b) = browser::open().await else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temp folder");
    let file = dir.path().join("greedy.json");
    let decks = repo().join("cardpool/sets/d0-sample/decks");
    let played = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args([
            "play", "--p1", "greedy", "--p2", "greedy", "--seed", "4", "--deck",
        ])
        .arg(decks.join("赤緑.txt"))
        .arg("--deck")
        .arg(decks.join("黒白.txt"))
        .arg("--save")
        .arg(&file)
        .output()
        .expect("dzero play runs");
    assert!(played.status.success(), "{played:?}");
    let replay = dzero_replay::Replay::read(&file).expect("a replay");

    let (_server, url) = serve();
    let c = &b.client;
    lobby(c, &url, OPPONENT, 12).await;
    click(c, "#start").await;

    // Three decisions, then undo: back to the state before the third.
    let undo = "const u = document.getElementById('undo'); return u.hidden ? '' : u.textContent;";
    decide(c, 1).await;
    decide(c, 2).await;
    wait_until(c, "the undo count", undo, vec![], |v| {
        v.as_str() == Some("Undo (2)")
    })
    .await;
    let (before_third, _, _) = page_state(c).await;
    let hand = "return document.getElementById('hand').textContent;";
    let hand_before = c.execute(hand, vec![]).await.expect("the hand");
    decide(c, 4).await;
    wait_until(c, "the undo count", undo, vec![], |v| {
        v.as_str() == Some("Undo (3)")
    })
    .await;
    b.shoot("playtest-before-undo").await;
    click(c, "#undo").await;
    wait_until(c, "the undo count", undo, vec![], |v| {
        v.as_str() == Some("Undo (2)")
    })
    .await;
    let (after, decides, _) = page_state(c).await;
    assert_ne!(after, before_third, "an undo is a new version");
    assert!(decides, "the page decides again");
    assert_eq!(
        c.execute(hand, vec![]).await.expect("the hand"),
        hand_before
    );
    b.shoot("playtest-after-undo").await;

    // Save: the page is handed the replay file.
    click(c, "#save").await;
    let name = wait_until(
        c,
        "the saved game",
        "return document.body.dataset.saved ?? '';",
        vec![],
        |v| v.as_str().is_some_and(|s| !s.is_empty()),
    )
    .await;
    assert!(
        name.as_str()
            .is_some_and(|n| n.starts_with("dzero-12-turn")),
        "{name}"
    );

    // The replay viewer: open the file, step, jump to a turn, switch seats, go to the end.
    c.goto(&url).await.expect("the lobby opens again");
    c.wait()
        .for_element(Locator::Css("#replay-file"))
        .await
        .expect("the lobby shows");
    c.find(Locator::Css("#replay-file"))
        .await
        .expect("the replay input")
        .send_keys(&file.display().to_string())
        .await
        .expect("the file is chosen");
    replay_at(c, 0).await;
    b.shoot("replay-setup").await;
    for _ in 0..3 {
        click(c, "#replay-next").await;
    }
    replay_at(c, 3).await;
    click(c, "#replay-prev").await;
    replay_at(c, 2).await;
    let step = text_of(c, "replay-step").await;
    assert!(
        step.starts_with(&format!("{}: ", replay.steps[1].seat)),
        "{step}"
    );
    c.find(Locator::Id("replay-turn"))
        .await
        .expect("the turn box")
        .send_keys("3")
        .await
        .expect("typed");
    click(c, "#replay-go").await;
    let set = replay.load_set().expect("the set loads");
    let mut turns = Turns(Vec::new());
    replay.rerun(&set, &mut turns).expect("the replay re-runs");
    let first_of_turn_3 = turns.0.iter().position(|&t| t == 3).expect("a turn 3");
    replay_at(c, first_of_turn_3).await;
    let shown = c
        .execute(
            "return document.getElementById('replay-at').textContent;",
            vec![],
        )
        .await
        .expect("the position");
    assert_eq!(
        shown.as_str(),
        Some(format!("Step {first_of_turn_3} / {} · Turn 3", replay.steps.len()).as_str())
    );
    c.execute(
        "const s = document.getElementById('replay-seat'); s.value = '2'; \
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .expect("seat 2's view");
    wait_until(
        c,
        "seat 2's view",
        "return document.body.dataset.version ?? '';",
        vec![],
        |v| v.as_str() == Some(first_of_turn_3.to_string().as_str()),
    )
    .await;
    b.shoot("replay-turn-3").await;
    click(c, "#replay-last").await;
    replay_at(c, replay.steps.len()).await;
    let result = text_of(c, "result").await;
    assert!(
        ["Win(P1)", "Win(P2)", "Draw"].contains(&result.as_str()),
        "the replay's result shows at its end: {result:?}"
    );
    b.shoot("replay-end").await;
    b.close().await;
}

/// The turn of every state of a re-run.
struct Turns(Vec<u32>);

impl dzero_sim::Watch for Turns {
    fn start(&mut self, game: &dzero_core::Game) {
        self.0.push(game.turn());
    }

    fn after(&mut self, game: &dzero_core::Game) {
        self.0.push(game.turn());
    }
}
