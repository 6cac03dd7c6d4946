//! Last-known information: what a card was like when it last left a square.

use crate::model::board::Square;
use crate::model::card_kind::Keywords;
use crate::model::ids::{CardId, Player};
use serde::{Deserialize, Serialize};

/// A card as it was just before it last left a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LastKnown {
    /// The card.
    pub card: CardId,
    /// The object it became on leaving (its incarnation after the move, R7.3): the information
    /// belongs to the card's latest departure from a square.
    pub inc: u16,
    /// Its last square.
    pub square: Square,
    /// Its owner.
    pub owner: Player,
    /// Its power then, after continuous effects (R16).
    pub power: i32,
    /// Its smash then.
    pub smash: i32,
    /// Its keywords then.
    pub keywords: Keywords,
    /// Whether it was frozen.
    pub frozen: bool,
    /// The damage it had.
    pub damage: i32,
}
