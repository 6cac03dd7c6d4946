//! A table's thread runs its loop under a supervisor: a panic there (an engine or card bug)
//! ends that table only. Its pages are told the table stopped and why, its thread ends, its
//! command channel closes (its seat links stop working), and the server and every other table
//! go on.

use super::Table;
use crate::protocol::ServerMsg;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `run` on `table`; when it panics, tells the table's pages and returns why.
pub(super) fn supervise(table: &mut Table, run: impl FnOnce(&mut Table)) -> Option<String> {
    let panic = catch_unwind(AssertUnwindSafe(|| run(table))).err()?;
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "an unknown panic".into());
    let why = format!("the table stopped on an internal error ({what}); start a new game");
    table.send_all(&ServerMsg::error(why.clone()));
    Some(why)
}

#[cfg(test)]
mod tests {
    use super::super::{Command, GameSetup, start, start_running};
    use crate::outbox::{Inbox, outbox};
    use crate::protocol::ServerMsg;
    use dzero_core::Player;
    use dzero_sim::DeckFiles;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::sync::mpsc;
    use std::time::Duration;

    fn setup() -> GameSetup {
        let decks = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../cardpool/sets/d0-sample/decks");
        let files = [decks.join("赤緑.txt"), decks.join("黒白.txt")];
        GameSetup {
            decks: DeckFiles::resolve(&files, None).expect("the bundled decks resolve"),
            ai: [None, Some("greedy".parse().expect("a player spec"))],
            seed: 5,
            saved: None,
            matched: false,
            abandoned: Duration::from_secs(60),
        }
    }

    fn join(commands: &mpsc::Sender<Command>) -> Inbox {
        let (out, inbox) = outbox(64);
        commands
            .send(Command::Join {
                seat: Player::One,
                conn: 1,
                lang: dzero_text::Lang::En,
                out,
                replaced: Arc::new(AtomicBool::new(false)),
            })
            .expect("the table runs");
        inbox
    }

    /// The messages a page gets until its table lets go of it.
    fn drain(mut inbox: Inbox) -> Vec<ServerMsg> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let mut got = Vec::new();
            while let Ok(Some(text)) =
                tokio::time::timeout(Duration::from_secs(30), inbox.recv()).await
            {
                got.push(serde_json::from_str(&text).expect("server messages parse"));
                if matches!(got.last(), Some(ServerMsg::Error { .. })) {
                    break;
                }
            }
            got
        })
    }

    #[test]
    fn a_panicking_table_ends_alone_and_tells_its_page() {
        let healthy = start(setup()).expect("a table starts");
        let failing = start_running(setup(), |table, rx, _| {
            let cmd = rx.recv().expect("a page joins");
            table.command(cmd);
            panic!("a card bug");
        })
        .expect("a table starts");
        let page = drain(join(&failing));
        assert!(
            matches!(page.first(), Some(ServerMsg::State(_))),
            "the page was seated before the panic: {page:?}"
        );
        match page.last() {
            Some(ServerMsg::Error { message }) => assert!(
                message.contains("internal error (a card bug)"),
                "the page is told why: {message}"
            ),
            other => panic!("the page is told the table stopped, got {other:?}"),
        }
        let start = std::time::Instant::now();
        while failing.send(Command::Ping).is_ok() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the panicked table's thread ends"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let (tx, rx) = mpsc::channel();
        healthy
            .send(Command::Snapshot(tx))
            .expect("the other table still runs");
        let game = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the other table answers");
        assert_eq!(game.result(), None, "the other game goes on");
    }
}
