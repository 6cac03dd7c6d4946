//! A served play table on a free port and a WebSocket client speaking its protocol.
#![allow(dead_code)] // each test uses part of it

use dzero_serve::Server;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The AI opponent the tests play against (one constant, so it can be switched).
pub const OPPONENT: &str = "greedy";

/// The bundled sets.
pub fn sets() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets")
}

/// Serves the bundled sets on a free port; the server and the WebSocket URL.
pub async fn start() -> (Arc<Server>, String) {
    start_with(&[sets()]).await
}

/// Serves the sets under `paths` on a free port; the server and the WebSocket URL.
pub async fn start_with(paths: &[std::path::PathBuf]) -> (Arc<Server>, String) {
    start_server(Server::new(paths, None).expect("the sets serve")).await
}

/// Serves `server` on a free port; the server and the WebSocket URL.
pub async fn start_server(server: Server) -> (Arc<Server>, String) {
    let server = Arc::new(server);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    tokio::spawn(dzero_serve::serve(listener, Arc::clone(&server)));
    (server, url)
}

/// One page's connection.
pub struct Client {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    /// Every text frame received, in order.
    pub traffic: Vec<String>,
}

impl Client {
    /// Connects; the lobby is the first message.
    pub async fn connect(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client {
            ws,
            traffic: Vec::new(),
        }
    }

    /// Sends a text frame.
    pub async fn send(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::binary(bytes)).await.unwrap();
    }

    /// The next frame of any kind, `None` once the connection is closed or broken.
    pub async fn next_frame(&mut self) -> Option<Message> {
        self.ws.next().await.and_then(Result::ok)
    }

    /// The next message (fails after a minute of silence).
    pub async fn recv(&mut self) -> ServerMsg {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(60), self.ws.next())
                .await
                .expect("a message within a minute")
                .expect("the connection stays open")
                .expect("a valid frame");
            if let Message::Text(t) = msg {
                self.traffic.push(t.to_string());
                return serde_json::from_str(&t).expect("server messages parse");
            }
        }
    }

    /// The next state message (fails on anything else).
    pub async fn state(&mut self) -> TableView {
        match self.recv().await {
            ServerMsg::State(v) => *v,
            other => panic!("expected a state, got {other:?}"),
        }
    }

    /// The next error message's text (fails on anything else).
    pub async fn error(&mut self) -> String {
        match self.recv().await {
            ServerMsg::Error { message } => message,
            other => panic!("expected an error, got {other:?}"),
        }
    }
}

/// A `new` message for decks 0 and 1 with this page at `seat` against `opponent`.
pub fn new_game(seat: u8, opponent: &str, seed: u64) -> String {
    format!(
        r#"{{"kind":"new","decks":[0,1],"seat":{seat},"opponent":"{opponent}","seed":{seed},"lang":"en"}}"#
    )
}

/// An `act` message.
pub fn act(version: u64, index: usize) -> String {
    format!(r#"{{"kind":"act","version":{version},"index":{index}}}"#)
}

/// A deterministic pick among the page's legal actions (a pass-heavy player would make games
/// long): mostly the last listed action, sometimes another; never the cancel of an
/// announcement (listed last), which would only go back.
pub fn pick(view: &TableView) -> usize {
    let n = view.actions.iter().filter(|a| a.what != "cancel").count();
    if view.version.is_multiple_of(5) {
        (view.version as usize / 5) % n
    } else {
        n - 1
    }
}
