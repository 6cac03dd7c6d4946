//! `dzero serve` refuses other sites' pages in a real browser: a page served from another
//! origin (here another port of 127.0.0.1, as a site the designer visits would be) opens the
//! WebSocket to the play table and is refused, while the table's own page opens it; with
//! `--allow-origin` that other origin is let in.

mod browser;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::time::Duration;

/// Serves one page, the same to every request, on a free port of 127.0.0.1 from a thread; the
/// page's URL.
fn other_site() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}/", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut s) = stream else { continue };
            let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let body = "<!doctype html><title>another site</title><p>another site</p>";
            let _ = write!(
                s,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    url
}

/// Opens a WebSocket to `ws` from the page shown: `open` and the first message's `kind`, or
/// `refused`.
async fn try_socket(c: &fantoccini::Client, ws: &str) -> String {
    let script = r#"
        const [url, done] = arguments;
        const s = new WebSocket(url);
        s.onmessage = (e) => { done('open ' + JSON.parse(e.data).kind); s.close(); };
        s.onerror = () => done('refused');
    "#;
    let got = c
        .execute_async(script, vec![ws.into()])
        .await
        .expect("the script answers");
    got.as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_site_s_page_cannot_open_the_socket() {
    let Some(b) = browser::open().await else {
        return;
    };
    let c = &b.client;
    let evil = other_site();
    let (_server, url) = browser::serve();
    let ws = format!("{}ws", url.replace("http://", "ws://"));

    c.goto(&url).await.expect("the table's page opens");
    assert_eq!(
        try_socket(c, &ws).await,
        "open lobby",
        "its own page opens it"
    );
    c.goto(&evil).await.expect("the other site opens");
    assert_eq!(try_socket(c, &ws).await, "refused", "another site's page");

    let origin = evil.trim_end_matches('/');
    let (_allowing, url) = browser::serve_with(
        &[browser::repo().join("cardpool/sets")],
        &["--allow-origin", origin],
    );
    let ws = format!("{}ws", url.replace("http://", "ws://"));
    assert_eq!(
        try_socket(c, &ws).await,
        "open lobby",
        "an origin given with --allow-origin opens it"
    );
    b.close().await;
}
