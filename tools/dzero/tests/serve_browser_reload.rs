//! Hot reload in a real browser: `dzero serve` on a copy of d0-sample, a game against the AI
//! with a fixed seed; saving a card of the hand shows its new power on the card and the change
//! in the reload panel; a broken save shows the located diagnostic (in English and Japanese)
//! while the last good version stays, and the game still takes a click. Screenshots go under
//! `target/screenshots/`.

mod browser;

use dzero_fixtures::{power_line, set_line};

use browser::{click, click_first, lobby, page_state, serve_sets, wait_until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The AI opponent chosen in the lobby.
const OPPONENT: &str = "greedy";
/// The game's seed.
const SEED: u64 = 11;
/// How long the page may take to show a reload.
const PATIENCE: Duration = Duration::from_secs(60);

/// The hand's cards as the page shows them: name and printed power (units only).
async fn hand(c: &Client) -> Vec<(String, Option<i32>)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#hand .card')].map((e) => \
               [e.querySelector('.name').textContent, e.querySelector('.printed')?.textContent ?? '']);",
            vec![],
        )
        .await
        .expect("the page answers");
    v.as_array()
        .expect("an array")
        .iter()
        .map(|pair| {
            let name = pair[0].as_str().unwrap_or_default().to_string();
            let power = pair[1]
                .as_str()
                .and_then(|p| p.split(" · ").nth(1))
                .and_then(|p| p.split(" / ").next())
                .and_then(|p| p.parse().ok());
            (name, power)
        })
        .collect()
}

/// Runs `js` until it returns a non-null value; that value.
async fn wait_for(c: &Client, what: &str, js: &str, args: Vec<Value>) -> Value {
    wait_until(c, what, js, args, |v| !v.is_null()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_card_shows_in_the_running_game() {
    let Some(b) = browser::open().await else {
        return;
    };
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let dir = tmp.path().join("d0-sample");
    dzero_fixtures::copy_dir(&browser::repo().join("cardpool/sets/d0-sample"), &dir)
        .expect("d0-sample copied");
    let (_server, url) = serve_sets(std::slice::from_ref(&dir));
    let c = &b.client;

    lobby(c, &url, OPPONENT, SEED).await;
    click(c, "#start").await;
    c.wait()
        .for_element(Locator::Css("#hand .card .printed"))
        .await
        .expect("the hand shows");

    let (name, power) = hand(c)
        .await
        .into_iter()
        .find_map(|(n, p)| Some((n, p?)))
        .expect("the opening hand holds a unit");
    let (file, line) = power_line(&dir, &name);
    let raised = power + 1000;
    set_line(&file, line, &format!("power = {raised}"));
    let shown = wait_for(
        c,
        "the new power and the change note",
        "const [name, raised] = arguments; \
         const box = document.getElementById('reload'); \
         const ins = [...document.querySelectorAll('#reload [data-reload-card] [data-field=\"power\"] ins')]; \
         const card = [...document.querySelectorAll('#hand .card')].find((e) => \
           e.querySelector('.name').textContent === name && e.querySelector('.printed').textContent.includes(` ${raised} `)); \
         return !box.hidden && box.dataset.outcome === 'applied' && card && ins.length \
           ? [box.querySelector('[data-reload-card]').dataset.reloadCard, ins[0].textContent, \
              box.querySelector('[data-field=\"power\"] del').textContent] : null;",
        vec![json!(name), json!(raised)],
    )
    .await;
    assert_eq!(
        shown,
        json!([name, raised.to_string(), power.to_string()]),
        "the note names the card and its power before → after"
    );
    b.shoot("reload-applied").await;

    set_line(&file, line, "power = 30x0");
    let relative = file
        .strip_prefix(&dir)
        .expect("inside the set")
        .to_str()
        .expect("a UTF-8 path");
    let located = wait_for(
        c,
        "the located diagnostic",
        "const box = document.getElementById('reload'); \
         return !box.hidden && box.dataset.outcome === 'rejected' \
           ? [box.querySelector('.problems code').textContent, box.querySelector('.problems pre').textContent] \
           : null;",
        vec![],
    )
    .await;
    assert_eq!(located[0], json!(format!("{relative}:{line}:9")));
    assert!(
        located[1]
            .as_str()
            .is_some_and(|s| s.contains("power = 30x0")),
        "the snippet shows the bad line: {located}"
    );
    assert!(
        hand(c).await.contains(&(name.clone(), Some(raised))),
        "the last good version stays in play"
    );
    b.shoot("reload-rejected").await;
    assert!(click_first(c, "#lang").await, "the language button shows");
    wait_for(
        c,
        "the panel in Japanese",
        "const h = document.querySelector('#reload h3'); \
         return h && h.textContent.startsWith('編集を受け付けませんでした') ? true : null;",
        vec![],
    )
    .await;
    b.shoot("reload-rejected-ja").await;
    assert!(click_first(c, "#lang").await, "back to English");

    let (version, decides, _) = page_state(c).await;
    assert!(decides, "the page's seat decides");
    click_first(c, "#reload-dismiss").await;
    let acted = click_first(c, "#choice-options button").await
        || click_first(c, "#general button").await
        || click_first(c, "#pick button:not(.cancel)").await;
    assert!(acted, "the page offers a click");
    let start = Instant::now();
    while page_state(c).await.0 == version {
        assert!(start.elapsed() < PATIENCE, "the click was never answered");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        browser::error_text(c).await.is_none(),
        "the click was taken without an error"
    );
    b.shoot("reload-played-on").await;
    b.close().await;
}
