//! The rule sets a duel is played under (R2, R18).

use serde::{Deserialize, Serialize};

/// The parameters that differ between rule sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RuleSet {
    /// Which rule set.
    pub kind: RuleSetKind,
    /// Exact deck size (R2.1, R18.1).
    pub deck_size: u8,
    /// Most copies of one name (R2.2, R18.1).
    pub max_copies: u8,
    /// Smash-zone size that loses (RE1).
    pub smash_loss: u8,
    /// Whether the second player may mulligan (R18.2).
    pub mulligan: bool,
}

/// The rule sets dzero knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum RuleSetKind {
    /// Official Dimension Zero, rulebook v1.0.
    Official,
    /// 東方零次元, standard match.
    Touhou,
    /// 東方零次元, instant match (R18.1).
    TouhouInstant,
}

impl RuleSet {
    /// Official rules: 40 cards, ≤3 per name, 7 smash loses, no mulligan.
    pub const OFFICIAL: RuleSet = RuleSet {
        kind: RuleSetKind::Official,
        deck_size: 40,
        max_copies: 3,
        smash_loss: 7,
        mulligan: false,
    };
    /// 東方零次元 standard: the official numbers plus the second player's mulligan.
    pub const TOUHOU: RuleSet = RuleSet {
        kind: RuleSetKind::Touhou,
        mulligan: true,
        ..RuleSet::OFFICIAL
    };
    /// 東方零次元 instant match: 25 cards, 1 per name, 5 smash loses, mulligan.
    pub const TOUHOU_INSTANT: RuleSet = RuleSet {
        kind: RuleSetKind::TouhouInstant,
        deck_size: 25,
        max_copies: 1,
        smash_loss: 5,
        mulligan: true,
    };
}
