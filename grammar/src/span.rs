//! Byte ranges of the parsed text: every syntax-tree node and every error carries one, so a
//! message can point back at the text it is about.

use std::fmt;

/// A byte range `start..end` of the parsed text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span moved `by` bytes to the right (e.g. into file offsets).
    pub fn shifted(self, by: usize) -> Span {
        Span {
            start: self.start.saturating_add(by),
            end: self.end.saturating_add(by),
        }
    }

    /// The span as a range, for slicing and for diagnostic libraries.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}
