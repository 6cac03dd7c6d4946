//! Identifiers: players, card instances, card definitions, colours.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players of a duel.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Player {
    /// The player listed first when the game was created (seat 1).
    One,
    /// The player listed second when the game was created (seat 2).
    Two,
}

impl Player {
    /// Both players, seat order.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for seat 1, 1 for seat 2.
    pub fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::One => f.write_str("P1"),
            Player::Two => f.write_str("P2"),
        }
    }
}

/// A physical card in a game: an index into the game's card table.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
pub struct CardId(pub u16);

impl CardId {
    /// The index into the game's card table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A card definition in a [`crate::CardDb`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct DefId(pub u32);

impl DefId {
    /// The index into the card database.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The five colours (R1.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Colour {
    /// 赤
    Red,
    /// 黒
    Black,
    /// 青
    Blue,
    /// 白
    White,
    /// 緑
    Green,
}

impl Colour {
    /// All colours in canonical order (赤 黒 青 白 緑).
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Black,
        Colour::Blue,
        Colour::White,
        Colour::Green,
    ];

    /// Position in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The Japanese symbol used on cards.
    pub fn symbol(self) -> &'static str {
        match self {
            Colour::Red => "赤",
            Colour::Black => "黒",
            Colour::Blue => "青",
            Colour::White => "白",
            Colour::Green => "緑",
        }
    }
}

/// A set of colours; multicolour cards have several (R18.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct Colours(pub u8);

impl Colours {
    /// No colour.
    pub const NONE: Colours = Colours(0);

    /// The set holding just `c`.
    pub fn of(c: Colour) -> Colours {
        Colours(1 << c.index())
    }

    /// This set plus `c`.
    pub fn with(self, c: Colour) -> Colours {
        Colours(self.0 | (1 << c.index()))
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: Colour) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    /// Number of colours in the set.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The colours in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Colour> {
        Colour::ALL.into_iter().filter(move |c| self.contains(*c))
    }
}

impl FromIterator<Colour> for Colours {
    fn from_iter<I: IntoIterator<Item = Colour>>(iter: I) -> Self {
        iter.into_iter().fold(Colours::NONE, Colours::with)
    }
}
