//! A best-of-three match in a real browser (R2.4–R2.6): headless Chromium ticks the lobby's
//! match box, plays each duel against the AI by clicking, swaps a card between deck and
//! sideboard by clicking (a refused swap first), chooses who plays first after a lost duel,
//! and reads the match's result. Screenshots go to `target/screenshots/`.

mod browser;

use browser::{click, click_decision, error_text, lobby, page_state, serve, text_of, wait_until};
use fantoccini::Client;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The AI opponent chosen in the lobby (one constant, so it can be switched).
const OPPONENT: &str = "greedy";

/// The page's match stage (`playing`, `swap`, `choose_first`, `over`, …).
async fn stage(c: &Client) -> String {
    let v = c
        .execute("return document.body.dataset.matchStage ?? '';", vec![])
        .await
        .expect("the page answers");
    v.as_str().unwrap_or_default().to_string()
}

/// Waits until the match stage is `want`.
async fn stage_is(c: &Client, want: &str) {
    wait_until(
        c,
        &format!("the match stage {want}"),
        "return document.body.dataset.matchStage ?? '';",
        vec![],
        |v: &Value| v.as_str() == Some(want),
    )
    .await;
}

/// Clicks the seat's decisions until the duel ends: the match stage then.
async fn play_duel(c: &Client) -> String {
    let started = Instant::now();
    let mut last = String::new();
    let mut clicks = 0u32;
    loop {
        let now = stage(c).await;
        if now != "playing" && !now.is_empty() {
            return now;
        }
        if let Some(e) = error_text(c).await {
            panic!("the page shows an error after {clicks} clicks: {e}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the duel took too long"
        );
        let (version, decides, over) = page_state(c).await;
        if over || !decides || version == last {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        clicks += 1;
        assert!(
            click_decision(c, clicks).await,
            "version {version}: nothing to click although the seat decides"
        );
        last = version;
    }
}

/// The number of cards a swap list shows (`#swap-deck` or `#swap-side`), from its title.
async fn list_size(c: &Client, title: &str) -> String {
    text_of(c, title).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_against_the_ai_with_a_swap_and_the_first_player_chosen_by_clicking() {
    let Some(b) = browser::open().await else {
        return;
    };
    let (_server, url) = serve();
    let c = &b.client;
    lobby(c, &url, OPPONENT, 4).await;
    click(c, "#match").await;
    click(c, "#start").await;
    stage_is(c, "playing").await;
    b.shoot("match-duel1").await;

    // R2.4: the first duel ends; R2.5: the page swaps between duels.
    assert_eq!(play_duel(c).await, "swap");
    assert_eq!(list_size(c, "swap-deck-title").await, "Deck 40");
    assert_eq!(list_size(c, "swap-side-title").await, "Sideboard 10");
    // One card out and none in: the page shows 39 / 11, the server refuses, nothing changes.
    click(c, "#swap-deck .swap-card").await;
    assert_eq!(list_size(c, "swap-deck-title").await, "Deck 39");
    click(c, "#swap-confirm").await;
    // The page shows the refusal in its error box too, so wait_until (which stops at an
    // error) is not used until the box is closed.
    let refused = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let v = c
                .execute(
                    "const r = document.getElementById('swap-refused'); return r.hidden ? '' : r.textContent;",
                    vec![],
                )
                .await
                .expect("the page answers");
            if v.as_str().is_some_and(|s| !s.is_empty()) {
                return v.as_str().unwrap().to_string();
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    })
    .await
    .expect("the refusal shows");
    assert_eq!(
        refused,
        "Refused, nothing changed: 1 card(s) out of the deck but 0 in: the deck stays at 40 \
         cards and the sideboard at 10 (R2.5)"
    );
    assert_eq!(list_size(c, "swap-deck-title").await, "Deck 40");
    b.shoot("match-swap-refused").await;
    c.execute("document.getElementById('error').hidden = true;", vec![])
        .await
        .expect("the error box closes");

    // A legal swap by clicking: the deck's first card out, the sideboard's first card in.
    click(c, "#swap-deck .swap-card").await;
    click(c, "#swap-side .swap-card").await;
    assert_eq!(list_size(c, "swap-deck-title").await, "Deck 40");
    b.shoot("match-swap").await;
    click(c, "#swap-confirm").await;

    // The rest of the match; R2.6: after a lost duel the page chooses to play second.
    let mut chose = 0;
    let mut now = wait_until(
        c,
        "the swap accepted",
        "return document.body.dataset.matchStage ?? '';",
        vec![],
        |v: &Value| v.as_str() != Some("swap"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string();
    loop {
        if now == "choose_first" {
            if chose == 0 {
                b.shoot("match-choose-first").await;
            }
            chose += 1;
            click(c, "#play-second").await;
            stage_is(c, "playing").await;
            let first = text_of(c, "match-score").await;
            assert!(first.ends_with("first: opponent"), "{first}");
        }
        if now == "over" {
            break;
        }
        now = play_duel(c).await;
        if now == "swap" {
            click(c, "#swap-confirm").await;
            now = wait_until(
                c,
                "the lists kept",
                "return document.body.dataset.matchStage ?? '';",
                vec![],
                |v: &Value| v.as_str() != Some("swap"),
            )
            .await
            .as_str()
            .unwrap_or_default()
            .to_string();
        }
    }
    assert!(
        chose > 0,
        "seed 4: the page loses a duel and chooses who plays first"
    );
    let over = text_of(c, "match-over").await;
    assert!(
        over.starts_with("You win the match 2–")
            || over.starts_with("You lose the match ")
            || over.starts_with("The match is a draw"),
        "{over}"
    );
    assert!(over.ends_with("Both lists are back as they were before the match (R2.5)."));
    b.shoot("match-over").await;
    b.close().await;
}
