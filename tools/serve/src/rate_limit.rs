//! How fast one connection may send: a token bucket refilled at a steady rate, holding a
//! burst. A message over the rate is refused with an error reply; a connection that goes on
//! sending over it for a whole burst is closed.

use std::time::Instant;

/// One connection's allowance.
#[derive(Clone, Debug)]
pub struct RateLimit {
    per_second: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
    /// Messages refused in a row.
    refused: u32,
}

/// What to do with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within the rate: answer it.
    Allow,
    /// Over the rate: refuse it with an error reply.
    Refuse,
    /// A whole burst refused in a row: close the connection.
    Close,
}

impl RateLimit {
    /// `per_second` messages a second on average, `burst` above it; starts full.
    pub fn new(per_second: u32, burst: u32, now: Instant) -> RateLimit {
        let burst = f64::from(burst.max(1));
        RateLimit {
            per_second: f64::from(per_second.max(1)),
            burst,
            tokens: burst,
            last: now,
            refused: 0,
        }
    }

    /// Counts one message arriving at `now`.
    pub fn message(&mut self, now: Instant) -> Verdict {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused = 0;
            return Verdict::Allow;
        }
        self.refused += 1;
        if f64::from(self.refused) >= self.burst {
            Verdict::Close
        } else {
            Verdict::Refuse
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_the_rate() {
        let t0 = Instant::now();
        let mut r = RateLimit::new(10, 5, t0);
        for _ in 0..5 {
            assert_eq!(r.message(t0), Verdict::Allow);
        }
        assert_eq!(r.message(t0), Verdict::Refuse);
        // A tenth of a second later, one more message is allowed.
        let t1 = t0 + Duration::from_millis(100);
        assert_eq!(r.message(t1), Verdict::Allow);
        assert_eq!(r.message(t1), Verdict::Refuse);
        // A long pause refills the burst, no more.
        let t2 = t1 + Duration::from_secs(60);
        for _ in 0..5 {
            assert_eq!(r.message(t2), Verdict::Allow);
        }
        assert_eq!(r.message(t2), Verdict::Refuse);
    }

    #[test]
    fn a_whole_burst_refused_in_a_row_closes() {
        let t0 = Instant::now();
        let mut r = RateLimit::new(10, 3, t0);
        for _ in 0..3 {
            assert_eq!(r.message(t0), Verdict::Allow);
        }
        assert_eq!(r.message(t0), Verdict::Refuse);
        assert_eq!(r.message(t0), Verdict::Refuse);
        assert_eq!(r.message(t0), Verdict::Close);
    }
}
