//! The load driver: serves the bundled sets in this process and runs many tables at once over
//! loopback, half against an AI player, half between two bot clients, each client sending
//! legal moves until its game ends. Some clients misbehave: they leave mid-game, drop their
//! connection and take their seat back with its token, send garbage, or stop reading for a
//! while. It measures the time from a move to its reply, the memory and threads the tables
//! hold, and checks that every game ended or was abandoned and that every table, connection
//! and thread is let go of afterwards.

use dzero_serve::protocol::ServerMsg;
use dzero_serve::table::TableView;
use dzero_serve::{Limits, Server};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What to run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Tables at once: even ones against `ai`, odd ones between two bot clients.
    pub tables: usize,
    /// The AI player of the AI tables (`mcts:100`).
    pub ai: String,
    /// When every client stops, its game unfinished (abandoned) if it has not ended.
    pub deadline: Duration,
    /// How long a table no page holds lives on (`Limits::abandoned`): longer than setting up
    /// a table takes under the load, or a table ends before its page joins.
    pub abandoned: Duration,
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Tables run.
    pub tables: usize,
    /// Games that ended with a result.
    pub ended: usize,
    /// Games abandoned: a client left, or the deadline came first.
    pub abandoned: usize,
    /// What went wrong: unexpected replies, silent servers, tables never let go of.
    pub failures: Vec<String>,
    /// From each move sent to its reply (a state or a refusal), sorted.
    pub latencies: Vec<Duration>,
    /// Garbage messages sent, and the error replies they got.
    pub garbage: (usize, usize),
    /// Seats taken back with their token after a dropped connection.
    pub reconnects: usize,
    /// Resident memory before the tables, once all had started, at its peak and after (bytes).
    pub rss: [u64; 4],
    /// Threads before the tables and after they were let go of.
    pub threads: [u64; 2],
    /// Tables and connections still held after the run.
    pub left: [usize; 2],
    /// The whole run, tables let go of included.
    pub elapsed: Duration,
}

impl Report {
    /// The latency at `q` (0..=1) of the sorted list.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.latencies.len() - 1) as f64 * q).round() as usize;
        self.latencies[i]
    }

    /// The report in a few lines.
    pub fn summary(&self) -> String {
        let mib = |b: u64| b as f64 / (1 << 20) as f64;
        let [before, loaded, peak, after] = self.rss;
        format!(
            "{} tables ({} ended, {} abandoned) in {:.1} s\n\
             moves: {}, reply p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n\
             memory: {:.1} MiB before, {:.1} MiB with every table started ({:.2} MiB per table), \
             peak {:.1} MiB, {:.1} MiB after\n\
             threads: {} before, {} after; tables left {}, connections left {}\n\
             garbage sent {}, refused {}; seats taken back {}; failures {}",
            self.tables,
            self.ended,
            self.abandoned,
            self.elapsed.as_secs_f64(),
            self.latencies.len(),
            self.quantile(0.5).as_secs_f64() * 1e3,
            self.quantile(0.99).as_secs_f64() * 1e3,
            self.quantile(1.0).as_secs_f64() * 1e3,
            mib(before),
            mib(loaded),
            mib(loaded.saturating_sub(before)) / self.tables.max(1) as f64,
            mib(peak),
            mib(after),
            self.threads[0],
            self.threads[1],
            self.left[0],
            self.left[1],
            self.garbage.0,
            self.garbage.1,
            self.reconnects,
            self.failures.len(),
        )
    }
}

/// A line of /proc/self/status, as a number (kB lines in bytes).
fn status(field: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().split(' ').next()?.parse::<u64>().ok())
        .map(|v| if field == "VmRSS:" { v * 1024 } else { v })
        .unwrap_or(0)
}

fn rss() -> u64 {
    status("VmRSS:")
}

fn threads() -> u64 {
    status("Threads:")
}

/// How a client behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Behaviour {
    /// Plays every move.
    Steady,
    /// Drops its connection mid-game and takes its seat back with its token.
    Reconnects,
    /// Sends a garbage message before some moves.
    Garbage,
    /// Stops reading for a while mid-game, then goes on.
    StopsReading,
    /// Leaves mid-game for good.
    Leaves,
}

/// Moves after which a misbehaving client misbehaves.
const MISBEHAVE_AT: usize = 12;
/// How long a client that stops reading reads nothing.
const STOPPED: Duration = Duration::from_secs(2);

/// How one client's game went.
#[derive(Default)]
struct Outcome {
    ended: bool,
    left: bool,
    failures: Vec<String>,
    latencies: Vec<Duration>,
    garbage: (usize, usize),
    reconnects: usize,
}

/// Which seat a client holds: a new game's, or a joined one.
enum Start {
    New {
        opponent: String,
        decks: [usize; 2],
        seed: u64,
    },
    Join {
        game: u64,
        seat: u8,
        token: String,
    },
}

/// The errors a well-behaved server answers a racing or misbehaving client with.
fn expected_error(message: &str) -> bool {
    [
        "stale action",
        "it is not your decision",
        "the game is over",
        "bad message",
        "message too long",
        "binary frames",
        "no action",
        "refused: too many messages",
    ]
    .iter()
    .any(|p| message.starts_with(p))
}

const GARBAGE: [&str; 4] = [
    "not json at all",
    r#"{"kind":"replay_show","index":0,"seat":1,"lang":"en"}"#,
    r#"{"kind":"join","game":1,"seat":1,"token":"guessed","lang":"en"}"#,
    r#"{"kind":"dance"}"#,
];

/// The pick among a seat's legal actions: mostly the last, sometimes another, never the
/// cancel of an announcement (listed last).
fn pick(view: &TableView) -> usize {
    let n = view.actions.iter().filter(|a| a.what != "cancel").count();
    if n == 0 {
        0
    } else if view.version.is_multiple_of(5) {
        (view.version as usize / 5) % n
    } else {
        n - 1
    }
}

fn act(version: u64, index: usize) -> String {
    format!(r#"{{"kind":"act","version":{version},"index":{index}}}"#)
}

fn join(game: u64, seat: u8, token: &str) -> String {
    format!(r#"{{"kind":"join","game":{game},"seat":{seat},"token":"{token}","lang":"en"}}"#)
}

/// The next message within `until`, `Ok(None)` at `until`; `Err` when the connection broke.
async fn next(ws: &mut Socket, until: Instant) -> Result<Option<ServerMsg>, String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Ok(None),
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(&t)
                    .map(Some)
                    .map_err(|e| format!("unparsable server message: {e}"));
            }
            Ok(Some(Ok(Message::Close(f)))) => return Err(format!("closed by the server: {f:?}")),
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => return Err(format!("connection broke: {e}")),
            Ok(None) => return Err("connection ended".into()),
        }
    }
}

/// Connects and reads the lobby.
async fn connect(url: &str, until: Instant) -> Result<Socket, String> {
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| format!("cannot connect: {e}"))?;
    match next(&mut ws, until).await? {
        Some(ServerMsg::Lobby { .. }) => Ok(ws),
        other => Err(format!("the lobby comes first, got {other:?}")),
    }
}

async fn send(ws: &mut Socket, msg: Message) -> Result<(), String> {
    ws.send(msg).await.map_err(|e| format!("cannot send: {e}"))
}

/// One client: takes its seat, then plays until the game ends, it leaves or `until`. A new
/// game's seat tells `invite` the other seat's token, when a human plays it.
async fn client(
    url: String,
    start: Start,
    behaviour: Behaviour,
    until: Instant,
    invite: Option<tokio::sync::oneshot::Sender<(u64, String)>>,
    started: Arc<AtomicUsize>,
) -> Outcome {
    let mut out = Outcome::default();
    if let Err(e) = play(&url, start, behaviour, until, invite, &started, &mut out).await {
        out.failures.push(format!("{behaviour:?} client: {e}"));
    }
    out
}

async fn play(
    url: &str,
    start: Start,
    behaviour: Behaviour,
    until: Instant,
    mut invite: Option<tokio::sync::oneshot::Sender<(u64, String)>>,
    started: &AtomicUsize,
    out: &mut Outcome,
) -> Result<(), String> {
    let mut ws = connect(url, until).await?;
    let first = match &start {
        Start::New {
            opponent,
            decks,
            seed,
        } => format!(
            r#"{{"kind":"new","decks":[{},{}],"seat":1,"opponent":"{opponent}","seed":{seed},"lang":"en"}}"#,
            decks[0], decks[1]
        ),
        Start::Join { game, seat, token } => join(*game, *seat, token),
    };
    send(&mut ws, Message::text(first)).await?;
    let (game, seat, token) = loop {
        match next(&mut ws, until).await? {
            Some(ServerMsg::Joined {
                game,
                seat,
                token,
                invite: other,
            }) => {
                if let (Some(tx), Some(q)) = (invite.take(), other) {
                    let t = q.rsplit_once("token=").map(|(_, t)| t.to_string());
                    let _ = tx.send((game, t.unwrap_or_default()));
                }
                break (game, seat, token);
            }
            Some(ServerMsg::Error { message }) => return Err(format!("no seat: {message}")),
            Some(_) => {}
            None => return Ok(()),
        }
    };
    started.fetch_add(1, Ordering::Relaxed);
    let mut moves = 0usize;
    let mut misbehaved = false;
    let mut sent: Option<(u64, Instant)> = None;
    let mut last_acted: Option<u64> = None;
    loop {
        let msg = match next(&mut ws, until).await? {
            None => return Ok(()),
            Some(m) => m,
        };
        let view = match msg {
            ServerMsg::State(v) => *v,
            ServerMsg::Error { message } => {
                if GARBAGE_REPLIES.iter().any(|p| message.starts_with(p)) {
                    out.garbage.1 += 1;
                    continue;
                }
                if !expected_error(&message) {
                    return Err(format!("game {game}: unexpected error: {message}"));
                }
                if let Some((_, at)) = sent.take() {
                    out.latencies.push(at.elapsed());
                }
                continue;
            }
            _ => continue,
        };
        if let Some((v, at)) = sent
            && view.version > v
        {
            out.latencies.push(at.elapsed());
            sent = None;
        }
        if view.result.is_some() {
            out.ended = true;
            return Ok(());
        }
        if view.actions.is_empty() || last_acted == Some(view.version) {
            continue;
        }
        if moves == MISBEHAVE_AT && !misbehaved {
            misbehaved = true;
            match behaviour {
                Behaviour::Steady | Behaviour::Garbage => {}
                Behaviour::Leaves => {
                    out.left = true;
                    return Ok(());
                }
                Behaviour::StopsReading => tokio::time::sleep(STOPPED).await,
                Behaviour::Reconnects => {
                    drop(ws);
                    ws = connect(url, until).await?;
                    send(&mut ws, Message::text(join(game, seat, &token))).await?;
                    out.reconnects += 1;
                    continue;
                }
            }
        }
        if behaviour == Behaviour::Garbage && moves.is_multiple_of(5) {
            let i = moves / 5;
            let junk = match i % 6 {
                4 => Message::binary(vec![0xff; 64]),
                5 => Message::text("x".repeat(5000)),
                k => Message::text(GARBAGE[k]),
            };
            send(&mut ws, junk).await?;
            out.garbage.0 += 1;
        }
        moves += 1;
        last_acted = Some(view.version);
        send(&mut ws, Message::text(act(view.version, pick(&view)))).await?;
        sent = Some((view.version, Instant::now()));
    }
}

/// The errors garbage gets (a stale act aside).
const GARBAGE_REPLIES: [&str; 5] = [
    "bad message",
    "binary frames",
    "message too long",
    "wrong token",
    "open a replay first",
];

/// Runs `plan` on a served copy of `sets` inside a runtime of its own; the report.
pub fn run(sets: &std::path::Path, plan: &Plan) -> Report {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .thread_keep_alive(Duration::from_millis(200))
        .enable_all()
        .build()
        .expect("a runtime");
    let limits = Limits {
        max_games: plan.tables + 8,
        max_connections: 3 * plan.tables + 16,
        abandoned: plan.abandoned,
        ..Limits::default()
    };
    let server = Arc::new(
        Server::new(&[sets.to_path_buf()], None)
            .expect("the sets serve")
            .with_limits(limits),
    );
    let report = runtime.block_on(drive(Arc::clone(&server), plan));
    drop(runtime);
    report
}

async fn drive(server: Arc<Server>, plan: &Plan) -> Report {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    tokio::spawn(dzero_serve::serve(listener, Arc::clone(&server)));
    // The serving task and the runtime's workers are part of the baseline.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (rss_before, threads_before) = (rss(), threads());
    let began = Instant::now();
    let until = began + plan.deadline;
    let started = Arc::new(AtomicUsize::new(0));
    let seats = (0..plan.tables)
        .map(|t| if t % 2 == 0 { 1 } else { 2 })
        .sum::<usize>();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let started = Arc::clone(&started);
        let done = Arc::clone(&done);
        tokio::spawn(async move {
            let (mut loaded, mut peak) = (0, 0);
            while !done.load(Ordering::Relaxed) {
                let now = rss();
                peak = peak.max(now);
                if loaded == 0 && started.load(Ordering::Relaxed) >= seats {
                    loaded = now;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            (if loaded == 0 { peak } else { loaded }, peak)
        })
    };
    let behaviours = [
        Behaviour::Steady,
        Behaviour::Reconnects,
        Behaviour::Garbage,
        Behaviour::StopsReading,
        Behaviour::Leaves,
    ];
    let mut clients = Vec::new();
    for t in 0..plan.tables {
        let decks = if t % 4 < 2 { [0, 1] } else { [4, 5] };
        let seed = t as u64 + 1;
        let behaviour = behaviours[t % behaviours.len()];
        if t % 2 == 0 {
            let start = Start::New {
                opponent: plan.ai.clone(),
                decks,
                seed,
            };
            let c = client(
                url.clone(),
                start,
                behaviour,
                until,
                None,
                Arc::clone(&started),
            );
            clients.push(tokio::spawn(c));
        } else {
            // Between two bots a client that leaves would leave the other waiting for the
            // deadline: the host steadies, the guest misbehaves every other way.
            let guest = match behaviour {
                Behaviour::Leaves => Behaviour::Steady,
                b => b,
            };
            let (tx, rx) = tokio::sync::oneshot::channel();
            let start = Start::New {
                opponent: "human".into(),
                decks,
                seed,
            };
            let host = client(
                url.clone(),
                start,
                Behaviour::Steady,
                until,
                Some(tx),
                Arc::clone(&started),
            );
            clients.push(tokio::spawn(host));
            let url = url.clone();
            let started = Arc::clone(&started);
            clients.push(tokio::spawn(async move {
                match rx.await {
                    Ok((game, token)) => {
                        let start = Start::Join {
                            game,
                            seat: 2,
                            token,
                        };
                        client(url, start, guest, until, None, started).await
                    }
                    Err(_) => Outcome {
                        failures: vec!["the host got no invite".into()],
                        ..Outcome::default()
                    },
                }
            }));
        }
    }
    let mut report = Report {
        tables: plan.tables,
        ended: 0,
        abandoned: 0,
        failures: Vec::new(),
        latencies: Vec::new(),
        garbage: (0, 0),
        reconnects: 0,
        rss: [rss_before, 0, 0, 0],
        threads: [threads_before, 0],
        left: [0, 0],
        elapsed: Duration::ZERO,
    };
    // Each table's clients are consecutive: one against the AI, two between bots.
    let mut outcomes = Vec::new();
    for c in clients {
        match tokio::time::timeout(plan.deadline + Duration::from_secs(60), c).await {
            Ok(Ok(o)) => outcomes.push(o),
            Ok(Err(e)) => report.failures.push(format!("a client panicked: {e}")),
            Err(_) => report
                .failures
                .push("a client outlived the deadline".into()),
        }
    }
    let mut i = 0;
    for t in 0..plan.tables {
        let n = if t % 2 == 0 { 1 } else { 2 };
        let table = &outcomes[i.min(outcomes.len())..(i + n).min(outcomes.len())];
        i += n;
        if table.iter().any(|o| o.ended) {
            report.ended += 1;
        } else {
            report.abandoned += 1;
        }
        for o in table {
            report.failures.extend(o.failures.iter().cloned());
            report.latencies.extend(&o.latencies);
            report.garbage.0 += o.garbage.0;
            report.garbage.1 += o.garbage.1;
            report.reconnects += o.reconnects;
        }
    }
    report.latencies.sort();
    // Every table ends once no page holds it (the abandoned ones after `Limits::abandoned`).
    let letting_go = Instant::now();
    loop {
        report.left = [server.tables(), server.connections()];
        report.threads[1] = threads();
        if report.left == [0, 0] && report.threads[1] <= threads_before {
            break;
        }
        if letting_go.elapsed() > Duration::from_secs(120) {
            report.failures.push(format!(
                "not let go of: {} tables, {} connections, {} threads (baseline {threads_before})",
                report.left[0], report.left[1], report.threads[1]
            ));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    report.elapsed = began.elapsed();
    done.store(true, Ordering::Relaxed);
    let (loaded, peak) = sampler.await.unwrap_or((0, 0));
    report.rss[1] = loaded;
    report.rss[2] = peak;
    report.rss[3] = rss();
    report
}
