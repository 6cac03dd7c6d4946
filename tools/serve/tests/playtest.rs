//! Playtesting over the socket: undo against an AI player, saving a game as a replay file and
//! going on with it, and the replay viewer stepping through a recorded game.

mod common;

use common::{Client, OPPONENT, act, new_game, pick, start};
use dzero_core::{Game, Player};
use dzero_replay::Replay;
use dzero_serve::Server;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use dzero_sim::{Watch, state_hash};
use serde_json::json;

/// Actions after which a test game counts as endless.
const MAX_ACTIONS: u64 = 5000;

/// Skips the lobby and starts a game with this page at `seat`: the game's number and the
/// first state where the page decides.
async fn open(c: &mut Client, seat: u8, opponent: &str, seed: u64) -> (u64, TableView) {
    let ServerMsg::Lobby { .. } = c.recv().await else {
        panic!("the lobby comes first");
    };
    c.send(&new_game(seat, opponent, seed)).await;
    let ServerMsg::Joined { game, .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    let first = c.state().await;
    (game, decides(c, first).await)
}

/// States until the page decides or the game is over.
async fn decides(c: &mut Client, mut state: TableView) -> TableView {
    while state.actions.is_empty() && state.result.is_none() {
        assert!(state.version < MAX_ACTIONS, "the game is endless");
        state = c.state().await;
    }
    state
}

/// Takes `n` decisions (fewer if the game ends); the state where the page decides next.
async fn play(c: &mut Client, mut state: TableView, n: usize) -> TableView {
    for _ in 0..n {
        if state.result.is_some() {
            break;
        }
        c.send(&act(state.version, pick(&state))).await;
        let next = c.state().await;
        state = decides(c, next).await;
    }
    state
}

fn hash(server: &Server, game: u64) -> u64 {
    state_hash(&server.snapshot(game).expect("the game runs"))
}

/// The action texts of a state.
fn texts(state: &TableView) -> Vec<String> {
    state.actions.iter().map(|a| a.text.clone()).collect()
}

/// The page's `save`: the replay file's name and text.
async fn save(c: &mut Client) -> (String, String) {
    c.send(r#"{"kind":"save"}"#).await;
    loop {
        match c.recv().await {
            ServerMsg::Saved {
                name,
                replay,
                edited,
            } => {
                assert!(!edited, "no card was edited");
                return (name, replay);
            }
            ServerMsg::State(_) => continue,
            other => panic!("expected the saved game, got {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_each_decision_against_the_ai() {
    let (server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (game, mut state) = open(&mut c, 1, OPPONENT, 3).await;
    assert_eq!(state.undo, 0, "nothing to undo before the first decision");
    assert!(state.save, "a game against the AI may be saved at any time");
    let mut points = Vec::new();
    for _ in 0..4 {
        points.push((hash(&server, game), texts(&state), state.undo));
        state = play(&mut c, state, 1).await;
    }
    assert_eq!(state.undo, 4, "one undo per decision taken");
    // Each undo goes back to just before the page's previous decision, AI moves included.
    for (before, actions, undo) in points.into_iter().rev() {
        c.send(r#"{"kind":"undo"}"#).await;
        state = c.state().await;
        assert_eq!(hash(&server, game), before);
        assert_eq!(texts(&state), actions);
        assert_eq!(state.undo, undo);
        assert_eq!(state.log_start, 0, "the log is sent again from its start");
    }
    c.send(r#"{"kind":"undo"}"#).await;
    assert_eq!(c.error().await, "nothing to undo");
    // After an undo the game goes on as usual.
    let state = play(&mut c, state, 2).await;
    assert_eq!(state.undo, 2);
}

// An announcement in progress is undone one piece at a time: an undo right after announcing
// goes back to before the announcement.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_an_announcement_in_progress() {
    let (server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (game, mut state) = open(&mut c, 1, OPPONENT, 3).await;
    // Announcements until one has pieces to choose (one with none is declared at once).
    let (before, during) = loop {
        assert!(state.result.is_none(), "the page never announced");
        let Some(i) = state.actions.iter().position(|a| a.what == "announce") else {
            state = play(&mut c, state, 1).await;
            continue;
        };
        let before = (hash(&server, game), texts(&state), state.undo);
        c.send(&act(state.version, i)).await;
        let next = c.state().await;
        if next.announcement.is_some() {
            break (before, next);
        }
        state = decides(&mut c, next).await;
    };
    assert_eq!(during.undo, before.2 + 1);
    c.send(r#"{"kind":"undo"}"#).await;
    let after = c.state().await;
    assert_eq!(hash(&server, game), before.0);
    assert_eq!(after.announcement, None);
    assert_eq!(after.obs.announcement, None);
    assert_eq!((texts(&after), after.undo), (before.1, before.2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_and_saving_mid_game_are_refused_between_two_humans() {
    let (_server, url) = start().await;
    let mut c = Client::connect(&url).await;
    c.recv().await;
    c.send(&new_game(1, "human", 3)).await;
    let ServerMsg::Joined { .. } = c.recv().await else {
        panic!("joined comes after new");
    };
    assert_eq!(c.state().await.undo, 0);
    c.send(r#"{"kind":"undo"}"#).await;
    assert_eq!(
        c.error().await,
        "undo is only for a game against an AI player"
    );
    c.send(r#"{"kind":"save"}"#).await;
    assert_eq!(
        c.error().await,
        "a game between two humans can be saved once it is over (a saved game shows every \
         hidden card)"
    );
    let mut lobby = Client::connect(&url).await;
    lobby.recv().await;
    lobby.send(r#"{"kind":"undo"}"#).await;
    assert_eq!(lobby.error().await, "join a game first");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_game_goes_on_where_it_stopped() {
    let (server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (game, state) = open(&mut c, 1, OPPONENT, 5).await;
    let state = play(&mut c, state, 12).await;
    let (name, text) = save(&mut c).await;
    let replay = Replay::parse("saved.json".as_ref(), &text).expect("a replay file");
    assert!(
        name.starts_with("dzero-5-turn") && name.ends_with(".json"),
        "{name}"
    );
    assert_eq!(replay.seed, 5);
    assert_eq!(replay.players, ["human".to_string(), OPPONENT.to_string()]);
    assert_eq!(replay.result, None);
    let humans = replay
        .steps
        .iter()
        .filter(|s| s.seat == Player::One)
        .count();
    assert_eq!(humans, 12);
    // The replay re-runs to the server's game.
    let set = replay.load_set().expect("the set loads");
    let rerun = replay.rerun(&set, &mut ()).expect("the replay re-runs");
    assert_eq!(state_hash(&rerun), hash(&server, game));

    // Another page goes on with it: the same game, every decision of its seat undoable.
    let mut other = Client::connect(&url).await;
    other.recv().await;
    other
        .send(
            &json!({"kind": "load", "replay": text, "seat": 1, "opponent": OPPONENT, "lang": "en"})
                .to_string(),
        )
        .await;
    let ServerMsg::Joined { game: loaded, .. } = other.recv().await else {
        panic!("joined comes after load");
    };
    let resumed = other.state().await;
    assert_ne!(loaded, game);
    assert_eq!(hash(&server, loaded), hash(&server, game));
    assert_eq!(texts(&resumed), texts(&state));
    assert_eq!(resumed.undo, 12);

    // Undo in the first game, then save: the undone decisions are gone from the file.
    c.send(r#"{"kind":"undo"}"#).await;
    c.state().await;
    let (_, text) = save(&mut c).await;
    let shorter = Replay::parse("saved.json".as_ref(), &text).expect("a replay file");
    assert_eq!(
        shorter
            .steps
            .iter()
            .filter(|s| s.seat == Player::One)
            .count(),
        11
    );
    assert!(shorter.steps.len() < replay.steps.len());
    assert_eq!(shorter.steps[..], replay.steps[..shorter.steps.len()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_saved_game_is_refused_with_a_reason() {
    let (_server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (_, state) = open(&mut c, 1, OPPONENT, 9).await;
    play(&mut c, state, 6).await;
    let (_, text) = save(&mut c).await;
    let replay = Replay::parse("saved.json".as_ref(), &text).expect("a replay file");
    let load = |replay: &str| {
        json!({"kind": "load", "replay": replay, "seat": 1, "opponent": OPPONENT, "lang": "en"})
            .to_string()
    };
    let mut other = Client::connect(&url).await;
    other.recv().await;

    // A deck file outside the served sets is never read.
    let mut outside = replay.clone();
    outside.decks[1].file = "/etc/passwd".into();
    other.send(&load(&outside.to_json())).await;
    assert_eq!(
        other.error().await,
        "the replay's deck /etc/passwd is not served here: serve its set to open it"
    );

    // A decision whose recorded state no longer matches names its step.
    let mut changed = replay.clone();
    changed.steps[3].hash = "0000000000000000".into();
    other.send(&load(&changed.to_json())).await;
    let e = other.error().await;
    assert!(
        e.starts_with(
            "the saved game does not play the same with the cards as they are now: step 4 ("
        ),
        "{e}"
    );

    // Not a replay at all: the parse error with its line and column.
    other
        .send(&load("{\n  \"version\": 1,\n  \"seed\": \"x\"\n}"))
        .await;
    assert_eq!(
        other.error().await,
        r#"the replay file:3:13: not a dzero replay: invalid type: string "x", expected u64"#
    );

    // A replay is allowed to be long, other messages are not; nothing is longer than 1 MiB.
    let padded = format!(r#"{{"kind":"save"{}}}"#, " ".repeat(10_000));
    other.send(&padded).await;
    assert_eq!(
        other.error().await,
        format!("message too long ({} bytes; at most 4096)", padded.len())
    );
    let huge = load(&" ".repeat(1 << 20));
    other.send(&huge).await;
    assert_eq!(
        other.error().await,
        format!("message too long ({} bytes; at most 1048576)", huge.len())
    );
}

/// Every state of a re-run.
#[derive(Default)]
struct States(Vec<Game>);

impl Watch for States {
    fn start(&mut self, game: &Game) {
        self.0.push(game.clone());
    }

    fn after(&mut self, game: &Game) {
        self.0.push(game.clone());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_viewer_shows_each_state_as_a_seat_saw_it() {
    let (_server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (_, state) = open(&mut c, 2, OPPONENT, 21).await;
    let end = play(&mut c, state, 10_000).await;
    assert!(end.result.is_some(), "the game ends");
    let (_, text) = save(&mut c).await;
    let replay = Replay::parse("saved.json".as_ref(), &text).expect("a replay file");
    let set = replay.load_set().expect("the set loads");
    let mut states = States::default();
    replay.rerun(&set, &mut states).expect("the replay re-runs");

    let mut viewer = Client::connect(&url).await;
    viewer.recv().await;
    viewer
        .send(r#"{"kind":"replay_show","index":0,"seat":1,"lang":"en"}"#)
        .await;
    assert_eq!(viewer.error().await, "open a replay first");
    viewer
        .send(&json!({"kind": "open_replay", "replay": text}).to_string())
        .await;
    let ServerMsg::ReplayOpened(info) = viewer.recv().await else {
        panic!("the replay opens");
    };
    assert_eq!(info.seed, 21);
    assert_eq!(info.decks, ["d0-sample / 赤緑", "d0-sample / 黒白"]);
    assert_eq!(info.players, [OPPONENT.to_string(), "human".to_string()]);
    assert_eq!(info.turns.len(), replay.steps.len() + 1);
    assert_eq!(
        info.turns,
        states.0.iter().map(Game::turn).collect::<Vec<_>>()
    );
    assert_eq!(info.divergence, None);
    assert_eq!(info.result, end.result);

    let last = replay.steps.len();
    let mid = info.turns.iter().position(|&t| t == 3).expect("a turn 3");
    for (index, seat) in [(0, 1u8), (mid, 1), (mid, 2), (last, 2), (1, 2)] {
        viewer
            .send(&format!(
                r#"{{"kind":"replay_show","index":{index},"seat":{seat},"lang":"en"}}"#
            ))
            .await;
        let ServerMsg::ReplayFrame {
            index: i,
            step,
            view,
        } = viewer.recv().await
        else {
            panic!("a frame");
        };
        let p = if seat == 1 { Player::One } else { Player::Two };
        assert_eq!(i, index);
        assert_eq!(step.is_none(), index == 0);
        if let Some(step) = step {
            assert!(
                step.starts_with(&format!("{}: ", replay.steps[index - 1].seat)),
                "{step}"
            );
        }
        assert_eq!(view.seat, p);
        assert_eq!(
            view.obs,
            states.0[index].observe(&set.db, p),
            "state {index}"
        );
        assert!(view.actions.is_empty());
    }
    viewer
        .send(&format!(
            r#"{{"kind":"replay_show","index":{},"seat":1,"lang":"en"}}"#,
            last + 1
        ))
        .await;
    assert_eq!(
        viewer.error().await,
        format!("no state {}: the replay has states 0 to {last}", last + 1)
    );
}
