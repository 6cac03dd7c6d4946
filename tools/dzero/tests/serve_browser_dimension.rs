//! 次元戦 / 次元探索戦 in a real browser (R19.2, R19.8, R19.11, R19.16, R19.17): the lobby offers
//! the set's dimension deck lists (one the rule set refuses disabled, with why) and the game
//! plays the one picked; the play table shows the command zone — the face-up dimension, or the
//! cross with the token on the active dimension — beside the board, and the die is rolled by
//! clicking its button.

mod browser;

use browser::{click, click_decision, lobby, page_state, repo, serve_with, wait_until};
use serde_json::{Value, json};

/// The served set: the bundled dimension sample (it requires d0-sample, served beside it).
fn sets() -> Vec<std::path::PathBuf> {
    let sets = repo().join("cardpool/sets");
    vec![sets.join("dimensions-sample"), sets.join("d0-sample")]
}

/// Chooses the dimension sample's two decks in the lobby (its first listed decks), as a
/// player's change of the selects does.
const PICK_DECKS: &str = "
    const picks = [...document.getElementById('deck1').options]
        .filter((o) => o.textContent.startsWith('dimensions-sample'));
    if (picks.length < 2) return false;
    for (const [id, pick] of [['deck1', picks[0]], ['deck2', picks[1]]]) {
        document.getElementById(id).value = pick.value;
        document.getElementById(id).dispatchEvent(new Event('change'));
    }
    return true;";

/// The lobby's dimension deck list choice: shown or not, the selected list, each option as
/// `[name, disabled, text]`, and the note saying why lists are refused.
const LISTS: &str = "
    const select = document.getElementById('dimensions');
    return { hidden: document.getElementById('dimensions-pick').hidden, selected: select.value,
             options: [...select.options].map((o) => [o.value, o.disabled, o.textContent]),
             note: document.getElementById('dimensions-note').textContent };";

/// Where the command zone sits against the board and the opponent's zones, and whether it
/// fits in the window.
const PLACE: &str = "
    const rect = (id) => document.getElementById(id).getBoundingClientRect();
    const [cmd, board, their] = [rect('command'), rect('board'), rect('their-zones')];
    return { beside: cmd.left >= board.right && cmd.top < board.top,
             above: cmd.bottom <= their.top && cmd.left === their.left,
             fits: cmd.right <= document.documentElement.clientWidth };";

/// What the command zone shows: visible, the active dimension's line, the cards shown, the
/// cross's cells and which holds the token.
const COMMAND: &str = "
    const box = document.getElementById('command');
    return { hidden: box.hidden,
             active: document.getElementById('active-dimension')?.textContent ?? '',
             cards: box.querySelectorAll('.card').length,
             cells: box.querySelectorAll('.cross .cell .card').length,
             token: box.querySelector('.cross .cell.token .card .name')?.textContent ?? null,
             deck: box.lastElementChild?.textContent ?? '',
             roll: [...document.querySelectorAll('#general button')]
                 .some((b) => b.textContent === 'roll the dimension die') };";

/// Starts a game in the lobby at `url` with the dimension decks and the dimension deck list
/// `list`, against the greedy AI (the lobby shot as `dimension-lobby-LIST`); the list choice
/// as the lobby offered it ([`LISTS`]).
async fn start(b: &browser::Browser, url: &str, list: &str) -> Value {
    let c = &b.client;
    lobby(c, url, "greedy", 5).await;
    let picked = c.execute(PICK_DECKS, vec![]).await.expect("decks chosen");
    assert_eq!(
        picked,
        json!(true),
        "the lobby lists the dimension sample's decks"
    );
    let offered = c.execute(LISTS, vec![]).await.expect("the page answers");
    c.execute(
        "const s = document.getElementById('dimensions');
         s.value = arguments[0];
         s.dispatchEvent(new Event('change'));",
        vec![json!(list)],
    )
    .await
    .expect("list chosen");
    b.shoot(&format!("dimension-lobby-{list}")).await;
    click(c, "#start").await;
    offered
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_zone_shows_and_the_die_is_rolled_by_clicking() {
    let Some(b) = browser::open().await else {
        return;
    };
    let c = &b.client;

    // 次元戦 (the set's own rule set): both lists play, the first by default; the second
    // (13 cards) is picked, one face up and 12 in the deck; the seat may roll.
    let (_war, url) = serve_with(&sets(), &[]);
    let offered = start(&b, &url, "war").await;
    assert_eq!(
        offered,
        json!({ "hidden": false, "selected": "exploration",
                "options": [["exploration", false, "exploration"], ["war", false, "war"]],
                "note": "" })
    );
    let seen = wait_until(c, "the command zone", COMMAND, vec![], |v: &Value| {
        v["hidden"] == json!(false)
    })
    .await;
    let deck = seen["deck"].as_str().unwrap_or_default();
    assert!(deck.starts_with("Dimension deck: 12 · "), "{seen}");
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

    // 次元探索戦: the list with phenomena is too small for them (R19.5) and offered disabled;
    // five dimensions in a cross, the token on the centre's, which is active.
    let (_exploration, url) = serve_with(&sets(), &["--rules", "dimension-exploration"]);
    let offered = start(&b, &url, "exploration").await;
    assert_eq!(
        offered,
        json!({ "hidden": false, "selected": "exploration",
                "options": [["exploration", false, "exploration"],
                            ["war", true, "war — not under these rules"]],
                "note": "war: 2 phenomena in a deck of 12 cards; 次元探索戦 allows phenomena \
                         only from 20 cards (R19.5)" })
    );
    let seen = wait_until(c, "the cross", COMMAND, vec![], |v: &Value| {
        v["hidden"] == json!(false) && v["cells"] == json!(5)
    })
    .await;
    let deck = seen["deck"].as_str().unwrap_or_default();
    assert!(deck.starts_with("Dimension deck: 5 · "), "{seen}");
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

    // The command zone's place: beside the board at 1280×800, above the opponent's zones in a
    // narrow window, inside the window both times.
    c.set_window_size(1280, 800)
        .await
        .expect("the window resizes");
    let place = c.execute(PLACE, vec![]).await.expect("the page answers");
    assert_eq!(
        place,
        json!({ "beside": true, "above": false, "fits": true })
    );
    b.shoot("dimension-exploration-1280").await;
    c.set_window_size(700, 900)
        .await
        .expect("the window resizes");
    let place = c.execute(PLACE, vec![]).await.expect("the page answers");
    assert_eq!(
        place,
        json!({ "beside": false, "above": true, "fits": true })
    );
    b.shoot("dimension-exploration-narrow").await;
    b.close().await;
}
