//! `dzero serve` in a real browser: headless Chromium plays a whole game against the AI by
//! clicking (`browser::click_decision`) until the result shows, saving screenshots under
//! `target/screenshots/`.

mod browser;

use browser::{click, click_decision, error_text, lobby, page_state, serve, text_of};
use std::time::{Duration, Instant};

/// The AI opponent chosen in the lobby (one constant, so it can be switched).
const OPPONENT: &str = "greedy";
/// Clicks after which the game counts as endless.
const MAX_CLICKS: u32 = 6000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_ai_by_clicking() {
    let Some(b) = browser::open().await else {
        return;
    };
    let (_server, url) = serve();
    let c = &b.client;

    lobby(c, &url, OPPONENT, 7).await;
    b.shoot("lobby").await;
    click(c, "#start").await;

    let mut clicks = 0u32;
    let mut last = String::new();
    let started = Instant::now();
    loop {
        let (version, decides, over) = page_state(c).await;
        if over {
            break;
        }
        if let Some(e) = error_text(c).await {
            panic!("the page shows an error after {clicks} clicks: {e}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "the game took too long"
        );
        if !decides || version == last {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        if clicks == 3 {
            b.shoot("table-start").await;
        }
        if clicks == 60 {
            b.shoot("table-mid").await;
        }
        if clicks > 0 && clicks.is_multiple_of(150) {
            b.shoot(&format!("table-{clicks:04}")).await;
        }
        assert!(clicks < MAX_CLICKS, "no result after {clicks} clicks");
        clicks += 1;
        let acted = click_decision(c, clicks).await;
        assert!(
            acted,
            "version {version}: nothing to click although the seat decides"
        );
        last = version;
    }
    b.shoot("table-end").await;
    let result = text_of(c, "result").await;
    assert!(
        ["Win(P1)", "Win(P2)", "Draw"].contains(&result.as_str()),
        "the result shows: {result:?}"
    );
    assert!(
        clicks > 10,
        "a whole game was clicked through ({clicks} clicks)"
    );
    b.close().await;
}
