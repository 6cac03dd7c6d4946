//! Ability identities: the key of a declaration and the reference a stack item or waiting trigger
//! holds to find its ability again (R7.3).

use crate::model::ids::DefId;
use serde::{Deserialize, Serialize};

/// A stable identity of an ability's declaration (a hash of its kind and source: the Lua
/// declaration, the DSL line, or a fixture's name), so that a stack item or waiting trigger
/// still finds the ability it was created from after a hot reload reorders a card's abilities
/// (R7.3). [`AbilityKey::NONE`] marks an ability identified by its position only. Held as two
/// halves so the references cards carry stay small; serialized as one number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(from = "u64", into = "u64")]
pub struct AbilityKey([u32; 2]);

impl From<u64> for AbilityKey {
    fn from(n: u64) -> AbilityKey {
        AbilityKey([(n >> 32) as u32, n as u32])
    }
}

impl From<AbilityKey> for u64 {
    fn from(k: AbilityKey) -> u64 {
        (u64::from(k.0[0]) << 32) | u64::from(k.0[1])
    }
}

impl AbilityKey {
    /// No identity: the ability is known by its position in the definition.
    pub const NONE: AbilityKey = AbilityKey([0, 0]);

    /// The key of a declaration's source text (FNV-1a, stable across runs and builds).
    pub fn of(text: &str) -> AbilityKey {
        AbilityKey::NONE.then(text.as_bytes())
    }

    /// This key extended with more bytes of the declaration; never [`AbilityKey::NONE`].
    pub fn then(self, bytes: &[u8]) -> AbilityKey {
        const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let start = if self == AbilityKey::NONE {
            OFFSET
        } else {
            u64::from(self)
        };
        let h = bytes
            .iter()
            .fold(start, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME));
        AbilityKey::from(h.max(1))
    }
}

/// Which ability of a card a stack item or waiting trigger was created from: its position
/// then, and its identity to find it again after a hot reload ([`crate::CardDef::find_ability`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct AbilityRef {
    /// Index into the definition's abilities when the item was created.
    pub index: u8,
    /// The ability's key then.
    pub key: AbilityKey,
    /// How many abilities before it had the same key.
    pub nth: u8,
    /// The definition declaring it, for an ability an effect granted (a [`crate::Grantable`]
    /// of the granting card); `None` for the card's own abilities.
    #[serde(default)]
    pub def: Option<DefId>,
}
