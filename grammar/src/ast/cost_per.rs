//! ☆ a use cost changed once per N cards of a zone, as printed (「このカードをプレイするにあたり、
//! あなたのスマッシュゾーンにあるカード2枚につき、支払うべき使用コストを-[無1]してよい。」, A73).

use super::printed_static::zone_text;
use super::static_line::CostChange;
use super::zone_name::ZoneName;
use crate::span::Span;
use dzero_core::Side;
use std::fmt;

/// ☆ this card's use cost changes by `change` once per `per` cards of a player's zone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CostPerLine {
    /// The whole line.
    pub span: Span,
    /// Whose zone is counted, from the card's controller.
    pub side: Side,
    /// The zone counted.
    pub zone: ZoneName,
    /// N of 「カードN枚につき」.
    pub per: u32,
    /// The change for each N cards.
    pub change: CostChange,
}

impl fmt::Display for CostPerLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.side == Side::Opponent {
            "相手"
        } else {
            "あなた"
        };
        let colour = self.change.colour.map_or("無", dzero_core::Colour::symbol);
        let sign = if self.change.delta < 0 { '-' } else { '+' };
        write!(
            f,
            "このカードをプレイするにあたり、{side}の{}にあるカード{}枚につき、支払うべき使用コストを{sign}[{colour}{}]してよい。",
            zone_text(self.zone),
            self.per,
            self.change.delta.unsigned_abs()
        )
    }
}
