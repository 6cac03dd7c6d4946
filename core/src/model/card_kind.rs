//! What a card is: its type (R1.2), when it may be played, and its keywords.

use serde::{Deserialize, Serialize};

/// The three card types (R1.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CardKind {
    /// ユニット: placed in a battle square.
    Unit,
    /// ベース: placed in a base square.
    Base,
    /// ストラテジー: used once, then to the graveyard.
    Strategy,
}

/// When an action may be taken (R6.1, R6.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Timing {
    /// ノーマル: own main phase, no battle, empty stack.
    Normal,
    /// クイック: any main phase while holding priority, outside battle.
    Quick,
    /// バトル: any main phase while holding priority, in or out of battle.
    Battle,
}

/// Keyword abilities and granted properties that the rules themselves read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct Keywords(pub u16);

impl Keywords {
    /// No keyword.
    pub const NONE: Keywords = Keywords(0);
    /// 加速: deals battle damage in the first battle step (R17.8).
    pub const ACCEL: Keywords = Keywords(1);
    /// 速攻: enters released when played (R17.7).
    pub const HASTE: Keywords = Keywords(2);
    /// ★相手のカードの対象にならない: cannot be targeted by the opponent's cards.
    pub const HEXPROOF: Keywords = Keywords(4);
    /// Cannot be targeted by any card.
    pub const SHROUD: Keywords = Keywords(8);

    /// Whether every keyword of `k` is present.
    pub fn has(self, k: Keywords) -> bool {
        self.0 & k.0 == k.0
    }

    /// Union.
    pub fn with(self, k: Keywords) -> Keywords {
        Keywords(self.0 | k.0)
    }

    /// Difference.
    pub fn without(self, k: Keywords) -> Keywords {
        Keywords(self.0 & !k.0)
    }
}
