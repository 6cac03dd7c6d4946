//! Who the server answers, over a real socket: a request naming another host (DNS rebinding)
//! and a WebSocket opened from another site's page (cross-site WebSocket hijacking) are refused
//! with 403 on every route; the page's own origin, an origin given with `--allow-origin` and
//! a program sending no Origin are served.

mod common;

use common::sets;
use dzero_serve::protocol::ServerMsg;
use dzero_serve::{Access, Server};
use futures_util::StreamExt;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error, Message};

/// Serves the bundled sets with `origins` allowed besides the page's own; the address.
async fn serve(origins: Vec<String>) -> SocketAddr {
    let server = Arc::new(Server::new(&[sets()], None).expect("the sets serve"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let access = Access::new(addr, origins);
    tokio::spawn(dzero_serve::serve_with(listener, server, access));
    addr
}

/// The status line's code of a plain GET of `path` with `host` (and `origin`, if any).
async fn get(addr: SocketAddr, path: &str, host: &str, origin: Option<&str>) -> (u16, String) {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tcp.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let code = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {text:.200}"));
    (code, text)
}

/// Opens the WebSocket with these headers: the first message, or the refusal's status code.
async fn open_ws(addr: SocketAddr, host: &str, origin: Option<&str>) -> Result<ServerMsg, u16> {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    let headers = request.headers_mut();
    headers.insert("Host", HeaderValue::from_str(host).unwrap());
    if let Some(o) = origin {
        headers.insert("Origin", HeaderValue::from_str(o).unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((mut ws, _)) => match ws.next().await {
            Some(Ok(Message::Text(t))) => Ok(serde_json::from_str(&t).unwrap()),
            other => panic!("the lobby comes first, got {other:?}"),
        },
        Err(Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("the handshake fails only by a refusal: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_is_refused_on_every_route() {
    let addr = serve(Vec::new()).await;
    let port = addr.port();
    for path in ["/", "/table.js", "/ws", "/no-such-page"] {
        for host in [
            "evil.example".to_string(),
            format!("evil.example:{port}"),
            format!("127.0.0.1.evil.example:{port}"),
            format!("localhost:{}", port.wrapping_add(1)),
        ] {
            let (code, text) = get(addr, path, &host, None).await;
            assert_eq!(code, 403, "{path} with Host {host}");
            assert!(text.contains("is not this server's address"), "{text}");
        }
    }
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (code, text) = get(addr, "/", &host, None).await;
        assert_eq!(code, 200, "/ with Host {host}");
        assert!(text.contains("<html"), "the page is served to {host}");
    }
    assert_eq!(
        open_ws(addr, &format!("evil.example:{port}"), None)
            .await
            .err(),
        Some(403),
        "a rebound name opens no socket"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_and_the_page_s_own_is_served() {
    let addr = serve(vec!["https://tools.example".into()]).await;
    let host = addr.to_string();
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        &format!("http://localhost:{}", addr.port()),
    ] {
        assert_eq!(
            open_ws(addr, &host, Some(origin)).await.err(),
            Some(403),
            "Origin {origin}"
        );
        let (code, _) = get(addr, "/", &host, Some(origin)).await;
        assert_eq!(code, 403, "/ from Origin {origin}");
    }
    for origin in [
        Some(format!("http://{host}")),
        Some("https://tools.example".into()),
        None,
    ] {
        match open_ws(addr, &host, origin.as_deref()).await {
            Ok(ServerMsg::Lobby { decks, .. }) => assert!(!decks.is_empty()),
            other => panic!("Origin {origin:?} gets the lobby, got {other:?}"),
        }
    }
    let localhost = format!("localhost:{}", addr.port());
    assert!(
        matches!(
            open_ws(addr, &localhost, Some(&format!("http://{localhost}"))).await,
            Ok(ServerMsg::Lobby { .. })
        ),
        "the page opened as localhost is its own origin"
    );
}
