//! Why a card effect failed, as data: the effect does nothing and the failure is reported
//! ([`crate::Event::EffectFailed`] indexes [`crate::Game::effect_errors`]). Front ends word it
//! (dzero-text); a message from a card's own code stays its text.

use crate::model::ids::{CardId, Player};
use crate::model::question::{Ask, ChoiceOption, Question};
use serde::{Deserialize, Serialize};

/// Why an effect failed, or what the engine gave up on.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Failure {
    /// A card's own code reported this error (a script error), passed on as written.
    Message(String),
    /// A choice asked again when the effect re-ran no longer offers the answer recorded for it
    /// (R7.6): the effect asked a different question.
    AnswerNotOffered {
        /// What the effect asks now.
        ask: Box<Ask>,
        /// The answer recorded.
        answer: Box<ChoiceOption>,
    },
    /// A replacement's question asked again when the action ran again no longer offers its
    /// recorded answer; its first option was taken.
    ReplacementAnswerNotOffered {
        /// The question asked now.
        question: Box<Question>,
    },
    /// The cards an effect reorders are not the top cards of that deck.
    NotDeckTop {
        /// Whose deck.
        player: Player,
    },
    /// The ● ability a stack item was created from was changed or removed by a reload.
    ActivatedReloaded,
    /// The ◆ ability a stack item was created from was changed or removed by a reload.
    TriggeredReloaded,
    /// The ◆ ability that triggered was changed or removed by a reload before it was put on the
    /// stack.
    TriggerReloaded,
    /// A strategy's definition no longer has a strategy effect (a reload removed it).
    SpellReloaded,
    /// A stack item without an effect body was resolved as an effect.
    NoEffectBody,
    /// An effect reported a pending choice but asked none.
    SuspendedWithoutQuestion,
    /// More than `rounds` rounds of rule effects and triggers ran without a player acting; the
    /// waiting triggers were dropped.
    EndlessLoop {
        /// The rounds allowed.
        rounds: u32,
    },
}

/// A failed effect as reported: the card whose effect failed, if known, and why.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FailedEffect {
    /// The card whose effect failed.
    pub card: Option<CardId>,
    /// Why.
    pub failure: Failure,
}
