//! The server's bounds: games and connections at once, how fast and how much a page may send,
//! how long a silent or stuck peer is kept.

use std::time::Duration;

/// What the server allows at once and per connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games running at once; one more is refused.
    pub max_games: usize,
    /// WebSocket connections open at once; one more is refused (503).
    pub max_connections: usize,
    /// A game no page has held a seat of for this long ends, and its seat links stop working.
    pub abandoned: Duration,
    /// Messages a connection may send per second, on average.
    pub messages_per_second: u32,
    /// Messages a connection may send in a burst above that rate.
    pub burst: u32,
    /// Messages waiting for a page that does not read them; one more closes its connection.
    pub queued: usize,
    /// A message the page's socket does not take within this long closes the connection.
    pub send_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 64,
            max_connections: 512,
            abandoned: Duration::from_secs(2 * 60 * 60),
            messages_per_second: 50,
            burst: 100,
            queued: 256,
            send_timeout: Duration::from_secs(20),
        }
    }
}
