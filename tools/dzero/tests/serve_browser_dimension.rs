//! 次元戦 / 次元探索戦 in a real browser (R19.8, R19.11, R19.16, R19.17): the play table shows
//! the command zone — the face-up dimension, or the cross with the token on the active
//! dimension — and the die is rolled by clicking its button.

mod browser;

use browser::{click, click_decision, lobby, page_state, repo, serve_with, wait_until};
use serde_json::{Value, json};

/// The served set: the bundled dimension sample (it requires d0-sample, served beside it).
fn sets() -> Vec<std::path::PathBuf> {
    let sets = repo().join("cardpool/sets");
    vec![sets.join("dimensions-sample"), sets.join("d0-sample")]
}

/// Chooses the dimension sample's two decks in the lobby (its first listed decks).
const PICK_DECKS: &str = "
    const picks = [...document.getElementById('deck1').options]
        .filter((o) => o.textContent.startsWith('dimensions-sample'));
    if (picks.length < 2) return false;
    document.getElementById('deck1').value = picks[0].value;
    document.getElementById('deck2').value = picks[1].value;
    return true;";

/// What the command zone shows: visible, the active dimension's line, the cards shown, the
/// cross's cells and which holds the token.
const COMMAND: &str = "
    const box = document.getElementById('command');
    return { hidden: box.hidden,
             active: document.getElementById('active-dimension')?.textContent ?? '',
             cards: box.querySelectorAll('.card').length,
             cells: box.querySelectorAll('.cross .cell .card').length,
             token: box.querySelector('.cross .cell.token .card .name')?.textContent ?? null,
             roll: [...document.querySelectorAll('#general button')]
                 .some((b) => b.textContent === 'roll the dimension die') };";

/// Starts a game in the lobby at `url` with the dimension decks, against the greedy AI.
async fn start(c: &fantoccini::Client, url: &str) {
    lobby(c, url, "greedy", 5).await;
    let picked = c.execute(PICK_DECKS, vec![]).await.expect("decks chosen");
    assert_eq!(
        picked,
        json!(true),
        "the lobby lists the dimension sample's decks"
    );
    click(c, "#start").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_zone_shows_and_the_die_is_rolled_by_clicking() {
    let Some(b) = browser::open().await else {
        return;
    };
    let c = &b.client;

    // 次元戦 (the set's own rule set): one face-up dimension; the seat may roll.
    let (_war, url) = serve_with(&sets(), &[]);
    start(c, &url).await;
    wait_until(c, "the command zone", COMMAND, vec![], |v: &Value| {
        v["hidden"] == json!(false)
    })
    .await;
    // Play on (never rolling) until the seat may roll: its main phase with an empty stack.
    let mut seen = json!(null);
    for n in 1..400 {
        seen = c.execute(COMMAND, vec![]).await.expect("the page answers");
        if seen["roll"] == json!(true) {
            break;
        }
        let (_, decides, over) = page_state(c).await;
        assert!(!over, "the game ended before the seat could roll");
        if decides {
            c.execute(
                "for (const b of document.querySelectorAll('#general button'))
                   if (b.textContent === 'roll the dimension die') b.remove();",
                vec![],
            )
            .await
            .expect("roll button set aside");
            click_decision(c, n).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(40)).await;
    }
    assert_eq!(
        seen["roll"],
        json!(true),
        "the seat was never offered a roll"
    );
    assert_eq!(seen["cards"], json!(1), "one face-up dimension: {seen}");
    assert_eq!(seen["cells"], json!(0), "no cross in 次元戦: {seen}");
    let active = seen["active"].as_str().unwrap().to_string();
    assert!(active.starts_with("Active dimension: "), "{active}");
    b.shoot("dimension-war").await;
    c.execute(
        "[...document.querySelectorAll('#general button')]
            .find((b) => b.textContent === 'roll the dimension die').click();",
        vec![],
    )
    .await
    .expect("the roll button clicked");
    // The roll goes on the stack; passing resolves it, and the log says what the die showed.
    wait_until(
        c,
        "the roll on the stack",
        "return document.getElementById('stack').textContent;",
        vec![],
        |v: &Value| v.as_str().is_some_and(|s| s.contains("Roll")),
    )
    .await;
    click(c, "#general button.pass").await;
    wait_until(
        c,
        "the die's face in the log",
        "return document.getElementById('log').textContent;",
        vec![],
        |v: &Value| {
            v.as_str()
                .is_some_and(|s| s.contains("rolls the dimension die: "))
        },
    )
    .await;
    b.shoot("dimension-war-rolled").await;

    // 次元探索戦: five dimensions in a cross, the token on the centre's, which is active.
    let (_exploration, url) = serve_with(&sets(), &["--rules", "dimension-exploration"]);
    start(c, &url).await;
    let seen = wait_until(c, "the cross", COMMAND, vec![], |v: &Value| {
        v["hidden"] == json!(false) && v["cells"] == json!(5)
    })
    .await;
    let token = seen["token"]
        .as_str()
        .expect("a card under the token")
        .to_string();
    assert_eq!(
        seen["active"].as_str().unwrap(),
        format!("Active dimension: {token}"),
        "the token's dimension is the active one: {seen}"
    );
    b.shoot("dimension-exploration").await;
    b.close().await;
}
