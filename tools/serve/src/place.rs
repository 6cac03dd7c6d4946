//! Cards named by place: a hidden card a seat may choose (a face-down smash card, a card of a
//! deck) is sent as where it lies, never as its identity.

use dzero_core::{CardId, Loc, Player};
use serde::{Deserialize, Serialize};

/// A card named by place ([`CardId::at_place`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Place {
    /// Whose zone.
    pub owner: Player,
    /// `deck`, `hand` or `smash`.
    pub zone: String,
    /// Its position in the zone as the observation lists it.
    pub index: usize,
}

impl Place {
    /// Where `card` lies, when it is named by place.
    pub fn of(card: CardId) -> Option<Place> {
        card.place().map(|(owner, zone, index)| Place {
            owner,
            zone: match zone {
                Loc::Deck => "deck",
                Loc::Hand => "hand",
                _ => "smash",
            }
            .into(),
            index,
        })
    }
}
