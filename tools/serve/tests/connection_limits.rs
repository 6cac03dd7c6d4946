//! What one connection may do, over a real socket: a seat is taken only with its token, a
//! second page on a taken seat replaces the first by design (the first is told and can no
//! longer act), messages over the rate are refused and a flood closes the connection, and
//! connections over the cap are refused.

mod common;

use common::{Client, act, new_game, sets, start_server};
use dzero_serve::protocol::ServerMsg;
use dzero_serve::{Limits, Server};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn server(limits: Limits) -> Server {
    Server::new(&[sets()], None)
        .expect("the sets serve")
        .with_limits(limits)
}

/// The lobby, then a new game against a human: the game, the invite's token, the first state.
async fn open_human_game(c: &mut Client) -> (u64, String, String) {
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    c.send(&new_game(1, "human", 3)).await;
    let ServerMsg::Joined {
        game,
        token,
        invite,
        ..
    } = c.recv().await
    else {
        panic!("joined comes after new");
    };
    let invite = invite.expect("a human opponent gets an invite");
    let other = invite
        .rsplit_once("token=")
        .expect("the invite holds the token")
        .1
        .to_string();
    assert_eq!(token.len(), 32, "128 bits in hex");
    assert_ne!(token, other, "each seat has its own token");
    (game, token, other)
}

fn join(game: u64, seat: u8, token: &str) -> String {
    format!(r#"{{"kind":"join","game":{game},"seat":{seat},"token":"{token}","lang":"en"}}"#)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_page_on_a_seat_replaces_the_first() {
    let (_server, url) = start_server(server(Limits::default())).await;
    let mut first = Client::connect(&url).await;
    let (game, token, other) = open_human_game(&mut first).await;
    let state = first.state().await;

    let mut guess = Client::connect(&url).await;
    assert!(matches!(guess.recv().await, ServerMsg::Lobby { .. }));
    guess.send(&join(game, 1, &other)).await;
    assert_eq!(
        guess.error().await,
        format!("wrong token for seat 1 of game {game}"),
        "the other seat's token does not open this one"
    );

    let mut second = Client::connect(&url).await;
    assert!(matches!(second.recv().await, ServerMsg::Lobby { .. }));
    second.send(&join(game, 1, &token)).await;
    assert!(matches!(second.recv().await, ServerMsg::Joined { .. }));
    let taken = second.state().await;
    assert_eq!(taken.version, state.version, "the same game, as it was");
    assert_eq!(first.error().await, "this seat was opened in another page");
    first.send(&act(state.version, 0)).await;
    assert_eq!(
        first.error().await,
        "this seat was opened in another page: join it again to take it back"
    );
    if !taken.actions.is_empty() {
        second.send(&act(taken.version, 0)).await;
        let next = second.state().await;
        assert_eq!(next.version, taken.version + 1, "the new page acts");
    }
    // The replaced page takes the seat back with its token.
    first.send(&join(game, 1, &token)).await;
    assert!(matches!(first.recv().await, ServerMsg::Joined { .. }));
    first.state().await;
    assert_eq!(second.error().await, "this seat was opened in another page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_over_the_rate_are_refused_and_a_flood_closes() {
    let limits = Limits {
        messages_per_second: 5,
        burst: 10,
        ..Limits::default()
    };
    let (_server, url) = start_server(server(limits)).await;
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    for _ in 0..10 {
        c.send(r#"{"kind":"undo"}"#).await;
    }
    for _ in 0..10 {
        assert_eq!(c.error().await, "join a game first", "within the burst");
    }
    c.send(r#"{"kind":"undo"}"#).await;
    assert_eq!(
        c.error().await,
        "refused: too many messages (at most 5 a second)"
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    c.send(r#"{"kind":"undo"}"#).await;
    assert_eq!(c.error().await, "join a game first", "the rate refills");
    for _ in 0..30 {
        c.send("garbage").await;
    }
    let mut refused = 0;
    loop {
        match c.recv().await {
            ServerMsg::Error { message } if message.starts_with("refused: too many") => {
                refused += 1
            }
            ServerMsg::Error { message } if message.starts_with("closed: more than 5") => break,
            ServerMsg::Error { message } => assert!(message.starts_with("bad message")),
            other => panic!("only errors, got {other:?}"),
        }
    }
    assert!(
        refused >= 9,
        "a burst's worth refused in a row, then closed: {refused} refused"
    );
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match c.next_frame().await {
                Some(Message::Close(Some(frame))) => return u16::from(frame.code),
                Some(Message::Close(None)) | None => return 0,
                Some(_) => {}
            }
        }
    })
    .await
    .expect("the server closes the connection");
    assert_eq!(closed, 1008, "closed as a policy violation");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_are_refused() {
    let limits = Limits {
        max_connections: 2,
        ..Limits::default()
    };
    let (server, url) = start_server(server(limits)).await;
    let mut a = Client::connect(&url).await;
    let mut b = Client::connect(&url).await;
    assert!(matches!(a.recv().await, ServerMsg::Lobby { .. }));
    assert!(matches!(b.recv().await, ServerMsg::Lobby { .. }));
    match tokio_tungstenite::connect_async(url.as_str()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 503)
        }
        other => panic!("a third connection is refused, got {:?}", other.map(|_| ())),
    }
    drop(a);
    let start = std::time::Instant::now();
    while server.connections() > 1 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "a closed page is counted out"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_stops_reading_is_let_go_of() {
    let limits = Limits {
        send_timeout: Duration::from_millis(500),
        messages_per_second: 1000,
        burst: 1000,
        ..Limits::default()
    };
    let (server, url) = start_server(server(limits)).await;
    let mut c = Client::connect(&url).await;
    assert!(matches!(c.recv().await, ServerMsg::Lobby { .. }));
    // Each reply is a whole scenario's trace: the socket's buffers fill while nothing is read.
    for _ in 0..300 {
        c.send(r#"{"kind":"scenario","index":0,"lang":"en"}"#).await;
    }
    let start = std::time::Instant::now();
    while server.connections() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "a page that reads nothing is closed once a message waits too long"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(c);
}
