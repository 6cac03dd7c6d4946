//! Abilities an effect granted for a duration, to a card or to the game.

use crate::model::ability_ref::AbilityRef;
use crate::model::duration::Duration;
use crate::model::ids::{CardId, Player};
use crate::model::target::TargetRef;
use serde::{Deserialize, Serialize};

/// Who holds a granted ability.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Holder {
    /// A card, as the object it is now: it has the ability as its own (its `self`) until it
    /// changes zone (R7.3) or the duration ends.
    Card(TargetRef),
    /// The game: the ability works wherever its granting card is, with that card as its `self`
    /// and the grant's controller as its controller (temporary rules, delayed triggers).
    Game,
}

/// An ability an effect granted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Grant {
    /// Timestamp (R16.3).
    pub stamp: u32,
    /// Who holds it.
    pub holder: Holder,
    /// The card whose effect granted it.
    pub source: CardId,
    /// The [`crate::Grantable`] granted, in the granting card's definition.
    pub ability: AbilityRef,
    /// The player controlling the effect that granted it.
    pub controller: Player,
    /// How long it lasts.
    pub until: Duration,
    /// A delayed trigger: it ends once it has triggered.
    pub once: bool,
}
