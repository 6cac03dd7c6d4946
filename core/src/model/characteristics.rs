//! A card's current characteristics after continuous effects (R16).

use crate::model::card_kind::Keywords;

/// A card's current characteristics after continuous effects (R16).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Characteristics {
    /// Current power.
    pub power: i32,
    /// Current smash.
    pub smash: i32,
    /// Current keywords.
    pub keywords: Keywords,
}
