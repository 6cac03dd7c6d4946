//! Zones and card locations (R1.5).

use crate::model::board::Square;
use crate::model::ids::CardId;
use serde::{Deserialize, Serialize};

/// A kind of place a card can be (R1.5); squares of both spaces form [`Zone::Field`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Zone {
    /// 山札, including the plan card on top.
    Deck,
    /// 手札.
    Hand,
    /// 墓地.
    Graveyard,
    /// エネルギーゾーン.
    Energy,
    /// スマッシュゾーン.
    Smash,
    /// リムーブゾーン.
    Remove,
    /// A battle or base square.
    Field,
    /// On the stack (a played card waiting to resolve, A28).
    Stack,
    /// The plan zone: the face-up top card of the deck (R9.1). Cards there are also in the
    /// deck; abilities that work "in the plan zone" (プランゾーン効果) name this zone.
    Plan,
    /// 統率領域 (R19.8): where dimensions and phenomena work, while face up and active (the
    /// face-up dimension of 次元戦, the token's dimension of 次元探索戦, a phenomenon face up).
    Command,
    /// The rest of the command zone: the dimension deck and, in 次元探索戦, the face-up
    /// dimensions away from the token. No ability works there (R19.17, A42).
    Dormant,
    /// Bound to a unit in a square (結合, A75): a strategy that stays with the unit its
    /// effect put there; not a card in the square (A76).
    Bound,
}

impl Zone {
    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of zones, e.g. where an ability works.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct ZoneSet(pub u16);

impl ZoneSet {
    /// No zone.
    pub const NONE: ZoneSet = ZoneSet(0);
    /// Just the squares: where unit and base abilities normally work (R17.6).
    pub const FIELD: ZoneSet = ZoneSet(1 << (Zone::Field as u8));
    /// Just the hand.
    pub const HAND: ZoneSet = ZoneSet(1 << (Zone::Hand as u8));
    /// Every zone of a player's cards (☆ abilities, R17.4).
    pub const ALL: ZoneSet = ZoneSet(0x1ff);
    /// Just the active place of the command zone (dimensions and phenomena, R19.10).
    pub const COMMAND: ZoneSet = ZoneSet(1 << (Zone::Command as u8));

    /// The set holding just `z`.
    pub fn of(z: Zone) -> ZoneSet {
        ZoneSet(z.bit())
    }

    /// This set plus `z`.
    pub fn with(self, z: Zone) -> ZoneSet {
        ZoneSet(self.0 | z.bit())
    }

    /// Whether `z` is in the set.
    pub fn contains(self, z: Zone) -> bool {
        self.0 & z.bit() != 0
    }
}

/// Where one card is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Loc {
    /// In its owner's deck.
    Deck,
    /// In its owner's hand.
    Hand,
    /// In its owner's graveyard.
    Graveyard,
    /// In its owner's energy zone.
    Energy,
    /// In a smash zone (the player whose deck it came from owns it).
    Smash,
    /// In its owner's remove zone.
    Remove,
    /// In a battle or base square.
    Square(Square),
    /// On the stack.
    Stack,
    /// In the command zone (dimensions and phenomena, R19.8).
    Command,
    /// Bound to the unit `CardId` in a square (結合, A75–A77).
    Bound(CardId),
}

impl Loc {
    /// The zone kind of this location.
    pub fn zone(self) -> Zone {
        match self {
            Loc::Deck => Zone::Deck,
            Loc::Hand => Zone::Hand,
            Loc::Graveyard => Zone::Graveyard,
            Loc::Energy => Zone::Energy,
            Loc::Smash => Zone::Smash,
            Loc::Remove => Zone::Remove,
            Loc::Square(_) => Zone::Field,
            Loc::Stack => Zone::Stack,
            Loc::Command => Zone::Command,
            Loc::Bound(_) => Zone::Bound,
        }
    }

    /// The square, if the card is in one.
    pub fn square(self) -> Option<Square> {
        match self {
            Loc::Square(s) => Some(s),
            _ => None,
        }
    }
}
