//! Named 隊列召喚 formations written with their squares (R17.10, A23): 「隊列召喚―鶴翼<a1+c1→b2>
//! [無2]」 — cards of yours in a1 and c1 let the unit be played into b2. Squares are named as
//! the unit's owner sees the battle space: column a–c from the owner's left line (R1.12), row
//! 1–3 from the owner's own area (R1.11), so one text works for both players.

use crate::ast::Span;
use crate::error::DslError;
use dzero_core::{Player, Square, SquareSet};
use std::fmt;

/// The squares of a formation: the required ones and the destination, seen from the owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FormationSquares {
    /// Required squares: bit `row * 3 + col`.
    required: u16,
    /// The destination, `row * 3 + col`.
    dest: u8,
}

impl FormationSquares {
    /// The squares named `required` and `dest` (each `(text, span)`, text like `a1`, full-width
    /// letters and digits too). Errors: an unknown name, a square named twice, the destination
    /// among the required squares.
    pub fn parse(
        required: &[(&str, Span)],
        dest: (&str, Span),
    ) -> Result<FormationSquares, DslError> {
        let mut mask = 0u16;
        for &(name, span) in required {
            let bit = 1u16 << cell(name, span)?;
            if mask & bit != 0 {
                return Err(DslError::new(span, format!("{name} is named twice")));
            }
            mask |= bit;
        }
        let d = cell(dest.0, dest.1)?;
        if mask & (1 << d) != 0 {
            return Err(DslError::new(
                dest.1,
                "the destination cannot also be a required square (R8.2: it holds a card of yours)",
            ));
        }
        Ok(FormationSquares {
            required: mask,
            dest: d,
        })
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

/// The cell `row * 3 + col` of a square name seen from the owner.
fn cell(name: &str, span: Span) -> Result<u8, DslError> {
    let mut chars = name.chars().map(|c| match c {
        'ａ'..='ｃ' | '１'..='３' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        c => c.to_ascii_lowercase(),
    });
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c @ 'a'..='c'), Some(r @ '1'..='3'), None) => {
            Ok((r as u8 - b'1') * 3 + (c as u8 - b'a'))
        }
        _ => Err(DslError::new(
            span,
            format!(
                "unknown square '{name}': a1–c3 (column a–c from your left, row 1–3 from your own area)"
            ),
        )),
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
