//! What a pending choice asks, as data: front ends (`dzero-text`) phrase it in a language; core
//! builds no sentences. Words a card's author wrote (a Lua prompt, a DSL label) stay text of
//! the card ([`Ask::Text`], [`Question::ReplacementApplies`]).

use crate::model::board::Square;
use crate::model::dimension::Pos;
use crate::model::ids::{CardId, Player};
use crate::model::target::{ItemId, Targets};
use crate::model::zone::Loc;
use serde::{Deserialize, Serialize};

/// The question of a [`crate::PendingChoice`]. [`crate::ChoiceKind`] says how the answer is
/// used; this says what is asked: the same replacement question is answered inside a
/// resolution ([`crate::ChoiceKind::Effect`]) or outside ([`crate::ChoiceKind::Replacement`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Question {
    /// An effect of `card` asks (R7.6): its ability `ability` (index in the card's
    /// definition), or the card's own effect as played when `None`.
    Effect {
        /// The card whose effect asks, if any.
        card: Option<CardId>,
        /// The ability asking (● or ◆), if not the played card's own effect.
        ability: Option<u8>,
        /// What it asks.
        ask: Ask,
    },
    /// Which waiting trigger of yours goes on the stack next (R17.12); options are their cards.
    TriggerOrder,
    /// Targets for the ◆ ability `ability` of `card` going on the stack (R7.4).
    TriggerTarget {
        /// The triggered card.
        card: CardId,
        /// The ability's index in the card's definition.
        ability: u8,
    },
    /// Which contested square battles first (A19); options are squares.
    BattleOrder,
    /// Which of the cards that went to `zone` at the same time goes in first, lowest (R1.7).
    ZoneOrder {
        /// `Loc::Graveyard` or `Loc::Deck` (its bottom).
        zone: Loc,
    },
    /// Whether the optional replacement of `by` sends `card` to `instead` rather than `to`
    /// (「…してもよい」); options are yes / no.
    ReplacementApplies {
        /// The card whose ★ replaces.
        by: CardId,
        /// The card moving.
        card: CardId,
        /// Where it would go instead.
        instead: Loc,
        /// Where it was going.
        to: Loc,
        /// The question as the card's author wrote it (empty: none).
        text: String,
    },
    /// Which of several replacements (options: their cards) applies first to `card` going to
    /// `to`.
    ReplacementOrder {
        /// The card moving.
        card: CardId,
        /// Where it was going.
        to: Loc,
    },
}

/// What an effect asks its chooser.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ask {
    /// The card's own words: a Lua script's prompt or a DSL label.
    Text(String),
    /// 「…てもよい」: whether to do it (options yes / no).
    MayDo,
    /// A card of your hand.
    CardOfHand,
    /// A card of your hand to discard.
    Discard,
    /// A card found by searching the deck.
    SearchDeck,
    /// The square to put a card into.
    SquareToPut,
    /// A card to put into a square (options: cards, and `done` when fewer may be chosen).
    CardToPut,
    /// The square a unit moves to.
    SquareToMove,
    /// 次元探索戦: the dimension the token moves to (R19.18, A39).
    TokenDestination,
    /// 次元探索戦: which far dimension goes to the bottom of the dimension deck next (A39).
    BottomFirst,
    /// 次元探索戦: which empty position is filled next (A39).
    FillFirst,
    /// The targets of a replacement's follow-up (「そうした場合、対象の…」), chosen as the
    /// replacement applies (R7.4, A50); options are target combinations.
    Targets,
}

impl From<&str> for Ask {
    fn from(text: &str) -> Ask {
        Ask::Text(text.to_owned())
    }
}

impl From<String> for Ask {
    fn from(text: String) -> Ask {
        Ask::Text(text)
    }
}

/// An answerable option of a pending choice.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ChoiceOption {
    /// A card.
    Card(CardId),
    /// A square.
    Square(Square),
    /// A number.
    Number(i32),
    /// A labelled option (e.g. "yes" / "no"): a key front ends may translate.
    Label(String),
    /// A combination of targets chosen together (targets of a ◆, R7.4); empty: no target
    /// (「…まで選び」).
    Cards(Targets),
    /// A player.
    Player(Player),
    /// An item on the stack.
    Item(ItemId),
    /// A position of the 次元探索戦 cross.
    Position(Pos),
}
