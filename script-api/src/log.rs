//! The bounded `print` log of a host and the cutting of over-long script text: what a script
//! prints or throws never grows without bound on the Rust side.

use std::fmt;

/// Most `print` lines kept per host.
const MAX_LOG_LINES: usize = 1000;
/// Most `print` bytes kept per host.
const MAX_LOG_BYTES: usize = 64 << 10;

/// One line a script wrote with `print`, with the card whose script wrote it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    /// The card's printed name (or `module <name>`); empty for the "lines dropped" marker.
    pub card: String,
    /// The printed text (values separated by tabs).
    pub text: String,
}

impl fmt::Display for LogLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.card.is_empty() {
            f.write_str(&self.text)
        } else {
            write!(f, "[{}] {}", self.card, self.text)
        }
    }
}

/// The bounded `print` log of one host.
#[derive(Default)]
pub(crate) struct Log {
    lines: Vec<LogLine>,
    bytes: usize,
    dropped: usize,
}

impl Log {
    /// Keeps `text` (cut to the byte cap) unless the log is full, then only counts it.
    pub fn push(&mut self, card: &str, text: &str) {
        if self.lines.len() >= MAX_LOG_LINES || self.bytes >= MAX_LOG_BYTES {
            self.dropped += 1;
            return;
        }
        let text = truncate(text, MAX_LOG_BYTES - self.bytes);
        self.bytes += text.len() + card.len();
        self.lines.push(LogLine {
            card: card.to_owned(),
            text,
        });
    }

    /// The kept lines, then one line counting the dropped ones.
    pub fn lines(&self) -> Vec<LogLine> {
        let mut out = self.lines.clone();
        if self.dropped > 0 {
            out.push(LogLine {
                card: String::new(),
                text: format!("… {} more lines dropped (print log is full)", self.dropped),
            });
        }
        out
    }

    /// [`Log::lines`], emptying the log (its bounds start afresh).
    pub fn take(&mut self) -> Vec<LogLine> {
        let out = self.lines();
        *self = Log::default();
        out
    }
}

/// `s` cut to at most `max` bytes (at a character boundary) with a marker saying how much went.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_owned();
    }
    let mut end = max.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… [{} bytes cut]", &s[..end], s.len() - end)
}
