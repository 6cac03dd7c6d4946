//! `dzero serve`'s scenario page in a real browser: headless Chromium opens a bundled scenario
//! from the lobby, steps through it and switches seats; then opens a failing scenario in a
//! copied set, which opens at its failing step with the failing expectation's line marked red
//! and expected against actual shown, also in Japanese. Screenshots under
//! `target/screenshots/`.

mod browser;

use dzero_fixtures::step_headers;

use browser::{Browser, click, repo, serve, serve_sets, wait_until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// The bundled scenario opened first.
const ROAR: &str = "cardpool/sets/d0-sample/tests/battle_roar.toml";

/// Evaluates `js` (a function body returning a value) in the page.
async fn eval(c: &Client, js: &str) -> Value {
    c.execute(js, vec![]).await.expect("the page answers")
}

/// Waits until `js` returns `true`.
async fn until(c: &Client, what: &str, js: &str) {
    wait_until(c, what, js, vec![], |v| *v == json!(true)).await;
}

/// Opens the lobby's scenario list, saves it as the screenshot `shot`, and clicks the file
/// named `name` (relative to its set).
async fn open_from_lobby(b: &Browser, url: &str, name: &str, shot: &str) {
    let c = &b.client;
    c.goto(url).await.expect("the page opens");
    until(
        c,
        "the lobby",
        "return !document.getElementById('lobby').hidden;",
    )
    .await;
    click(c, "#scenarios-open").await;
    let pick = format!(
        "return [...document.querySelectorAll('button.scenario-file')]\
           .some((b) => b.textContent === {});",
        json!(name)
    );
    until(c, "the scenario list", &pick).await;
    b.shoot(shot).await;
    c.execute(
        "[...document.querySelectorAll('button.scenario-file')]\
           .find((b) => b.textContent === arguments[0]).click();",
        vec![json!(name)],
    )
    .await
    .expect("the file clicked");
}

/// The body's `data-scenario-step`.
async fn step_shown(c: &Client) -> String {
    eval(c, "return document.body.dataset.scenarioStep;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The lines marked with `class` in the source pane.
async fn lines(c: &Client, class: &str) -> Vec<usize> {
    let js = format!(
        "return [...document.querySelectorAll('#scenario-source .src-line.{class}')]\
           .map((e) => Number(e.dataset.line));"
    );
    let v = eval(c, &js).await;
    v.as_array()
        .expect("an array")
        .iter()
        .map(|n| n.as_u64().expect("a line number") as usize)
        .collect()
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .expect("its text")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scenario_steps_on_the_board_and_a_failing_one_shows_its_expectation() {
    let Some(b) = browser::open().await else {
        return;
    };
    let c = &b.client;
    let source = std::fs::read_to_string(repo().join(ROAR)).expect("the bundled scenario");
    let headers = step_headers(&source);

    // A passing bundled scenario opens at its setup.
    let (server, url) = serve();
    open_from_lobby(&b, &url, "tests/battle_roar.toml", "scenario-list").await;
    until(
        c,
        "the scenario",
        "return document.body.dataset.scenario === 'passed';",
    )
    .await;
    assert_eq!(step_shown(c).await, "0");
    assert!(text(c, "#board").await.contains("狼王ロボ"));
    assert_eq!(text(c, "#scenario-outcome").await, "passed");
    assert_eq!(
        lines(c, "current").await,
        (1..headers[0]).collect::<Vec<_>>()
    );
    b.shoot("scenario-setup").await;

    // Seat 2's view shows its hand: 闘志の咆哮.
    assert!(!text(c, "#hand").await.contains("闘志の咆哮"));
    click(c, "#scenario-seat").await;
    assert!(text(c, "#hand").await.contains("闘志の咆哮"));
    assert_eq!(text(c, "#scenario-seat").await, "Seat 2's view");

    // Forward five steps: step 5 puts 闘志の咆哮 on the stack; its lines are marked.
    for _ in 0..5 {
        click(c, "#scenario-next").await;
    }
    assert_eq!(step_shown(c).await, "5");
    assert_eq!(lines(c, "current").await.first(), Some(&headers[4]));
    assert!(text(c, "#stack").await.contains("闘志の咆哮"));
    assert!(!text(c, "#hand").await.contains("闘志の咆哮"));
    b.shoot("scenario-step-5").await;
    click(c, "#scenario-prev").await;
    assert_eq!(step_shown(c).await, "4");

    // The step list jumps; after the last step the malt is gone from b2.
    click(c, "#scenario-steps button[data-frame='8']").await;
    assert_eq!(step_shown(c).await, "8");
    assert!(!text(c, "#board").await.contains("シングルモルト"));
    assert!(lines(c, "failing").await.is_empty());
    drop(server);

    // A failing scenario in a copied set opens at its failing step, the expectation marked.
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let set = tmp.path().join("d0-sample");
    dzero_fixtures::copy_dir(&repo().join("cardpool/sets/d0-sample"), &set).expect("set copied");
    let failing = source.replace(
        "power = { malt = 6000, robo = 5000 }",
        "power = { malt = 7000, robo = 5000 }",
    );
    std::fs::write(set.join("tests/zz_failing.toml"), &failing).expect("scenario written");
    let (_server, url) = serve_sets(std::slice::from_ref(&set));
    open_from_lobby(
        &b,
        &url,
        "tests/zz_failing.toml",
        "scenario-list-copied-set",
    )
    .await;
    until(
        c,
        "the failure",
        "return document.body.dataset.scenario === 'failed';",
    )
    .await;
    assert_eq!(step_shown(c).await, "6");
    let expectation = headers[5] + 2;
    assert_eq!(lines(c, "failing").await, [expectation]);
    let finding = text(c, ".finding").await;
    assert!(
        finding.contains(&format!("line {expectation}: power of malt"))
            && finding.contains("expected: 7000")
            && finding.contains("actual:   6000"),
        "{finding}"
    );
    assert_eq!(
        text(c, "#scenario-failure h3").await,
        format!("Step 6 failed (line {})", headers[5])
    );
    b.shoot("scenario-failing").await;

    // In Japanese, the run comes again at the same step.
    click(c, "#lang").await;
    until(
        c,
        "the Japanese page",
        "return document.getElementById('scenario-outcome').textContent === '失敗';",
    )
    .await;
    until(
        c,
        "the Japanese board",
        "return document.getElementById('scenario-at').textContent.startsWith('ステップ 6');",
    )
    .await;
    assert_eq!(lines(c, "failing").await, [expectation]);
    b.shoot("scenario-failing-ja").await;
    click(c, "#lang").await;

    // Back to the list, and to the lobby.
    click(c, "#scenario-back").await;
    click(c, "#scenario-list-back").await;
    until(
        c,
        "the lobby",
        "return !document.getElementById('lobby').hidden;",
    )
    .await;
    b.close().await;
}
