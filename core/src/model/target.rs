//! Targets: cards, squares, players and stack items an ability chose (R7.4), held with the
//! object they were chosen as (R7.3).

use crate::model::board::Square;
use crate::model::ids::{CardId, Player};
use crate::model::zone::ZoneSet;
use serde::{Deserialize, Serialize};

/// Most targets an ability may have.
pub const MAX_TARGETS: usize = 4;

/// The identity of an item on the stack, unique within a game (R7.4: a stack item can be a
/// target; an item that left the stack is never found again by its id).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
pub struct ItemId(pub u32);

/// One chosen target: a card (in a square or another zone), a square, a player or a stack item.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Target {
    /// A card.
    Card(CardId),
    /// A square.
    Square(Square),
    /// A player.
    Player(Player),
    /// An item on the stack.
    Item(ItemId),
}

impl Target {
    /// The card, for a card target.
    pub fn card(self) -> Option<CardId> {
        match self {
            Target::Card(c) => Some(c),
            _ => None,
        }
    }
}

impl From<CardId> for Target {
    fn from(c: CardId) -> Target {
        Target::Card(c)
    }
}

/// A list of up to [`MAX_TARGETS`] distinct targets; `Copy`, so actions need no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Targets {
    len: u8,
    ids: [Target; MAX_TARGETS],
}

impl Default for Targets {
    fn default() -> Targets {
        Targets::NONE
    }
}

impl Targets {
    /// No target.
    pub const NONE: Targets = Targets {
        len: 0,
        ids: [Target::Card(CardId(0)); MAX_TARGETS],
    };

    /// The card list `cards` (extra cards beyond [`MAX_TARGETS`] are ignored).
    pub fn of(cards: &[CardId]) -> Targets {
        let mut t = Targets::NONE;
        for &c in cards.iter().take(MAX_TARGETS) {
            t.push(Target::Card(c));
        }
        t
    }

    /// The list `targets` of any kinds (extra ones beyond [`MAX_TARGETS`] are ignored).
    pub fn list(targets: &[Target]) -> Targets {
        let mut t = Targets::NONE;
        for &x in targets.iter().take(MAX_TARGETS) {
            t.push(x);
        }
        t
    }

    /// One card target.
    pub fn one(card: CardId) -> Targets {
        Targets::of(&[card])
    }

    pub(crate) fn push(&mut self, t: Target) {
        if (self.len as usize) < MAX_TARGETS {
            self.ids[self.len as usize] = t;
            self.len += 1;
        }
    }

    /// The targets as a slice.
    pub fn as_slice(&self) -> &[Target] {
        &self.ids[..self.len as usize]
    }

    /// The card targets, in order.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.as_slice().iter().filter_map(|t| t.card())
    }

    /// Whether `card` is one of the targets.
    pub fn contains_card(&self, card: CardId) -> bool {
        self.as_slice().contains(&Target::Card(card))
    }

    /// The same targets with every card replaced by `f` of it.
    pub fn map_cards(&self, mut f: impl FnMut(CardId) -> CardId) -> Targets {
        let mut t = *self;
        for x in &mut t.ids[..t.len as usize] {
            if let Target::Card(c) = x {
                *c = f(*c);
            }
        }
        t
    }

    /// Number of targets.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no target.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A target remembered on the stack: the card and its incarnation (a card that left its zone is
/// a new object, R7.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TargetRef {
    /// The card.
    pub card: CardId,
    /// Its incarnation when targeted.
    pub inc: u16,
}

/// A target as a stack item holds it: a card as the object it was when chosen (R7.3), or a
/// square, a player or another stack item.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum HeldTarget {
    /// A card and its incarnation.
    Card(TargetRef),
    /// A square.
    Square(Square),
    /// A player.
    Player(Player),
    /// A stack item.
    Item(ItemId),
}

impl HeldTarget {
    /// The target it names, whatever became of it.
    pub fn target(self) -> Target {
        match self {
            HeldTarget::Card(r) => Target::Card(r.card),
            HeldTarget::Square(s) => Target::Square(s),
            HeldTarget::Player(p) => Target::Player(p),
            HeldTarget::Item(i) => Target::Item(i),
        }
    }
}

/// What a target spec accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TargetKind {
    /// A unit in the battle space.
    Unit,
    /// A base in a base space.
    Base,
    /// A unit or a base.
    UnitOrBase,
    /// A card in one of `zones` (squares, hand, graveyard, plan, energy, smash or remove zone;
    /// never the deck or the stack), of card type `kind` if set.
    Card {
        /// Zones searched.
        zones: ZoneSet,
        /// Card type accepted, if restricted.
        kind: Option<crate::model::card_kind::CardKind>,
    },
    /// A square (battle or base square).
    Square,
    /// A player.
    Player,
    /// An item on the active frame's stack (R11.4: a pending stack counts as non-existent).
    Item(ItemFilter),
}

/// Which stack items an item target accepts. Battle damage is never accepted: it cannot be
/// cancelled (R11.12).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemFilter {
    /// Any item but battle damage.
    Any,
    /// A card being played (unit, base or strategy).
    Play,
    /// A strategy being played.
    Strategy,
    /// A move.
    Move,
    /// A ● or ◆ ability.
    Ability,
}

/// Whose cards a target spec accepts, relative to the controller.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// Either player's.
    Any,
    /// The controller's own.
    Own,
    /// The controller's opponent's.
    Opponent,
}
