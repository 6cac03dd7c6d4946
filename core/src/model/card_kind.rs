//! What a card is: its type (R1.2), when it may be played, and its keywords.

use serde::{Deserialize, Serialize};

/// The three card types of a player's deck (R1.2) and the three of a dimension deck (R19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CardKind {
    /// ユニット: placed in a battle square.
    Unit,
    /// ベース: placed in a base square.
    Base,
    /// ストラテジー: used once, then to the graveyard.
    Strategy,
    /// 次元 (R19.2; a D2 field standing in for one, R19.6): active while face up.
    Dimension,
    /// 現象 (R19.2; a spell standing in for one, R19.6): its ability triggers when it is turned
    /// face up, then it goes to the bottom (R19.15, R19.20, A36).
    Phenomenon,
    /// シャッフルカード (R19.7): turned face up like a phenomenon, its own text says what it
    /// does (A38); not counted by the dimension deck's limits.
    ShuffleCard,
}

impl CardKind {
    /// Whether cards of this kind belong to the dimension deck rather than a player's deck.
    pub fn in_dimension_deck(self) -> bool {
        matches!(
            self,
            CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard
        )
    }
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
