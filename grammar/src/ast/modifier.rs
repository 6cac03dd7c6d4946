//! The syntax tree of a ★ modifier (★ パワー+1000 (中央エリア)): the characteristic it changes,
//! by how much, and where the card must be.

use crate::span::Span;
use dzero_core::{Area, Line as BoardLine};
use std::fmt;

/// Which characteristic a ★ modifier changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stat {
    /// パワー / `power`.
    Power,
    /// スマッシュ / `smash`.
    Smash,
}

/// Where a card must be for a ★ modifier to apply, seen from its controller.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// An area (R1.11).
    Area(Area),
    /// A line (R1.12).
    Line(BoardLine),
}

/// A place condition with its span.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Condition {
    /// The place.
    pub place: Place,
    /// Span of the condition, including parentheses or `in`.
    pub span: Span,
}

/// ★ パワー±N / スマッシュ±N, optionally only in an area or line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Modifier {
    /// The whole ability.
    pub span: Span,
    /// Power or smash.
    pub stat: Stat,
    /// The signed change.
    pub delta: i32,
    /// Span of sign and number.
    pub delta_span: Span,
    /// No condition: always (while the ability works).
    pub condition: Option<Condition>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Place::Area(Area::Own) => "自軍エリア",
            Place::Area(Area::Centre) => "中央エリア",
            Place::Area(Area::Enemy) => "敵軍エリア",
            Place::Line(BoardLine::Left) => "左ライン",
            Place::Line(BoardLine::Centre) => "中央ライン",
            Place::Line(BoardLine::Right) => "右ライン",
        })
    }
}
