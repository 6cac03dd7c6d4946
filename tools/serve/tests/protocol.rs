//! The play table's protocol over a real socket: lobby, join, state, act, result; each seat's
//! view, its announcements included; bad messages, which get an error reply and leave the game
//! as it was. Announcing and choosing pieces is in `announce.rs`.

mod common;

use common::{Client, OPPONENT, act, new_game, pick, start};
use dzero_core::{Game, Player, Zone};
use dzero_serve::Server;
use dzero_serve::lobby::OPPONENTS;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::{TableView, seen_cards};
use dzero_sim::state_hash;
use std::collections::BTreeSet;

/// Actions after which a test game counts as endless.
const MAX_ACTIONS: u64 = 5000;

/// The lobby, then `new`: the game's number, the invite (if any) and the first state.
async fn open(
    c: &mut Client,
    seat: u8,
    opponent: &str,
    seed: u64,
) -> (u64, Option<String>, TableView) {
    let ServerMsg::Lobby {
        decks, opponents, ..
    } = c.recv().await
    else {
        panic!("the lobby comes first");
    };
    let names: Vec<_> = decks
        .iter()
        .map(|d| format!("{}/{}", d.set, d.name))
        .collect();
    assert_eq!(
        names,
        [
            "d0-sample/赤緑",
            "d0-sample/黒白",
            "dimensions-sample/赤緑",
            "dimensions-sample/黒白",
            "touhou-sample/紅白",
            "touhou-sample/黒青"
        ]
    );
    assert_eq!(opponents, OPPONENTS);
    for o in OPPONENTS.iter().filter(|o| **o != "human") {
        let spec: dzero_ai::PlayerSpec = o.parse().expect("each AI offered is a player spec");
        assert_eq!(spec.to_string(), *o);
    }
    c.send(&new_game(seat, opponent, seed)).await;
    let ServerMsg::Joined {
        game,
        seat: s,
        invite,
        ..
    } = c.recv().await
    else {
        panic!("joined comes after new");
    };
    assert_eq!(s, seat);
    (game, invite, c.state().await)
}

fn snapshot(server: &Server, game: u64) -> Game {
    server.snapshot(game).expect("the game runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_ai_ends_with_a_result() {
    let (server, url) = start().await;
    let mut c = Client::connect(&url).await;
    let (game, invite, mut state) = open(&mut c, 1, OPPONENT, 11).await;
    assert_eq!(invite, None);
    assert_eq!(state.seat, Player::One);
    let mut log = state.log.len();
    while state.result.is_none() {
        assert!(state.version < MAX_ACTIONS, "the game is endless");
        if !state.actions.is_empty() {
            c.send(&act(state.version, pick(&state))).await;
        }
        // After the page's action, its state; after the AI's, the next.
        state = c.state().await;
        assert_eq!(
            state.log_start, log,
            "each state sends the log lines not yet sent"
        );
        log += state.log.len();
    }
    let end = snapshot(&server, game);
    assert_eq!(state.obs.result, end.result());
    assert!(state.actions.is_empty());
    c.send(&act(state.version, 0)).await;
    assert_eq!(c.error().await, "the game is over");
}

/// Every card id the page was given, and every definition it was told about, is one seat 1
/// may see right now (or a card named by place); none of seat 2's hand or deck (but its face-up
/// plan card) appears.
fn assert_no_leak(game: &Game, view: &TableView) {
    let hidden: BTreeSet<_> = [Zone::Hand, Zone::Deck]
        .into_iter()
        .flat_map(|z| game.zone(Player::Two, z))
        .filter(|&c| !game.visible_to(Player::One, c))
        .collect();
    let mut ids: Vec<_> = seen_cards(&view.obs)
        .iter()
        .map(|c| ("a face-up card", c.id))
        .collect();
    let items = view.obs.frames.iter().flat_map(|f| &f.stack);
    ids.extend(items.filter_map(|i| i.card).map(|c| ("a stack item", c)));
    ids.extend(
        view.actions
            .iter()
            .filter_map(|a| a.card)
            .map(|c| ("an action", c)),
    );
    if let Some(a) = &view.obs.announcement {
        let cards = a.what.card().into_iter().chain(a.targets.cards());
        let cards = cards.chain(a.cost_cards.cards()).chain(a.paid.cards());
        ids.extend(cards.map(|c| ("an announcement", c)));
    }
    for (what, id) in ids {
        assert!(
            !hidden.contains(&id),
            "seat 2's hidden card {id:?} was sent to seat 1 as {what} (version {})",
            view.version
        );
        assert!(
            id.place().is_some() || game.visible_to(Player::One, id),
            "card {id:?}, hidden from seat 1, was sent to it as {what}"
        );
    }
    let visible_defs: BTreeSet<_> = (0..game.card_count())
        .map(|i| dzero_core::CardId(i as u16))
        .filter(|&c| game.visible_to(Player::One, c))
        .filter_map(|c| game.card_state(c).map(|s| s.def))
        .collect();
    for info in &view.cards {
        assert!(
            visible_defs.contains(&info.def),
            "definition {} ({}) of no card seat 1 can see was sent to it",
            info.def.0,
            info.name
        );
    }
    let opponent = &view.obs.players[1];
    assert_eq!(opponent.hand, None);
    assert_eq!(opponent.hand_count, game.zone_len(Player::Two, Zone::Hand));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_one_never_sees_seat_two_hidden_cards() {
    let (server, url) = start().await;
    let mut one = Client::connect(&url).await;
    let (game, invite, first) = open(&mut one, 1, "human", 5).await;
    let invite = invite.expect("a human opponent gets an invite");
    let query: std::collections::HashMap<_, _> = invite
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .collect();
    assert_eq!(query["game"], game.to_string());
    assert_eq!(query["seat"], "2");
    let mut two = Client::connect(&url).await;
    assert!(matches!(two.recv().await, ServerMsg::Lobby { .. }));
    two.send(&format!(
        r#"{{"kind":"join","game":{game},"seat":2,"token":"{}","lang":"ja"}}"#,
        query["token"]
    ))
    .await;
    assert!(matches!(
        two.recv().await,
        ServerMsg::Joined { seat: 2, .. }
    ));
    let mut views = [first, two.state().await];
    assert_eq!(views[1].seat, Player::Two);
    assert!(!views[1].phase.is_ascii(), "seat 2 asked for Japanese");
    let mut checked = 0;
    loop {
        let g = snapshot(&server, game);
        assert_eq!(views[0].version, views[1].version);
        assert_no_leak(&g, &views[0]);
        checked += 1;
        if views[0].result.is_some() {
            break;
        }
        assert!(views[0].version < MAX_ACTIONS, "the game is endless");
        let p = g.decision().player().expect("someone decides");
        let v = &views[p.index()];
        assert!(views[p.opponent().index()].actions.is_empty());
        let index = pick(v);
        let (mover, other) = match p {
            Player::One => (&mut one, &mut two),
            Player::Two => (&mut two, &mut one),
        };
        mover.send(&act(v.version, index)).await;
        let (a, b) = (mover.state().await, other.state().await);
        views = match p {
            Player::One => [a, b],
            Player::Two => [b, a],
        };
    }
    assert!(checked > 20, "a whole game was checked ({checked} states)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_an_error_and_change_nothing() {
    let (server, url) = start().await;
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    c.send(&act(0, 0)).await;
    assert_eq!(c.error().await, "join a game first");
    c.send(r#"{"kind":"new","decks":[0,9],"seat":1,"opponent":"random","seed":1,"lang":"en"}"#)
        .await;
    assert_eq!(c.error().await, "no deck 9: the lobby lists 6 decks");
    c.send(&new_game(3, OPPONENT, 1)).await;
    assert_eq!(c.error().await, "no seat 3: seats are 1 and 2");
    c.send(&new_game(1, "chess", 1)).await;
    assert!(c.error().await.starts_with("unknown player `chess`"));

    c.send(&new_game(1, "human", 3)).await;
    let ServerMsg::Joined { game, invite, .. } = c.recv().await else {
        panic!("joined");
    };
    let state = c.state().await;
    let before = state_hash(&snapshot(&server, game));
    let (n, v) = (state.actions.len(), state.version);
    let refused = [
        ("not json".to_string(), "bad message: expected ident at line 1 column 2".to_string()),
        (r#"{"kind":"dance"}"#.into(), "bad message: unknown variant `dance`, expected one of `new`, `join`, `act`, `lang`, `validate`, `undo`, `save`, `load`, `open_replay`, `replay_show`, `scenarios`, `scenario`, `new_match`, `swap`, `play_first` at line 1 column 15".into()),
        (r#"{"kind":"act","version":0}"#.into(), "bad message: missing field `index`".into()),
        (act(v, n), format!("no action {n}: there are {n} legal actions")),
        (act(v + 1, 0), format!("stale action: it was chosen in state {}, the game is at state {v}", v + 1)),
        (
            format!(r#"{{"kind":"act","version":{v},"index":0,"pay":[99]}}"#),
            "bad message: unknown field `pay`, expected `version` or `index`".into(),
        ),
        ("x".repeat(10_000), "message too long (10000 bytes; at most 4096)".into()),
        (
            format!(r#"{{"kind":"join","game":{game},"seat":2,"token":"guess","lang":"en"}}"#),
            format!("wrong token for seat 2 of game {game}"),
        ),
    ];
    for (msg, want) in &refused {
        c.send(msg).await;
        assert_eq!(&c.error().await, want, "reply to {msg:.60}");
        assert_eq!(
            state_hash(&snapshot(&server, game)),
            before,
            "{msg:.60} changed the game"
        );
    }
    c.send_binary(vec![1, 2, 3]).await;
    assert_eq!(
        c.error().await,
        "binary frames are not understood: send JSON text"
    );

    // The seat that does not decide acts.
    let mut other = Client::connect(&url).await;
    assert!(matches!(other.recv().await, ServerMsg::Lobby { .. }));
    other
        .send(&format!(
            "{{\"kind\":\"join\"{}}}",
            join_fields(&invite.unwrap())
        ))
        .await;
    assert!(matches!(
        other.recv().await,
        ServerMsg::Joined { seat: 2, .. }
    ));
    let seat_two = other.state().await;
    let waiting = if state.actions.is_empty() {
        &mut c
    } else {
        &mut other
    };
    waiting.send(&act(v, 0)).await;
    assert_eq!(waiting.error().await, "it is not your decision");
    assert_eq!(state_hash(&snapshot(&server, game)), before);
    assert_eq!(seat_two.version, v);
}

/// The fields of a `join` message for an invite's query string.
fn join_fields(invite: &str) -> String {
    let q: std::collections::HashMap<_, _> = invite
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .collect();
    format!(
        r#","game":{},"seat":{},"token":"{}","lang":"en""#,
        q["game"], q["seat"], q["token"]
    )
}

// `new` and `new_match` carry the same request: both parse to it, and both refuse a field
// the request does not have.
#[test]
fn new_and_new_match_share_their_request_and_refuse_unknown_fields() {
    use dzero_serve::protocol::{ClientMsg, LangCode, NewRequest, parse_client};
    let body =
        r#""decks":[0,1],"seat":2,"opponent":"greedy","seed":7,"dimensions":"war","lang":"ja""#;
    let request = NewRequest {
        decks: [0, 1],
        seat: 2,
        opponent: "greedy".into(),
        seed: Some(7),
        dimensions: Some("war".into()),
        lang: LangCode::Ja,
    };
    assert_eq!(
        parse_client(&format!(r#"{{"kind":"new",{body}}}"#)),
        Ok(ClientMsg::New(request.clone()))
    );
    assert_eq!(
        parse_client(&format!(r#"{{"kind":"new_match",{body}}}"#)),
        Ok(ClientMsg::NewMatch(request))
    );
    for kind in ["new", "new_match"] {
        let e = parse_client(&format!(r#"{{"kind":"{kind}",{body},"bogus":1}}"#)).unwrap_err();
        assert!(
            e.starts_with("bad message: unknown field `bogus`"),
            "{kind}: {e}"
        );
    }
}
