//! How and when a card entered a square this turn (「このターンに…置かれた」): pure data the
//! game keeps for the turn in progress.

use crate::model::board::Square;
use crate::model::provenance::Arrival;
use crate::model::target::TargetRef;
use serde::{Deserialize, Serialize};

/// One arrival of a card in a square during the turn in progress.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// The card as the object it became on arriving (a move between squares keeps it).
    pub card: TargetRef,
    /// The square it entered.
    pub square: Square,
    /// How it arrived: from which zone, played (and by which method), put by an effect, moved.
    pub arrival: Arrival,
    /// The turn it entered in.
    pub turn: u32,
    /// Its place among the turn's entries, the first 0.
    pub order: u16,
}
