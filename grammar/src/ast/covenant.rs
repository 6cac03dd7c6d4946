//! The syntax tree of 盟約 (R17.11, A24): 盟約―<「A」+「B」>[cost], optionally in its printed
//! wrapper ●○○ゾーン効果『…』《timing》.

use super::cost::CostExpr;
use super::zone_name::ZoneName;
use crate::span::Span;
use dzero_core::Timing;
use std::fmt;

/// A card name in 「」 or "".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Name {
    /// The name without quotes or surrounding spaces.
    pub text: String,
    /// Span of the name including its quotes.
    pub span: Span,
}

/// 盟約―<「A」+「B」>\[cost\].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Covenant {
    /// The whole keyword.
    pub span: Span,
    /// The card named 「A」.
    pub a: Name,
    /// The card named 「B」.
    pub b: Name,
    /// The energy part of the cost.
    pub cost: CostExpr,
    /// The printed wrapper ●○○ゾーン効果『…』《timing》; `None`: from the hand at the card's
    /// printed timing.
    pub wrapper: Option<CovenantWrapper>,
}

/// The wrapper of the printed 盟約 wording: the zone it is activated from and its timing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CovenantWrapper {
    /// The zone.
    pub zone: ZoneName,
    /// Span of the zone keyword.
    pub zone_span: Span,
    /// The activation timing.
    pub timing: Timing,
    /// Span of 《timing》.
    pub timing_span: Span,
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.contains(['「', '」']) {
            write!(f, "\"{}\"", self.text)
        } else {
            write!(f, "「{}」", self.text)
        }
    }
}
