//! Playing by small decisions in a real browser (docs/design.md §7), at 1280×800: a unit is played by
//! clicking its card, then its lit square, then the automatic payment; an announcement is
//! cancelled and the table is as before; a cost is paid by clicking energy cards one by one.
//! Screenshots of the square and payment steps go to `target/screenshots/`.

mod browser;

use browser::{announcing, click, click_decision, lobby, page_state, serve, text_of, wait_until};
use fantoccini::Client;
use serde_json::{Value, json};

/// The AI opponent chosen in the lobby.
const OPPONENT: &str = "greedy";
/// Decisions after which no unit counts as playable.
const MAX_DECISIONS: u32 = 400;

/// The id of a unit in the page's hand whose one use now is to be played (a click announces
/// it), when released energy cards number at least `energy`; else null.
const UNIT: &str = "
    if (!state || state.announcement || document.body.dataset.decides !== 'yes') return null;
    const me = state.obs.players[state.seat === 'One' ? 0 : 1];
    if (me.energy.filter((c) => !c.frozen).length < arguments[0]) return null;
    const uses = (id) => state.actions.filter((a) => a.card === id);
    const unit = (me.hand ?? []).find((c) => defs.get(c.def)?.kind === 'unit'
        && uses(c.id).length === 1 && uses(c.id)[0].action.Announce?.Play?.method === null);
    return unit ? unit.id : null;";

/// What the table shows that an announcement must leave as it was: the observation, the
/// actions, the hand, the stack.
const TABLE: &str = "
    return JSON.stringify([state.obs, state.actions, document.getElementById('hand').textContent,
                           document.getElementById('stack').textContent]);";

/// Starts a game against the AI at `seed` with a 1280×800 page.
async fn start(c: &Client, url: &str, seed: u64) {
    lobby(c, url, OPPONENT, seed).await;
    // The window's frame is not the page: size it so the page is 1280×800.
    let frame = c
        .execute(
            "return [outerWidth - innerWidth, outerHeight - innerHeight];",
            vec![],
        )
        .await
        .expect("the frame's size");
    let frame: Vec<u32> = serde_json::from_value(frame).expect("two sizes");
    c.set_window_size(1280 + frame[0], 800 + frame[1])
        .await
        .expect("the window resizes");
    click(c, "#start").await;
}

/// The page's version.
async fn version(c: &Client) -> String {
    page_state(c).await.0
}

/// Waits for a version other than `before`.
async fn changed(c: &Client, before: &str) {
    wait_until(
        c,
        "a new state",
        "return document.body.dataset.version ?? '';",
        vec![],
        |v| v.as_str().is_some_and(|v| v != before),
    )
    .await;
}

/// Plays on by clicking until a unit in hand can be announced with at least `energy` released
/// energy cards; its card id.
async fn to_unit(c: &Client, energy: usize) -> u64 {
    for n in 1..MAX_DECISIONS {
        let (before, decides, over) = page_state(c).await;
        assert!(!over, "the game ended before a unit could be played");
        if !decides {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            continue;
        }
        let found = c
            .execute(UNIT, vec![json!(energy)])
            .await
            .expect("the page answers");
        if let Some(card) = found.as_u64() {
            return card;
        }
        assert!(click_decision(c, n).await, "nothing to click");
        changed(c, &before).await;
    }
    panic!("no unit could be played in {MAX_DECISIONS} decisions");
}

/// Clicks `css` and waits for the state it leads to.
async fn click_and_wait(c: &Client, css: &str) {
    let before = version(c).await;
    click(c, css).await;
    changed(c, &before).await;
}

/// The announcement bar's text.
async fn bar(c: &Client) -> String {
    text_of(c, "announcement").await
}

/// How many of the page's own energy cards are frozen.
const FROZEN_ENERGY: &str =
    "return state.obs.players[state.seat === 'One' ? 0 : 1].energy.filter((c) => c.frozen).length;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unit_is_played_by_clicking_its_card_then_its_square() {
    let Some(b) = browser::open().await else {
        return;
    };
    let (_server, url) = serve();
    let c = &b.client;
    start(c, &url, 7).await;
    let card = to_unit(c, 1).await;
    let name = c
        .execute(
            "return document.querySelector(`#hand [data-card='${arguments[0]}'] .name`).textContent;",
            vec![json!(card)],
        )
        .await
        .expect("the card's name");
    let name = name.as_str().expect("a name").to_string();

    // The click announces it: the bar says so and its squares light up.
    click_and_wait(c, &format!("#hand [data-card='{card}']")).await;
    assert!(announcing(c).await);
    let shown = bar(c).await;
    assert!(
        shown.contains(&format!("Announcing: play {name}")) && shown.contains("Next: a square"),
        "{shown}"
    );
    let lit = c
        .execute(
            "return document.querySelectorAll('.square.target').length;",
            vec![],
        )
        .await
        .expect("the lit squares");
    assert!(lit.as_u64().is_some_and(|n| n > 0), "squares light up");
    assert!(
        c.execute(
            "return document.querySelector('#hand .card.announced')?.dataset.card ?? null;",
            vec![]
        )
        .await
        .expect("the announced card")
            == json!(card.to_string()),
        "the announced card is marked"
    );
    b.shoot("announce-square").await;

    // The square, then the payment step: automatic payment and the energy cards offered.
    let label = c
        .execute(
            "return document.querySelector('.square.target .label').textContent;",
            vec![],
        )
        .await
        .expect("the square's label");
    let label = label.as_str().expect("a label").to_string();
    click_and_wait(c, ".square.target").await;
    let shown = bar(c).await;
    assert!(
        shown.contains(&format!("square {label}"))
            && shown.contains("Next: how to pay the energy")
            && shown.contains("pay the energy automatically")
            && shown.contains("cancel"),
        "{shown}"
    );
    b.shoot("announce-payment").await;
    click_and_wait(c, "#pick button[data-what='payauto']").await;
    assert!(!announcing(c).await, "the announcement committed");
    let stack = text_of(c, "stack").await;
    assert!(stack.contains(&name), "the unit is on the stack: {stack}");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_announcement_is_cancelled_and_a_cost_paid_card_by_card() {
    let Some(b) = browser::open().await else {
        return;
    };
    let (_server, url) = serve();
    let c = &b.client;
    start(c, &url, 12).await;
    let card = to_unit(c, 2).await;
    let hand_card = format!("#hand [data-card='{card}']");

    // Announce, choose the square, cancel: the table is as it was.
    let before: Value = c.execute(TABLE, vec![]).await.expect("the table");
    click_and_wait(c, &hand_card).await;
    click_and_wait(c, ".square.target").await;
    assert!(announcing(c).await);
    click_and_wait(c, "#cancel").await;
    assert!(!announcing(c).await, "the announcement is withdrawn");
    let after: Value = c.execute(TABLE, vec![]).await.expect("the table");
    assert_eq!(after, before, "the table is as before the announcement");

    // Again, paying with energy cards clicked one at a time until it commits.
    let frozen = c
        .execute(FROZEN_ENERGY, vec![])
        .await
        .expect("frozen energy");
    click_and_wait(c, &hand_card).await;
    click_and_wait(c, ".square.target").await;
    let mut clicks = 0;
    while announcing(c).await {
        let shown = bar(c).await;
        assert!(shown.contains("Next: how to pay the energy"), "{shown}");
        if clicks == 1 {
            assert!(shown.contains("paying with "), "{shown}");
            b.shoot("announce-paying").await;
        }
        click_and_wait(c, "#my-zones .card.can-act:not(.back)").await;
        clicks += 1;
        assert!(clicks < 20, "the payment never completes");
    }
    let frozen_now = c
        .execute(FROZEN_ENERGY, vec![])
        .await
        .expect("frozen energy");
    assert_eq!(
        frozen_now.as_u64(),
        frozen.as_u64().map(|f| f + clicks),
        "each clicked energy card paid one point"
    );
    b.close().await;
}
