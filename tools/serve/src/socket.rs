//! One page's WebSocket: the lobby first, then the seat it takes; every message it sends is
//! checked here or by the game's thread, and a bad one gets an error reply.

use crate::lobby::{NewGame, OPPONENTS, OpenConnection, Server, Ticket, seat_number, seat_of};
use crate::outbox::{Inbox, Outbox, outbox};
use crate::protocol::{ClientMsg, MAX_CLIENT_MESSAGE, MAX_FILE_MESSAGE, ServerMsg, parse_client};
use crate::rate_limit::{RateLimit, Verdict};
use crate::replay_view::ViewCommand;
use crate::scenario_view::ScenarioRef;
use crate::session::{Command, SEAT_REPLACED};
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dzero_core::Player;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Frames longer than this close the connection; messages up to it get an error reply when
/// longer than [`MAX_CLIENT_MESSAGE`].
const MAX_FRAME: usize = 2 << 20;
const _: () = assert!(MAX_CLIENT_MESSAGE < MAX_FILE_MESSAGE && MAX_FILE_MESSAGE < MAX_FRAME);

/// The close code of a connection that broke a limit (RFC 6455: policy violation).
const POLICY_VIOLATION: u16 = 1008;

/// Upgrades a request to the page's WebSocket; refused (503) when the server has as many
/// connections open as it allows.
pub async fn upgrade(ws: WebSocketUpgrade, State(server): State<Arc<Server>>) -> Response {
    let Some(open) = server.open_connection() else {
        let max = server.limits().max_connections;
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("refused: {max} connections are open\n"),
        )
            .into_response();
    };
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| connection(socket, server, open))
}

/// The seat a connection holds.
struct Held {
    seat: Player,
    commands: mpsc::Sender<Command>,
    /// Set by the game when another page takes the seat.
    replaced: Arc<AtomicBool>,
}

/// What a connection has open: a seat of a game, a replay in the viewer.
#[derive(Default)]
struct Page {
    held: Option<Held>,
    viewer: Option<mpsc::Sender<ViewCommand>>,
}

/// Sends one message, or says the page did not take it within `within` (it stopped reading)
/// or is gone.
async fn send(socket: &mut WebSocket, text: String, within: Duration) -> bool {
    matches!(
        tokio::time::timeout(within, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

/// Tells the page why its connection closes, and closes it (without waiting on a page that
/// does not read).
async fn close(socket: &mut WebSocket, why: &str, within: Duration) {
    if send(socket, ServerMsg::error(why).to_json(), within).await {
        let frame = CloseFrame {
            code: POLICY_VIOLATION,
            reason: why.into(),
        };
        let _ = tokio::time::timeout(within, socket.send(Message::Close(Some(frame)))).await;
    }
}

async fn connection(mut socket: WebSocket, server: Arc<Server>, _open: OpenConnection) {
    let limits = *server.limits();
    let within = limits.send_timeout;
    let conn = server.connection();
    let (out, mut from_game): (Outbox, Inbox) = outbox(limits.queued);
    let lobby = ServerMsg::Lobby {
        decks: server.decks(),
        dimensions: server.dimensions(),
        opponents: OPPONENTS.iter().map(|s| s.to_string()).collect(),
    };
    if !send(&mut socket, lobby.to_json(), within).await {
        return;
    }
    let mut page = Page::default();
    let mut rate = RateLimit::new(limits.messages_per_second, limits.burst, Instant::now());
    loop {
        if from_game.overflowed() {
            let why = format!("closed: the page left {} messages unread", limits.queued);
            close(&mut socket, &why, within).await;
            break;
        }
        tokio::select! {
            msg = socket.recv() => {
                let frame = match msg {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(m)) => m,
                };
                let verdict = rate.message(Instant::now());
                if matches!(frame, Message::Ping(_) | Message::Pong(_)) && verdict != Verdict::Close {
                    // Counted against the rate like any frame; answered by the socket itself.
                    continue;
                }
                let reply = match verdict {
                    Verdict::Close => {
                        let why = format!(
                            "closed: more than {} messages a second, {} in a row refused",
                            limits.messages_per_second, limits.burst
                        );
                        close(&mut socket, &why, within).await;
                        break;
                    }
                    Verdict::Refuse => Some(ServerMsg::error(format!(
                        "refused: too many messages (at most {} a second)",
                        limits.messages_per_second
                    ))),
                    Verdict::Allow => match frame {
                        Message::Text(text) => {
                            handle(&server, conn, &out, &mut page, text.as_str()).await
                        }
                        _ => Some(ServerMsg::error(
                            "binary frames are not understood: send JSON text",
                        )),
                    },
                };
                if let Some(r) = reply
                    && !send(&mut socket, r.to_json(), within).await
                {
                    break;
                }
            }
            Some(text) = from_game.recv() => {
                if !send(&mut socket, text, within).await {
                    break;
                }
            }
        }
    }
    if let Some(h) = page.held {
        let _ = h.commands.send(Command::Leave { seat: h.seat, conn });
    }
}

/// Answers one text message; the reply, if the page gets one directly (states come from the
/// game's thread).
async fn handle(
    server: &Arc<Server>,
    conn: u64,
    out: &Outbox,
    page: &mut Page,
    text: &str,
) -> Option<ServerMsg> {
    let msg = match parse_client(text) {
        Ok(m) => m,
        Err(e) => return Some(ServerMsg::error(e)),
    };
    let held = &mut page.held;
    let matched = matches!(msg, ClientMsg::NewMatch { .. });
    let result = match msg {
        ClientMsg::Validate {} => {
            let s = Arc::clone(server);
            return Some(
                match tokio::task::spawn_blocking(move || s.validate()).await {
                    Ok(v) => ServerMsg::Validation(v),
                    Err(e) => ServerMsg::error(format!("the validation stopped: {e}")),
                },
            );
        }
        ClientMsg::Scenarios {} => {
            let s = Arc::clone(server);
            return Some(
                match tokio::task::spawn_blocking(move || crate::scenario_view::list(s.served()))
                    .await
                {
                    Ok(files) => ServerMsg::Scenarios { files },
                    Err(e) => ServerMsg::error(format!("the scenario list stopped: {e}")),
                },
            );
        }
        ClientMsg::Scenario { index, path, lang } => {
            return Some(open_scenario(server, index, path, lang.lang()).await);
        }
        ClientMsg::New(r) | ClientMsg::NewMatch(r) => match seat_of(r.seat) {
            Err(e) => Err(e),
            Ok(seat) => {
                let lang = r.lang;
                let req = NewGame {
                    decks: r.decks,
                    seat,
                    opponent: r.opponent,
                    seed: r.seed,
                    matched,
                    dimensions: r.dimensions,
                };
                let s = Arc::clone(server);
                let ticket = tokio::task::spawn_blocking(move || s.create(&req)).await;
                seated(server, ticket, held, conn, lang.lang(), out)
            }
        },
        ClientMsg::Load {
            replay,
            seat,
            opponent,
            lang,
        } => match seat_of(seat) {
            Err(e) => Err(e),
            Ok(seat) => {
                let s = Arc::clone(server);
                let ticket =
                    tokio::task::spawn_blocking(move || s.load(&replay, seat, &opponent)).await;
                seated(server, ticket, held, conn, lang.lang(), out)
            }
        },
        ClientMsg::Undo {} => held_send(held, |seat| Command::Undo { seat, conn }),
        ClientMsg::Save {} => held_send(held, |seat| Command::Save { seat, conn }),
        ClientMsg::OpenReplay { replay } => {
            let s = Arc::clone(server);
            let opened = tokio::task::spawn_blocking(move || {
                s.replay_file(&replay)
                    .and_then(|(file, decks)| crate::replay_view::open(file, decks))
            })
            .await;
            return Some(match opened {
                Err(e) => ServerMsg::error(format!("the replay could not open: {e}")),
                Ok(Err(e)) => ServerMsg::error(e),
                Ok(Ok((viewer, info))) => {
                    page.viewer = Some(viewer);
                    ServerMsg::ReplayOpened(info)
                }
            });
        }
        ClientMsg::ReplayShow { index, seat, lang } => match (&page.viewer, seat_of(seat)) {
            (_, Err(e)) => Err(e),
            (None, _) => Err("open a replay first".into()),
            (Some(v), Ok(seat)) => v
                .send(ViewCommand::Show {
                    index,
                    seat,
                    lang: lang.lang(),
                    out: out.clone(),
                })
                .map_err(|_| "the replay viewer has stopped".to_string()),
        },
        ClientMsg::Join {
            game,
            seat,
            token,
            lang,
        } => seat_of(seat)
            .and_then(|seat| Ok((seat, server.seat(game, seat, &token)?)))
            .and_then(|(seat, commands)| {
                let joined = ServerMsg::Joined {
                    game,
                    seat: seat_number(seat),
                    token,
                    invite: None,
                };
                let _ = out.send(joined.to_json());
                take_seat(held, seat, commands, conn, lang.lang(), out)
            }),
        ClientMsg::Act { version, index } => held_send(held, |seat| Command::Act {
            seat,
            conn,
            version,
            index,
        }),
        ClientMsg::Swap { out: cards, into } => held_send(held, |seat| Command::Swap {
            seat,
            conn,
            swap: dzero_sim::Swap { out: cards, into },
        }),
        ClientMsg::PlayFirst { first } => {
            held_send(held, |seat| Command::PlayFirst { seat, conn, first })
        }
        ClientMsg::Lang { lang } => match held {
            None => Ok(()),
            Some(h) => h
                .commands
                .send(Command::Lang {
                    seat: h.seat,
                    conn,
                    lang: lang.lang(),
                })
                .map_err(|_| "the game has ended".to_string()),
        },
    };
    result.err().map(ServerMsg::error)
}

/// Sends the game of the seat held the command `make` builds for the seat.
fn held_send(held: &Option<Held>, make: impl FnOnce(Player) -> Command) -> Result<(), String> {
    match held {
        None => Err("join a game first".into()),
        Some(h) if h.replaced.load(Ordering::Relaxed) => {
            Err(format!("{SEAT_REPLACED}: join it again to take it back"))
        }
        Some(h) => h
            .commands
            .send(make(h.seat))
            .map_err(|_| "the game has ended".to_string()),
    }
}

/// Tells the page the seat a new or loaded game gave it, and takes the seat.
fn seated(
    server: &Server,
    ticket: Result<Result<Ticket, String>, tokio::task::JoinError>,
    held: &mut Option<Held>,
    conn: u64,
    lang: dzero_text::Lang,
    out: &Outbox,
) -> Result<(), String> {
    let ticket = ticket.map_err(|e| format!("the game could not start: {e}"))??;
    let seat = ticket.seat;
    let commands = server.seat(ticket.game, seat, &ticket.token)?;
    let joined = ServerMsg::Joined {
        game: ticket.game,
        seat: seat_number(seat),
        token: ticket.token.clone(),
        invite: ticket.invite.map(|t| {
            format!(
                "?game={}&seat={}&token={t}",
                ticket.game,
                seat_number(seat.opponent())
            )
        }),
    };
    let _ = out.send(joined.to_json());
    take_seat(held, seat, commands, conn, lang, out)
}

/// Runs the scenario a page named (in a blocking task: it loads Lua) and traces it.
async fn open_scenario(
    server: &Arc<Server>,
    index: Option<usize>,
    path: Option<String>,
    lang: dzero_text::Lang,
) -> ServerMsg {
    let which = match (index, path) {
        (Some(i), None) => ScenarioRef::Index(i),
        (None, Some(p)) => ScenarioRef::Path(p),
        _ => return ServerMsg::error("name a scenario by its index or by its path (one of them)"),
    };
    let s = Arc::clone(server);
    match tokio::task::spawn_blocking(move || {
        crate::scenario_view::open(s.served(), &which, s.rules(), lang)
    })
    .await
    {
        Ok(Ok(view)) => ServerMsg::Scenario(Box::new(view)),
        Ok(Err(e)) => ServerMsg::error(e),
        Err(e) => ServerMsg::error(format!("the scenario stopped: {e}")),
    }
}

/// Leaves the seat held, if any, and takes `seat` of the game behind `commands`.
fn take_seat(
    held: &mut Option<Held>,
    seat: Player,
    commands: mpsc::Sender<Command>,
    conn: u64,
    lang: dzero_text::Lang,
    out: &Outbox,
) -> Result<(), String> {
    if let Some(h) = held.take() {
        let _ = h.commands.send(Command::Leave { seat: h.seat, conn });
    }
    let replaced = Arc::new(AtomicBool::new(false));
    commands
        .send(Command::Join {
            seat,
            conn,
            lang,
            out: out.clone(),
            replaced: Arc::clone(&replaced),
        })
        .map_err(|_| "the game has ended".to_string())?;
    *held = Some(Held {
        seat,
        commands,
        replaced,
    });
    Ok(())
}
