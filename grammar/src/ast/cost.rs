//! The syntax tree of an energy cost (`青2 無3`, `黒1 無1 廃棄`, `無X フリーズ`, `0`): its terms
//! with their spans and the core [`Cost`] they add up to.

use crate::span::Span;
use dzero_core::{Colour, Cost};
use std::fmt;

/// A parsed cost: its terms with spans and the core [`Cost`] they add up to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CostExpr {
    /// The cost text (inside any brackets).
    pub span: Span,
    /// The terms in written order.
    pub terms: Vec<CostTerm>,
    /// The resulting cost.
    pub cost: Cost,
}

/// One term of a cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CostTerm {
    /// What the term says.
    pub kind: CostTermKind,
    /// Its span.
    pub span: Span,
}

/// What a cost term says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CostTermKind {
    /// `0`: the whole cost is free.
    Free,
    /// Energy: a colour (None = colourless 無) and an amount.
    Energy {
        /// The colour, or `None` for colourless.
        colour: Option<Colour>,
        /// A number or X.
        amount: Amount,
    },
    /// 廃棄 / `discard` (R5.7).
    Discard,
    /// フリーズ / `freeze` (R5.6).
    Freeze,
}

/// How much energy a term asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Amount {
    /// A fixed number.
    N(u8),
    /// X, chosen on payment (R5.5).
    X,
}

impl fmt::Display for CostExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cost)
    }
}
