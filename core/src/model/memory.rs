//! Values card effects remember, their scopes, and ● uses per turn.

use crate::model::board::Square;
use crate::model::ids::{CardId, Player};
use crate::model::target::TargetRef;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The name of a remembered value: up to [`MemKey::MAX`] bytes of UTF-8, stored inline (no
/// allocation, cheap to copy and compare).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MemKey {
    len: u8,
    bytes: [u8; MemKey::MAX],
}

impl MemKey {
    /// The longest name, in bytes.
    pub const MAX: usize = 23;

    /// The key named `name`; `None` when it is empty or longer than [`MemKey::MAX`] bytes.
    pub fn new(name: &str) -> Option<MemKey> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > MemKey::MAX {
            return None;
        }
        let mut bytes = [0; MemKey::MAX];
        bytes[..b.len()].copy_from_slice(b);
        Some(MemKey {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl fmt::Debug for MemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for MemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<String> for MemKey {
    type Error = String;

    fn try_from(s: String) -> Result<MemKey, String> {
        MemKey::new(&s).ok_or_else(|| format!("'{s}' is not a memory key (1 to 23 bytes)"))
    }
}

/// A remembered value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum MemValue {
    /// A whole number.
    Int(i64),
    /// A flag.
    Bool(bool),
    /// A card as the object it was when remembered (R7.3: it is another object once it has
    /// changed zones).
    Card(TargetRef),
    /// A player.
    Player(Player),
    /// A square.
    Square(Square),
}

/// Whose value it is and how long it lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum MemScope {
    /// This card as the object it is now: forgotten when it changes zones (R7.3).
    Object(CardId),
    /// This card until the end of the turn (A31), wherever it goes.
    CardTurn(CardId),
    /// This card for the whole game, wherever it goes.
    CardGame(CardId),
    /// The game (shared by every card) until the end of the turn (A31).
    Turn,
    /// The game (shared by every card) for the whole game.
    Game,
}

impl MemScope {
    pub(crate) fn card(self) -> Option<CardId> {
        match self {
            MemScope::Object(c) | MemScope::CardTurn(c) | MemScope::CardGame(c) => Some(c),
            MemScope::Turn | MemScope::Game => None,
        }
    }

    pub(crate) fn this_turn(self) -> bool {
        matches!(self, MemScope::CardTurn(_) | MemScope::Turn)
    }
}

/// One remembered value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct MemEntry {
    pub scope: MemScope,
    pub key: MemKey,
    pub value: MemValue,
}

/// How many times a card, as the object it is now, activated one of its ● abilities this turn.
/// The ability is named by its position, not its key, so a card plays byte-identical games
/// whatever its source (Lua, DSL or Rust); a hot reload that reorders ● abilities mid-turn
/// therefore moves this turn's counts with the positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct AbilityUses {
    pub card: CardId,
    pub ability: u8,
    pub count: u32,
}
