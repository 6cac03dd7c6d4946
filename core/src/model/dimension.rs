//! The dimension deck of 次元戦 and 次元探索戦 (R19): the die, the cross's positions and the
//! command zone's contents, as plain data.

use crate::model::ids::CardId;
use serde::{Deserialize, Serialize};

/// A face of the dimension die (R19.3): one P, one C, four blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DieFace {
    /// P・シンボル: planeswalk (R19.12, R19.18).
    P,
    /// C・シンボル: 「あなたが{C}を出したとき」 abilities trigger (R19.13).
    C,
    /// A blank face: nothing happens (R19.14).
    Blank,
}

impl DieFace {
    /// The face shown by a roll of 1 to 6: 1 is P, 2 is C, 3–6 are blank (R19.3).
    pub fn of_roll(n: u32) -> DieFace {
        match n {
            1 => DieFace::P,
            2 => DieFace::C,
            _ => DieFace::Blank,
        }
    }
}

/// A position of the 次元探索戦 layout, relative to where the token started (R19.16).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct Pos {
    /// Rows downward.
    pub row: i8,
    /// Columns rightward.
    pub col: i8,
}

impl Pos {
    /// The starting centre.
    pub const CENTRE: Pos = Pos { row: 0, col: 0 };

    /// The four orthogonal neighbours, in the order up, right, down, left.
    pub fn neighbours(self) -> [Pos; 4] {
        let at = |dr: i8, dc: i8| Pos {
            row: self.row.saturating_add(dr),
            col: self.col.saturating_add(dc),
        };
        [at(-1, 0), at(0, 1), at(1, 0), at(0, -1)]
    }

    /// Orthogonal steps between the two positions, |Δrow| + |Δcol| (R19.19, A40).
    pub fn distance(self, other: Pos) -> u16 {
        (i16::from(self.row) - i16::from(other.row)).unsigned_abs()
            + (i16::from(self.col) - i16::from(other.col)).unsigned_abs()
    }
}

/// The command zone of a game with a dimension deck (R19.8): the dimension deck, the face-up
/// card of 次元戦 or the cross of 次元探索戦 with its token, and the rolls made this turn. Empty
/// in a game without one.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Planes {
    /// The dimension deck, face down, bottom first (its top is the last card).
    pub deck: Vec<CardId>,
    /// 次元戦: the face-up card on top of the dimension deck (a dimension, or a phenomenon
    /// whose triggered ability has not finished, A36).
    pub up: Option<CardId>,
    /// 次元探索戦: the face-up cards of the layout by position.
    pub cross: Vec<(Pos, CardId)>,
    /// 次元探索戦: the token's position.
    pub token: Pos,
    /// Face-up phenomena and shuffle cards whose triggered abilities have not finished
    /// (A36); they work from the command zone until then.
    pub phenomena: Vec<CardId>,
    /// Rolls of the die declared this turn (R19.11, A35).
    pub rolls: u8,
    /// Whether the opening dimension (or cross) has been turned over (R19.9, R19.16).
    pub opened: bool,
    /// Faces the next rolls show, first first, before the seeded RNG decides again: set only
    /// by scenarios and rule tests (like a stacked deck), never by play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<DieFace>,
}

impl Planes {
    /// Whether the game has no dimension deck at all.
    pub fn is_empty(&self) -> bool {
        self.deck.is_empty() && self.up.is_none() && self.cross.is_empty()
    }

    /// The card face up at `pos` of the cross.
    pub fn at(&self, pos: Pos) -> Option<CardId> {
        self.cross.iter().find(|(p, _)| *p == pos).map(|&(_, c)| c)
    }

    /// Whether `card` is face up: the face-up card of 次元戦 or in the cross (R19.8).
    pub fn face_up(&self, card: CardId) -> bool {
        self.up == Some(card) || self.pos_of(card).is_some()
    }

    /// Where `card` lies in the cross.
    pub fn pos_of(&self, card: CardId) -> Option<Pos> {
        self.cross.iter().find(|(_, c)| *c == card).map(|&(p, _)| p)
    }

    /// Every card of the command zone: the deck bottom first, then the face-up ones.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.deck
            .iter()
            .copied()
            .chain(self.up)
            .chain(self.cross.iter().map(|&(_, c)| c))
    }
}
