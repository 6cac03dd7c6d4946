//! dzero-serve: the browser play table. A local web server (axum on tokio) serves one page
//! (embedded HTML, CSS and JS) and one WebSocket per page: the lobby lists the served sets' deck
//! lists and dimension deck lists ([`dimension_lists`]); a game runs in its own thread ([`session`]) against an AI player or a second human
//! who opens the other seat with its token; each page is sent only its seat's observation
//! ([`table`]) and sends back indices into the legal actions it was given ([`protocol`]); a
//! game is recorded as it goes, so a seat playing an AI can undo, save it as a replay file and
//! go on with a saved one; a best-of-three match swaps sideboards between duels ([`matches`]);
//! the replay viewer ([`replay_view`]) steps through a replay or a whole match; the
//! validation page shows `dzero validate`'s results for the served sets ([`validation`]); the
//! scenario page runs one of the served sets' scenario files and shows it step by step
//! ([`scenario_view`]).

pub mod access;
pub mod announcement_view;
pub mod dimension_lists;
pub mod hot_reload;
pub mod limits;
pub mod lobby;
pub mod matches;
pub mod outbox;
pub mod place;
pub mod protocol;
pub mod rate_limit;
pub mod replay_view;
pub mod scenario_view;
pub mod session;
mod socket;
pub mod table;
pub mod validation;
pub mod watcher;

pub use access::Access;
use axum::Router;
use axum::http::header;
use axum::routing::get;
pub use limits::Limits;
pub use lobby::Server;
use std::net::SocketAddr;
use std::sync::Arc;

/// The embedded assets, by route: path, content type, content. Nothing else is served but
/// the WebSocket.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/table.css",
        "text/css; charset=utf-8",
        include_str!("../assets/table.css"),
    ),
    (
        "/dimension.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/dimension.js"),
    ),
    (
        "/table.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/table.js"),
    ),
    (
        "/replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/replay.js"),
    ),
    (
        "/reload.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/reload.js"),
    ),
    (
        "/scenario.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/scenario.js"),
    ),
    (
        "/match.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/match.js"),
    ),
];

/// The routes: the embedded assets and the WebSocket, every one behind `access`'s check of
/// the Host and Origin; nothing else is served.
pub fn router(server: Arc<Server>, access: Arc<Access>) -> Router {
    let mut router = Router::new();
    for &(path, kind, body) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, kind)], body) }),
        );
    }
    router
        .route("/ws", get(socket::upgrade))
        .with_state(server)
        .layer(axum::middleware::from_fn_with_state(access, access::guard))
}

/// Serves `server` on `listener` until the process ends, to requests naming the listener's
/// address, from its own page.
pub async fn serve(listener: tokio::net::TcpListener, server: Arc<Server>) -> std::io::Result<()> {
    let access = Access::new(listener.local_addr()?, Vec::new());
    serve_with(listener, server, access).await
}

/// Serves `server` on `listener` until the process ends, to the requests `access` lets in.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
    access: Access,
) -> std::io::Result<()> {
    axum::serve(listener, router(server, Arc::new(access))).await
}

/// Loads the sets' deck lists, watches the sets' folders (a save reloads them in the running
/// games), binds `addr` (port 0: any free port), tells `ready` the address bound, and serves
/// until the process ends, to pages of its own origin or of `origins` (checked by
/// [`access::origin`]).
pub fn run(
    paths: &[std::path::PathBuf],
    rules: Option<dzero_core::RuleSet>,
    addr: SocketAddr,
    origins: Vec<String>,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let server = Arc::new(Server::new(paths, rules)?);
    watcher::start(Arc::clone(&server))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        ready(bound);
        serve_with(listener, server, Access::new(bound, origins))
            .await
            .map_err(|e| format!("server stopped: {e}"))
    })
}
