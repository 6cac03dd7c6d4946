//! Where a page's messages wait for its socket: a bounded queue. A page that does not read
//! fills it; the next message then marks the queue overflowed and the connection is closed,
//! so a stalled page never makes the server hold more than [`crate::Limits::queued`] messages.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::mpsc::{self, Receiver, Sender, error::TrySendError};

/// The sending end: the connection itself, a game's thread, the replay viewer.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: Sender<String>,
    overflowed: Arc<AtomicBool>,
}

/// The receiving end, read by the connection's socket task.
#[derive(Debug)]
pub struct Inbox {
    rx: Receiver<String>,
    overflowed: Arc<AtomicBool>,
}

/// A queue of at most `capacity` messages (at least one).
pub fn outbox(capacity: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(capacity.max(1));
    let overflowed = Arc::new(AtomicBool::new(false));
    (
        Outbox {
            tx,
            overflowed: Arc::clone(&overflowed),
        },
        Inbox { rx, overflowed },
    )
}

/// Why a message was not queued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undelivered {
    /// The connection has closed.
    Closed,
    /// The page is not reading: the queue is full and the connection will be closed.
    Overflowed,
}

impl Outbox {
    /// Queues one message (JSON text) without waiting.
    pub fn send(&self, text: String) -> Result<(), Undelivered> {
        match self.tx.try_send(text) {
            Ok(()) => Ok(()),
            Err(TrySendError::Closed(_)) => Err(Undelivered::Closed),
            Err(TrySendError::Full(_)) => {
                self.overflowed.store(true, Ordering::Relaxed);
                Err(Undelivered::Overflowed)
            }
        }
    }
}

impl Inbox {
    /// The next message, or `None` once every sender is gone.
    pub async fn recv(&mut self) -> Option<String> {
        self.rx.recv().await
    }

    /// Whether a message was refused because the queue was full.
    pub fn overflowed(&self) -> bool {
        self.overflowed.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_refuses_and_marks_the_overflow() {
        let (out, mut inbox) = outbox(2);
        assert_eq!(out.send("a".into()), Ok(()));
        assert_eq!(out.send("b".into()), Ok(()));
        assert!(!inbox.overflowed());
        assert_eq!(out.send("c".into()), Err(Undelivered::Overflowed));
        assert!(inbox.overflowed());
        assert_eq!(inbox.recv().await.as_deref(), Some("a"));
        assert_eq!(inbox.recv().await.as_deref(), Some("b"));
        drop(out);
        assert_eq!(inbox.recv().await, None);
    }

    #[tokio::test]
    async fn a_closed_connection_refuses() {
        let (out, inbox) = outbox(4);
        drop(inbox);
        assert_eq!(out.send("a".into()), Err(Undelivered::Closed));
    }
}
