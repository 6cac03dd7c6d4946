//! Values remembered by card effects ("the card chosen when this entered", "once per turn",
//! "the number of times this was used"), kept in the game state as plain data so that they are
//! cloned, serialized and replayed with it and rolled back with a suspended or failed effect.
//! Written only while an effect resolves; read anywhere through [`crate::Query`].

use crate::model::ids::CardId;
use crate::model::memory::{AbilityUses, MemEntry, MemKey, MemScope, MemValue};
use crate::state::Game;

impl From<MemKey> for String {
    fn from(k: MemKey) -> String {
        k.as_str().to_owned()
    }
}

impl Game {
    /// The value remembered under `key` in `scope`.
    pub(crate) fn recall(&self, scope: MemScope, key: MemKey) -> Option<MemValue> {
        self.memory
            .iter()
            .find(|m| m.scope == scope && m.key == key)
            .map(|m| m.value)
    }

    /// Remembers `value` under `key` in `scope`; `None` forgets it.
    pub(crate) fn remember(&mut self, scope: MemScope, key: MemKey, value: Option<MemValue>) {
        let at = self
            .memory
            .iter()
            .position(|m| m.scope == scope && m.key == key);
        match (at, value) {
            (Some(i), Some(value)) => self.memory[i].value = value,
            (Some(i), None) => {
                self.memory.remove(i);
            }
            (None, Some(value)) => self.memory.push(MemEntry { scope, key, value }),
            (None, None) => {}
        }
    }

    /// R7.3: `card` changed zones and is a new object: what it remembered as the old object and
    /// its ● uses this turn are gone.
    pub(crate) fn forget_object(&mut self, card: CardId) {
        self.memory
            .retain(|m| !matches!(m.scope, MemScope::Object(c) if c == card));
        self.uses.retain(|u| u.card != card);
    }

    /// A31: values remembered until the end of the turn and this turn's ● uses end together
    /// with "until end of turn" effects.
    pub(crate) fn forget_turn(&mut self) {
        self.memory.retain(|m| !m.scope.this_turn());
        self.uses.clear();
    }

    /// Counts an activation of `card`'s ● ability `ability` (index) this turn.
    pub(crate) fn count_use(&mut self, card: CardId, ability: u8) {
        match self
            .uses
            .iter_mut()
            .find(|u| u.card == card && u.ability == ability)
        {
            Some(u) => u.count += 1,
            None => self.uses.push(AbilityUses {
                card,
                ability,
                count: 1,
            }),
        }
    }

    /// How many times `card`, as the object it is now, activated `ability` (index) this turn.
    pub(crate) fn uses_this_turn(&self, card: CardId, ability: u8) -> u32 {
        self.uses
            .iter()
            .find(|u| u.card == card && u.ability == ability)
            .map_or(0, |u| u.count)
    }

    /// Whether `scope` belongs to a card of this game.
    pub(crate) fn valid_scope(&self, scope: MemScope) -> bool {
        scope.card().is_none_or(|c| c.index() < self.cards.len())
    }
}
