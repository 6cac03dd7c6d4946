//! The syntax tree of 隊列召喚 (R17.10, A23): 隊列召喚―種類[cost] with a kind from the
//! built-in table, or a named formation written with its squares: 「隊列召喚―鶴翼<a1+c1→b2>
//! [無2]」 — cards of yours in a1 and c1 let the unit be played into b2. Squares are named as
//! the unit's owner sees the battle space: column a–c from the owner's left line (R1.12), row
//! 1–3 from the owner's own area (R1.11), so one text works for both players.

use super::cost::CostExpr;
use crate::span::Span;
use dzero_core::{Player, Square, SquareSet};
use std::fmt;

/// A 隊列召喚 formation kind from the built-in table (A23; docs/dsl.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FormationKind {
    /// 縦列 (`column`): a card of yours in the own-area square of a line → the centre-area
    /// square of that line.
    Column,
    /// 横列 (`row`): cards of yours in the other two own-area squares → the remaining one.
    Row,
    /// 中央 (`centre`): cards of yours in all three own-area squares → the centre square.
    Centre,
    /// `<a1+c1→b2>`: cards of yours in the required squares → the destination.
    Squares(FormationSquares),
}

impl FormationKind {
    /// Every kind, in documentation order.
    pub const ALL: [FormationKind; 3] = [
        FormationKind::Column,
        FormationKind::Row,
        FormationKind::Centre,
    ];

    /// The Japanese name used on cards (empty for [`FormationKind::Squares`], named by the
    /// card).
    pub fn name(self) -> &'static str {
        match self {
            FormationKind::Column => "縦列",
            FormationKind::Row => "横列",
            FormationKind::Centre => "中央",
            FormationKind::Squares(_) => "",
        }
    }

    /// The ASCII spelling (empty for [`FormationKind::Squares`]).
    pub fn ascii(self) -> &'static str {
        match self {
            FormationKind::Column => "column",
            FormationKind::Row => "row",
            FormationKind::Centre => "centre",
            FormationKind::Squares(_) => "",
        }
    }

    /// The kind named `s` (Japanese or ASCII, ASCII case-insensitive; `center` too).
    pub fn from_name(s: &str) -> Option<FormationKind> {
        let lower = s.to_ascii_lowercase();
        FormationKind::ALL
            .into_iter()
            .find(|k| k.name() == s || k.ascii() == lower)
            .or((lower == "center").then_some(FormationKind::Centre))
    }
}

/// 隊列召喚―種類\[cost\].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Formation {
    /// The whole keyword.
    pub span: Span,
    /// The formation kind.
    pub kind: FormationKind,
    /// The name a card gives a formation written with its squares (鶴翼 in
    /// `隊列召喚―鶴翼<a1+c1→b2>[無2]`), if any.
    pub name: Option<String>,
    /// Span of the kind's name.
    pub kind_span: Span,
    /// The 隊列召喚 cost (replaces the use cost, A23).
    pub cost: CostExpr,
}

impl Formation {
    /// What follows 隊列召喚―: the kind's name, or the card's name and squares.
    pub fn title(&self) -> String {
        match self.kind {
            FormationKind::Squares(sq) => format!("{}{sq}", self.name.as_deref().unwrap_or("")),
            k => k.name().to_owned(),
        }
    }
}

/// The squares of a formation: the required ones and the destination, seen from the owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FormationSquares {
    /// Required squares: bit `row * 3 + col`.
    required: u16,
    /// The destination, `row * 3 + col`.
    dest: u8,
}

impl FormationSquares {
    /// The squares with `required` (bit `row * 3 + col`) and the destination cell `dest`
    /// (`row * 3 + col`), seen from the owner.
    pub(crate) fn from_cells(required: u16, dest: u8) -> FormationSquares {
        FormationSquares { required, dest }
    }

    /// The squares where `player` needs a card of theirs.
    pub fn required(self, player: Player) -> impl Iterator<Item = Square> {
        (0..9u8)
            .filter(move |&i| self.required & (1 << i) != 0)
            .map(move |i| board(i, player))
    }

    /// The destination square for `player`.
    pub fn dest(self, player: Player) -> Square {
        board(self.dest, player)
    }

    /// The destination for `player` when `holds` (a card of theirs is there) holds for every
    /// required square and not for the destination (R8.2).
    pub fn destinations(self, player: Player, holds: impl Fn(Square) -> bool) -> SquareSet {
        let dest = self.dest(player);
        if self.required(player).all(&holds) && !holds(dest) {
            SquareSet::NONE.with(dest)
        } else {
            SquareSet::NONE
        }
    }
}

/// The board square of a cell for `player`: player Two sees the battle space turned around
/// (R1.11, R1.12: Two's own area is row 2, Two's left line is One's right line).
fn board(cell: u8, player: Player) -> Square {
    let (row, col) = (cell / 3, cell % 3);
    match player {
        Player::One => Square::battle(row, col),
        Player::Two => Square::battle(2 - row, 2 - col),
    }
}

/// `<a1+c1→b2>`.
impl fmt::Display for FormationSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |i: u8| format!("{}{}", (b'a' + i % 3) as char, i / 3 + 1);
        f.write_str("<")?;
        let required: Vec<String> = (0..9u8)
            .filter(|&i| self.required & (1 << i) != 0)
            .map(name)
            .collect();
        write!(f, "{}→{}>", required.join("+"), name(self.dest))
    }
}
