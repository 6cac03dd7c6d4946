//! Hot reload while playing, over a real socket: a saved card file reaches the running game
//! (the page is told which card changed and how, and its state shows the new definition); a
//! bad edit or a broken script gets located diagnostics while the last good version stays in
//! play; a fix after it applies; a changed card list keeps the game's definitions; and the
//! server's watcher picks up real saves.

mod common;

use dzero_fixtures::{power_line, set_line};

use common::{Client, OPPONENT, act, new_game, pick, start_with};
use dzero_serve::Server;
use dzero_serve::hot_reload::{CardChange, FieldChange, ReloadNote};
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The seed of every game here.
const SEED: u64 = 11;

/// A copy of d0-sample in a temporary folder (and the folder, removed on drop).
fn sample_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d0-sample");
    dzero_fixtures::copy_dir(&common::sets().join("d0-sample"), &dir).unwrap();
    (tmp, dir)
}

/// Serves `dir`, opens a game at seat 1 against the AI; the server, the page, the game's
/// number and the first state.
async fn open(dir: &Path) -> (Arc<Server>, Client, u64, TableView) {
    let (server, url) = start_with(&[dir.to_owned()]).await;
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    c.send(&new_game(1, OPPONENT, SEED)).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    let view = c.state().await;
    (server, c, game, view)
}

/// The first unit the page shows, with its printed power.
fn shown_unit(view: &TableView) -> (String, i32) {
    let unit = view
        .cards
        .iter()
        .find(|c| c.kind == "unit")
        .expect("the opening hand shows a unit");
    (unit.name.clone(), unit.power)
}

/// The next message, which must be a reload note.
async fn note(c: &mut Client) -> ReloadNote {
    match c.recv().await {
        ServerMsg::Reloaded(n) => n,
        other => panic!("expected a reload note, got {other:?}"),
    }
}

/// The printed power of `name` as the page's state shows it.
fn power_of(view: &TableView, name: &str) -> i32 {
    view.cards
        .iter()
        .find(|c| c.name == name)
        .map(|c| c.power)
        .expect("the page still shows the card")
}

/// Takes one of the page's actions; the next state in which the page decides again (or the
/// game is over).
async fn play_one(c: &mut Client, view: &TableView) -> TableView {
    assert!(!view.actions.is_empty(), "the page decides");
    c.send(&act(view.version, pick(view))).await;
    loop {
        let next = c.state().await;
        if !next.actions.is_empty() || next.result.is_some() {
            return next;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_card_reaches_the_running_game() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, game, view) = open(&dir).await;
    let (name, power) = shown_unit(&view);
    let (file, line) = power_line(&dir, &name);
    set_line(&file, line, &format!("power = {}", power + 1000));
    server.files_changed(&[file]);
    assert_eq!(
        note(&mut c).await,
        ReloadNote::Applied {
            cards: vec![CardChange {
                name: name.clone(),
                changes: vec![FieldChange {
                    field: "power".into(),
                    before: power.to_string(),
                    after: (power + 1000).to_string(),
                }],
            }],
            scripts: vec![],
        }
    );
    let after = c.state().await;
    assert_eq!(after.version, view.version + 1);
    assert_eq!(power_of(&after, &name), power + 1000);
    assert_eq!(after.obs, view.obs, "a reload changes no game state");
    c.send(&act(view.version, 0)).await;
    assert_eq!(
        c.error().await,
        format!(
            "stale action: it was chosen in state {}, the game is at state {}",
            view.version, after.version
        ),
        "an action chosen before the reload is refused"
    );
    let mut now = after;
    let mut ai_moved = false;
    for _ in 0..40 {
        if now.result.is_some() {
            break;
        }
        let next = play_one(&mut c, &now).await;
        ai_moved |= next.version > now.version + 1;
        now = next;
    }
    assert!(ai_moved, "the AI player keeps playing after the reload");
    assert!(
        server.snapshot(game).is_some(),
        "the game's thread still answers"
    );
    // Undo back to the first decision: the position from before the reload, on the new cards.
    while now.undo > 0 {
        c.send(r#"{"kind":"undo"}"#).await;
        now = c.state().await;
    }
    assert_eq!(now.obs, view.obs);
    assert_eq!(power_of(&now, &name), power + 1000);
    // A save says the cards changed during the game.
    c.send(r#"{"kind":"save"}"#).await;
    match c.recv().await {
        ServerMsg::Saved { edited, .. } => assert!(edited, "the save notes the reload"),
        other => panic!("expected the saved game, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_script_edit_is_named() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, _view) = open(&dir).await;
    let script = dir.join("scripts/saucerleg_pegasus.lua");
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, format!("{text}\n-- edited while playing\n")).unwrap();
    server.files_changed(&[script]);
    assert_eq!(
        note(&mut c).await,
        ReloadNote::Applied {
            cards: vec![],
            scripts: vec!["ソーサーレッグ・ペガサス".into()],
        }
    );
    let after = c.state().await;
    play_one(&mut c, &after).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_edit_is_located_and_the_last_good_version_plays_on() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, view) = open(&dir).await;
    let (name, power) = shown_unit(&view);
    let (file, line) = power_line(&dir, &name);
    set_line(&file, line, "power = 30x0");
    server.files_changed(std::slice::from_ref(&file));
    let ReloadNote::Rejected { problems } = note(&mut c).await else {
        panic!("a bad edit is rejected");
    };
    let p = &problems[0];
    let relative = file.strip_prefix(&dir).unwrap().to_str().unwrap();
    assert_eq!((p.file.as_str(), p.line, p.col), (relative, line, 9));
    assert!(
        p.snippet.contains("power = 30x0"),
        "the diagnostic shows the line: {}",
        p.snippet
    );
    assert!(
        !p.snippet.contains(dir.to_str().unwrap()),
        "no server path reaches the page"
    );
    let after = c.state().await;
    assert_eq!(
        after.version, view.version,
        "a rejected edit changes nothing"
    );
    assert_eq!(
        power_of(&after, &name),
        power,
        "the last good version stays"
    );
    let played = play_one(&mut c, &after).await;
    assert!(played.version > after.version, "the game still plays");

    set_line(&file, line, &format!("power = {}", power + 500));
    server.files_changed(&[file]);
    let ReloadNote::Applied { cards, .. } = note(&mut c).await else {
        panic!("the fix applies");
    };
    assert_eq!(
        cards,
        [CardChange {
            name: name.clone(),
            changes: vec![FieldChange {
                field: "power".into(),
                before: power.to_string(),
                after: (power + 500).to_string(),
            }],
        }]
    );
    assert_eq!(power_of(&c.state().await, &name), power + 500);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_script_is_located_and_a_deleted_file_is_refused() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, view) = open(&dir).await;
    let script = dir.join("scripts/saucerleg_pegasus.lua");
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, format!("{text}\nthis is not lua\n")).unwrap();
    server.files_changed(std::slice::from_ref(&script));
    let ReloadNote::Rejected { problems } = note(&mut c).await else {
        panic!("a broken script is rejected");
    };
    assert_eq!(problems[0].file, "scripts/saucerleg_pegasus.lua");
    assert_eq!(problems[0].line, text.lines().count() + 2);
    let after = c.state().await;
    assert_eq!(after.obs, view.obs);

    let (name, _) = shown_unit(&view);
    let (file, _) = power_line(&dir, &name);
    std::fs::remove_file(&file).unwrap();
    server.files_changed(&[file]);
    let ReloadNote::Rejected { problems } = note(&mut c).await else {
        panic!("deleting the cards of the decks is rejected");
    };
    let missing = format!("no card named 「{name}」 in this set");
    assert!(
        problems
            .iter()
            .any(|p| p.file.starts_with("decks/") && p.line > 0 && p.message == missing),
        "the deck lists lose the card: {problems:?}"
    );
    let still = c.state().await;
    let played = play_one(&mut c, &still).await;
    assert!(played.version > still.version, "the game still plays");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_card_keeps_the_game_on_its_definitions() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, view) = open(&dir).await;
    let file = dir.join("cards/invented.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let added = "\n[[card]]\nname = \"Reload Test Unit\"\ntype = \"unit\"\ncolours = [\"赤\"]\n\
                 race = \"Test\"\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"赤1\"\n\
                 power = 1000\nsmash = 1\ntext = \"\"\n";
    std::fs::write(&file, format!("{text}{added}")).unwrap();
    server.files_changed(&[file]);
    assert_eq!(
        note(&mut c).await,
        ReloadNote::CardList {
            added: vec!["Reload Test Unit".into()],
            removed: vec![],
        }
    );
    let after = c.state().await;
    assert_eq!(after.cards, view.cards);
    let played = play_one(&mut c, &after).await;
    assert!(played.version > after.version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_watcher_reloads_a_real_save() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, view) = open(&dir).await;
    dzero_serve::watcher::start(Arc::clone(&server)).unwrap();
    let (name, power) = shown_unit(&view);
    let (file, line) = power_line(&dir, &name);
    set_line(&file, line, &format!("power = {}", power + 2000));
    let ReloadNote::Applied { cards, .. } = note(&mut c).await else {
        panic!("the save applies");
    };
    assert_eq!(cards[0].name, name);
    assert_eq!(power_of(&c.state().await, &name), power + 2000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scenario_edit_leaves_the_game_alone() {
    let (_tmp, dir) = sample_copy();
    let (server, mut c, _game, view) = open(&dir).await;
    let scenarios = dir.join("tests");
    let scenario = std::fs::read_dir(&scenarios)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "toml"))
        .expect("d0-sample has scenarios");
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(&scenario, format!("{text}\n# edited while playing\n")).unwrap();
    server.files_changed(&[scenario]);
    // Commands are answered in order: a note for the scenario would come before this state.
    let next = play_one(&mut c, &view).await;
    assert!(next.version > view.version);
}
