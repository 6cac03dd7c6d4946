//! The battle space (3×3) and the base spaces (1×3 each): squares, areas, lines, adjacency (R1.10–R1.14).

use crate::model::ids::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square of the battle space or of a base space.
///
/// Coordinates follow R1.14: battle square (row, col) with row 0 nearest player One
/// (One's own area, Two's enemy area) and col 0 One's left line (Two's right line).
/// Player One's base squares border row 0, player Two's border row 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl TryFrom<u8> for Square {
    type Error = String;
    fn try_from(i: u8) -> Result<Square, String> {
        Square::from_index(i).ok_or_else(|| format!("square index {i} out of range 0..15"))
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

/// A row of the battle space as seen by one player (R1.11).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Area {
    /// 自軍エリア: the row nearest the player.
    Own,
    /// 中央エリア: the middle row.
    Centre,
    /// 敵軍エリア: the row farthest from the player.
    Enemy,
}

/// A column as seen by one player (R1.12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Line {
    /// The player's left line.
    Left,
    /// The centre line.
    Centre,
    /// The player's right line.
    Right,
}

impl Square {
    /// Number of squares (9 battle + 2 × 3 base).
    pub const COUNT: usize = 15;

    /// The battle square at `row`, `col` (both 0..3).
    pub fn battle(row: u8, col: u8) -> Square {
        debug_assert!(row < 3 && col < 3);
        Square(row.min(2) * 3 + col.min(2))
    }

    /// The base square of `player` in column `col` (0..3).
    pub fn base(player: Player, col: u8) -> Square {
        debug_assert!(col < 3);
        Square(9 + player.index() as u8 * 3 + col.min(2))
    }

    /// The square with this raw index, if valid.
    pub fn from_index(i: u8) -> Option<Square> {
        (usize::from(i) < Self::COUNT).then_some(Square(i))
    }

    /// Raw index 0..15.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All nine battle squares.
    pub fn battle_squares() -> impl Iterator<Item = Square> {
        (0..9).map(Square)
    }

    /// The three base squares of `player`.
    pub fn base_squares(player: Player) -> impl Iterator<Item = Square> {
        (0..3).map(move |c| Square::base(player, c))
    }

    /// Whether this is a battle-space square.
    pub fn is_battle(self) -> bool {
        self.0 < 9
    }

    /// The owner of the base space this square belongs to, if it is a base square.
    pub fn base_owner(self) -> Option<Player> {
        match self.0 {
            9..=11 => Some(Player::One),
            12..=14 => Some(Player::Two),
            _ => None,
        }
    }

    /// Row 0..3 of a battle square (base squares: -1 for One's, 3 for Two's).
    pub fn row(self) -> i8 {
        match self.base_owner() {
            Some(Player::One) => -1,
            Some(Player::Two) => 3,
            None => (self.0 / 3) as i8,
        }
    }

    /// Column 0..3 (the line, in player One's terms).
    pub fn col(self) -> u8 {
        if self.is_battle() {
            self.0 % 3
        } else {
            (self.0 - 9) % 3
        }
    }

    /// The area of a battle square seen from `player`; `None` for base squares.
    pub fn area(self, player: Player) -> Option<Area> {
        if !self.is_battle() {
            return None;
        }
        let r = match player {
            Player::One => self.row(),
            Player::Two => 2 - self.row(),
        };
        Some(match r {
            0 => Area::Own,
            1 => Area::Centre,
            _ => Area::Enemy,
        })
    }

    /// The line of this square seen from `player` (base squares lie in their column's line).
    pub fn line(self, player: Player) -> Line {
        let c = match player {
            Player::One => self.col(),
            Player::Two => 2 - self.col(),
        };
        match c {
            0 => Line::Left,
            1 => Line::Centre,
            _ => Line::Right,
        }
    }

    /// Whether two squares are in the same line (column).
    pub fn same_line(self, other: Square) -> bool {
        self.col() == other.col()
    }

    /// Orthogonal adjacency between battle squares (R1.13); base squares are never adjacent.
    pub fn adjacent(self, other: Square) -> bool {
        if !self.is_battle() || !other.is_battle() {
            return false;
        }
        let dr = (self.row() - other.row()).unsigned_abs();
        let dc = (self.col() as i8 - other.col() as i8).unsigned_abs();
        dr + dc == 1
    }

    /// Diagonal adjacency between battle squares (corners touch); not adjacency under R1.13,
    /// but a ★ permission may allow moving there (「斜めに移動できる」).
    pub fn diagonal(self, other: Square) -> bool {
        if !self.is_battle() || !other.is_battle() {
            return false;
        }
        let dr = (self.row() - other.row()).unsigned_abs();
        let dc = (self.col() as i8 - other.col() as i8).unsigned_abs();
        dr == 1 && dc == 1
    }

    /// The battle squares diagonally adjacent to this one.
    pub fn diagonal_neighbours(self) -> impl Iterator<Item = Square> {
        Square::battle_squares().filter(move |s| self.diagonal(*s))
    }

    /// The battle squares adjacent to this one.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        Square::battle_squares().filter(move |s| self.adjacent(*s))
    }
}

impl Square {
    /// Parses the names [`Square`]'s `Display` writes: `a1`–`c3` (column a–c from player One's
    /// left, row 1–3 from player One's side) and `P1-base1`…`P2-base3`.
    pub fn parse(name: &str) -> Option<Square> {
        for (prefix, p) in [("P1-base", Player::One), ("P2-base", Player::Two)] {
            if let Some(rest) = name.strip_prefix(prefix) {
                return match rest {
                    "1" => Some(Square::base(p, 0)),
                    "2" => Some(Square::base(p, 1)),
                    "3" => Some(Square::base(p, 2)),
                    _ => None,
                };
            }
        }
        match name.as_bytes() {
            [c @ b'a'..=b'c', r @ b'1'..=b'3'] => Some(Square::battle(r - b'1', c - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.base_owner() {
            Some(p) => write!(f, "{p}-base{}", self.col() + 1),
            None => write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1),
        }
    }
}

/// A set of squares (bit per [`Square::index`]).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct SquareSet(pub u16);

impl SquareSet {
    /// No square.
    pub const NONE: SquareSet = SquareSet(0);

    /// This set plus `s`.
    pub fn with(self, s: Square) -> SquareSet {
        SquareSet(self.0 | (1 << s.index()))
    }

    /// Whether `s` is in the set.
    pub fn contains(self, s: Square) -> bool {
        self.0 & (1 << s.index()) != 0
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(SquareSet::NONE, SquareSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R1.11: one player's own area is the other's enemy area; the centre is shared.
    #[test]
    fn areas_mirror_between_players() {
        for s in Square::battle_squares() {
            let a = s.area(Player::One).unwrap();
            let b = s.area(Player::Two).unwrap();
            match a {
                Area::Own => assert_eq!(b, Area::Enemy),
                Area::Centre => assert_eq!(b, Area::Centre),
                Area::Enemy => assert_eq!(b, Area::Own),
            }
        }
    }

    // R1.12: one player's left line is the other's right line.
    #[test]
    fn lines_mirror_between_players() {
        let s = Square::battle(1, 0);
        assert_eq!(s.line(Player::One), Line::Left);
        assert_eq!(s.line(Player::Two), Line::Right);
        assert_eq!(Square::base(Player::Two, 0).line(Player::One), Line::Left);
    }

    // R1.13: orthogonal only; base squares are never adjacent.
    #[test]
    fn adjacency_is_orthogonal() {
        let c = Square::battle(1, 1);
        assert_eq!(c.neighbours().count(), 4);
        assert!(!c.adjacent(Square::battle(0, 0)));
        assert_eq!(Square::battle(0, 0).neighbours().count(), 2);
        assert!(!Square::battle(0, 0).adjacent(Square::base(Player::One, 0)));
    }

    #[test]
    fn names_round_trip() {
        for i in 0..Square::COUNT as u8 {
            let s = Square::from_index(i).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Square::parse("d1"), None);
        assert_eq!(Square::parse("P1-base4"), None);
    }

    #[test]
    fn display_names_squares() {
        assert_eq!(Square::battle(0, 0).to_string(), "a1");
        assert_eq!(Square::battle(2, 1).to_string(), "b3");
        assert_eq!(Square::base(Player::Two, 2).to_string(), "P2-base3");
    }
}
