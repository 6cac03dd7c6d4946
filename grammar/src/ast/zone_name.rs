//! The zones a zone effect (○○ゾーン効果, R17.9) or a 盟約 wrapper names.

use dzero_core::Zone;

/// A zone that a zone effect names (R17.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ZoneName {
    /// 墓地効果 / `graveyard`.
    Graveyard,
    /// 手札効果 / `hand`.
    Hand,
    /// プランゾーン効果 / `plan`.
    Plan,
    /// エネルギーゾーン効果 / `energy`.
    Energy,
    /// スマッシュゾーン効果 / `smash`.
    Smash,
    /// リムーブゾーン効果 / `remove`.
    Remove,
}

impl ZoneName {
    /// The core zone the card is in while the effect works (the plan card is in the deck).
    pub fn zone(self) -> Zone {
        match self {
            ZoneName::Graveyard => Zone::Graveyard,
            ZoneName::Hand => Zone::Hand,
            ZoneName::Plan => Zone::Plan,
            ZoneName::Energy => Zone::Energy,
            ZoneName::Smash => Zone::Smash,
            ZoneName::Remove => Zone::Remove,
        }
    }

    /// The Japanese keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            ZoneName::Graveyard => "墓地効果",
            ZoneName::Hand => "手札効果",
            ZoneName::Plan => "プランゾーン効果",
            ZoneName::Energy => "エネルギーゾーン効果",
            ZoneName::Smash => "スマッシュゾーン効果",
            ZoneName::Remove => "リムーブゾーン効果",
        }
    }

    /// The English noun of the zone, for error messages.
    pub(crate) fn noun(self) -> &'static str {
        match self {
            ZoneName::Graveyard => "graveyard",
            ZoneName::Hand => "hand",
            ZoneName::Plan => "plan zone",
            ZoneName::Energy => "energy zone",
            ZoneName::Smash => "smash zone",
            ZoneName::Remove => "remove zone",
        }
    }
}
