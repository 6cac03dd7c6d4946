//! Where a card came from and why it moved, for effects that ask how a card arrived or was
//! played: pure data recorded on the card
//! as the object it is now ([`crate::CardState::arrival`], [`crate::CardState::played`]) and on
//! its [`crate::Event::Moved`] / [`crate::Event::Placed`] events.

use crate::model::ability_ref::AbilityRef;
use crate::model::ids::{CardId, Player};
use crate::model::zone::Zone;
use serde::{Deserialize, Serialize};

/// How a card was played (R8): from which zone and by which method.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Played {
    /// The zone it was played from: [`Zone::Plan`] for the plan card (R9.6), never the stack.
    pub from: Zone,
    /// The ☆ play method used (e.g. 隊列召喚), or `None` for the normal play.
    pub method: Option<AbilityRef>,
}

/// Why a card changed location.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub enum Cause {
    /// It was played: onto the stack when declared, into its square when the play resolved.
    Played(Played),
    /// A move action moved it (R10).
    Moved,
    /// A card's effect put it there (「…の効果で」).
    Effect {
        /// The card whose effect it was, if any.
        card: Option<CardId>,
        /// The player controlling the effect.
        player: Player,
    },
    /// A cost was paid with it (R5: 廃棄, a card cost).
    Cost,
    /// A game rule: drawing, smashing, the energy phase, rule effects, battle, resolution.
    #[default]
    Rule,
}

/// How a card arrived where it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Arrival {
    /// The zone it left: [`Zone::Plan`] when it left the plan zone (not [`Zone::Deck`]); the
    /// zone it was played from when a resolving play put it into its square.
    pub from: Zone,
    /// Why it moved.
    pub cause: Cause,
}

impl Default for Arrival {
    fn default() -> Arrival {
        Arrival {
            from: Zone::Deck,
            cause: Cause::Rule,
        }
    }
}

impl Arrival {
    /// How the card was played, if this arrival is a play.
    pub fn played(&self) -> Option<Played> {
        match self.cause {
            Cause::Played(p) => Some(p),
            _ => None,
        }
    }
}

/// Whether a method name filter accepts `name`: the same name, or a name beginning with the
/// filter followed by 「―」 (so 「隊列召喚」 accepts 「隊列召喚―縦列」).
pub fn method_matches(filter: &str, name: &str) -> bool {
    name == filter
        || name
            .strip_prefix(filter)
            .is_some_and(|rest| rest.starts_with('―'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_filter_accepts_the_family_name() {
        assert!(method_matches("隊列召喚", "隊列召喚―縦列"));
        assert!(method_matches("隊列召喚―縦列", "隊列召喚―縦列"));
        assert!(!method_matches("隊列", "隊列召喚―縦列"));
        assert!(!method_matches("normal", "隊列召喚―縦列"));
        assert!(method_matches("normal", "normal"));
    }
}
