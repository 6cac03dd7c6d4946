//! Who attacks in a battle (R11.3): the unit that came into the square later; both units when
//! they arrived together (A21), each then also attacked by the other (A52).

use crate::model::ids::CardId;
use crate::query::Query;
use crate::state::Game;

impl Game {
    /// Whether `unit` attacks `other` in their battle: it arrived in the square no earlier.
    pub(crate) fn attacks_against(&self, unit: CardId, other: CardId) -> bool {
        self.card(unit).stamp >= self.card(other).stamp
    }
}

impl Query<'_> {
    /// Whether `unit` is an attacker of its battle with `other` (R11.3, A21): a battling unit
    /// is attacked when the other is an attacker (A52).
    pub fn attacks(&self, unit: CardId, other: CardId) -> bool {
        self.game.attacks_against(unit, other)
    }
}
