//! Announcements (docs/design.md §7): using a card or an ability is announced first, then chosen piece by
//! piece — square, each target, X, each cost card, the payment — each piece its own small
//! decision (R5, R7.4, R8). The announcement is plain data in the state until the last piece
//! commits it; cancelling it leaves the position exactly as before.

use crate::model::board::Square;
use crate::model::ids::{CardId, Player};
use crate::model::target::{Target, Targets};
use serde::{Deserialize, Deserializer, Serialize};

/// What an announcement uses: a card by a method, an ability, a move, the plan zone or the die.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Use {
    /// Play a card from hand or from the plan zone (`method: None`, R8, R9.6), or by the ☆ play
    /// method at that ability index (加速, 隊列召喚 …, R17.4).
    Play {
        /// The card.
        card: CardId,
        /// Index of the ☆ play-method ability, if any.
        method: Option<u8>,
    },
    /// Activate the ● ability at this index of the card's abilities (R17.3).
    Activate {
        /// The card.
        card: CardId,
        /// Index of the ability in its definition.
        ability: u8,
    },
    /// Move a released unit (R10.1).
    Move {
        /// The unit.
        unit: CardId,
    },
    /// Create the plan zone (R9.2).
    CreatePlan,
    /// Update the plan zone (R9.3).
    UpdatePlan,
    /// Roll the dimension die (R19.11).
    Roll,
}

impl Use {
    /// The card used, if any.
    pub fn card(self) -> Option<CardId> {
        match self {
            Use::Play { card, .. } | Use::Activate { card, .. } => Some(card),
            Use::Move { unit } => Some(unit),
            Use::CreatePlan | Use::UpdatePlan | Use::Roll => None,
        }
    }
}

/// Which piece of an announcement is chosen next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Step {
    /// The square a unit or base is played into (R8.2, R8.6), or a move's destination (R10.1).
    Square,
    /// The next target (R7.4); [`Pick::Done`] ends the choice where the text says "up to".
    Target,
    /// The value of X (R5.5).
    X,
    /// The next card paying a card cost (R5.8).
    CostCard,
    /// The energy payment (R5.2, R5.3): automatic, or card by card.
    Payment,
}

/// One answer to an announcement's step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Pick {
    /// This square.
    Square(Square),
    /// This target.
    Target(Target),
    /// No more targets.
    Done,
    /// X is this.
    X(u8),
    /// This card pays the next card cost.
    CostCard(CardId),
    /// The engine pays the energy: deterministic, and always possible when offered.
    PayAuto,
    /// This released energy-zone or smash-zone card pays one point of the energy.
    PayCard(CardId),
    /// Withdraw the announcement: nothing has changed.
    Cancel,
}

/// Cards chosen one by one: cost cards or paying cards, any number.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct CardList(Vec<CardId>);

impl CardList {
    /// No card.
    pub const NONE: CardList = CardList(Vec::new());

    /// These cards, in order.
    pub fn of(cards: &[CardId]) -> CardList {
        CardList(cards.to_vec())
    }

    /// One card.
    pub fn one(card: CardId) -> CardList {
        CardList(vec![card])
    }

    /// The cards, in order.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.0.iter().copied()
    }

    /// The cards as a slice.
    pub fn as_slice(&self) -> &[CardId] {
        &self.0
    }

    /// The cards, to change them in place.
    pub fn as_mut_slice(&mut self) -> &mut [CardId] {
        &mut self.0
    }

    /// Whether `card` is one of them.
    pub fn contains_card(&self, card: CardId) -> bool {
        self.0.contains(&card)
    }

    /// Adds a card at the end.
    pub fn push(&mut self, card: CardId) {
        self.0.push(card);
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<Targets> for CardList {
    fn from(t: Targets) -> CardList {
        CardList(t.cards().collect())
    }
}

impl<'de> Deserialize<'de> for CardList {
    /// A list of card ids, or the fixed four-slot target list older replays wrote.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardList, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            List(Vec<CardId>),
            Targets(Targets),
        }
        Ok(match Form::deserialize(d)? {
            Form::List(v) => CardList(v),
            Form::Targets(t) => t.into(),
        })
    }
}

/// A use announced and the pieces chosen so far.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Announcement {
    /// Who announced it (they hold priority).
    pub player: Player,
    /// What is used.
    pub what: Use,
    /// The piece chosen next.
    pub step: Step,
    /// The square chosen.
    pub square: Option<Square>,
    /// The targets chosen so far, in order.
    pub targets: Targets,
    /// No more targets will be chosen.
    pub targets_done: bool,
    /// X, once chosen.
    pub x: Option<u8>,
    /// The cards paying card costs so far, in cost order.
    pub cost_cards: CardList,
    /// The energy cards chosen so far when paying card by card.
    pub paid: CardList,
}

impl Announcement {
    /// A fresh announcement of `what` by `player`; its first step is set when it is offered.
    pub fn new(player: Player, what: Use) -> Announcement {
        Announcement {
            player,
            what,
            step: Step::Payment,
            square: None,
            targets: Targets::NONE,
            targets_done: false,
            x: None,
            cost_cards: CardList::NONE,
            paid: CardList::NONE,
        }
    }
}
