//! Decisions and the actions answering them: what the game waits for and what a player does.

use crate::model::announcement::{CardList, Pick, Step, Use};
use crate::model::board::Square;
use crate::model::cost::Payment;
use crate::model::failure::FailedEffect;
use crate::model::ids::{CardId, Player};
use crate::model::phase::GameResult;
use crate::model::refusal::Refusal;
use crate::model::target::Targets;
use serde::{Deserialize, Serialize};

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Decision {
    /// The player holds priority in a main phase: act or pass.
    Act(Player),
    /// The active player may put a card from hand into the energy zone (R4.4).
    Energy(Player),
    /// The active player may smash with a unit, or end the smash phase (R12.1).
    Smash(Player),
    /// The second player may mulligan (R18.2).
    Mulligan(Player),
    /// The player must answer the pending choice ([`crate::Game::choice`]).
    Choose(Player),
    /// The player chooses the next piece of their announcement ([`crate::Game::announcement`]).
    Pick(Player, Step),
    /// The duel is over.
    Over(GameResult),
}

impl Decision {
    /// The player who must decide, if any.
    pub fn player(self) -> Option<Player> {
        match self {
            Decision::Act(p)
            | Decision::Energy(p)
            | Decision::Smash(p)
            | Decision::Mulligan(p)
            | Decision::Choose(p)
            | Decision::Pick(p, _) => Some(p),
            Decision::Over(_) => None,
        }
    }
}

/// One answer to a [`Decision`]. Always taken by the player the decision names.
///
/// [`Game::legal_actions`](crate::Game::legal_actions) lists only small decisions:
/// [`Action::Announce`], then one [`Action::Pick`] per piece. The compound forms (`Play`,
/// `Activate`, `Move`, `CreatePlan`, `UpdatePlan`, `Roll`) carry an announcement and all its
/// pieces at once; [`Game::apply`](crate::Game::apply) plays them as those small decisions
/// (scenario steps, tests and older replays write them).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Pass priority (R6.10).
    Pass,
    /// Announce using a card or an ability (docs/design.md §7); its pieces are chosen next.
    Announce(Use),
    /// Choose the next piece of the announcement, or cancel it.
    Pick(Pick),
    /// Play a card from hand, from the plan zone, or by a ☆ method (R8, R9.6).
    Play {
        /// The card.
        card: CardId,
        /// Index of the ☆ play-method ability used, if any.
        method: Option<u8>,
        /// The square for a unit or base.
        square: Option<Square>,
        /// Targets of a strategy.
        targets: Targets,
        /// Cards paying the card's additional card costs, in order (R5.8).
        #[serde(default)]
        cost_cards: CardList,
        /// X, for costs with X.
        x: u8,
        /// How the energy is paid.
        payment: Payment,
    },
    /// Create the plan zone (R9.2).
    CreatePlan {
        /// How the 無1 is paid.
        payment: Payment,
    },
    /// Update the plan zone (R9.3).
    UpdatePlan {
        /// How the 無1 is paid.
        payment: Payment,
    },
    /// Move a released unit to an adjacent square (R10.1).
    Move {
        /// The unit.
        unit: CardId,
        /// The destination.
        to: Square,
        /// How the move cost is paid.
        payment: Payment,
    },
    /// Activate a ● ability (R17.3).
    Activate {
        /// The card.
        card: CardId,
        /// Index of the ability in its definition.
        ability: u8,
        /// Targets.
        targets: Targets,
        /// Cards paid for the ability's card costs, in order (e.g. 盟約's 「A」 and 「B」).
        cost_cards: CardList,
        /// X, for costs with X.
        x: u8,
        /// How the energy is paid.
        payment: Payment,
    },
    /// Energy phase: put this card from hand into the energy zone, or none.
    Energy(Option<CardId>),
    /// Smash phase: smash with this unit, or end the phase.
    Smash(Option<CardId>),
    /// Whether to take the mulligan.
    Mulligan(bool),
    /// Answer the pending choice with an option index.
    Choose(u16),
    /// Roll the dimension die (R19.11): costs colourless energy equal to the rolls already
    /// made this turn.
    Roll {
        /// How the cost is paid.
        payment: Payment,
    },
}

/// Why an action was refused, by kind: the state is unchanged. Front ends word it
/// (dzero-text); its `Display` is its debug form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActionError {
    /// The duel is over.
    GameOver,
    /// The action does not answer the current decision.
    WrongDecision(Decision),
    /// No such card in this game.
    NoSuchCard(CardId),
    /// The timing does not allow it (R6.2).
    Timing(Refusal),
    /// The cost cannot be paid as given.
    Payment(Refusal),
    /// The targets are illegal (R7.4).
    Target(Refusal),
    /// The square is illegal.
    Square(Refusal),
    /// Any other rule forbids it.
    Illegal(Refusal),
    /// Strict mode: a card effect failed.
    EffectFailed(Box<FailedEffect>),
}

impl ActionError {
    /// The rules' reason, for a refusal by the rules.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            ActionError::Timing(r)
            | ActionError::Payment(r)
            | ActionError::Target(r)
            | ActionError::Square(r)
            | ActionError::Illegal(r) => Some(r),
            ActionError::GameOver
            | ActionError::WrongDecision(_)
            | ActionError::NoSuchCard(_)
            | ActionError::EffectFailed(_) => None,
        }
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for ActionError {}
