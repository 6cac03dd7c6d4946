//! Events: one per state change, for logs, UIs, replays and ◆ triggers (docs/design.md §5).

use crate::model::board::Square;
use crate::model::dimension::{DieFace, Pos};
use crate::model::ids::{CardId, Player};
use crate::model::phase::{GameResult, Phase};
use crate::model::provenance::Arrival;
use crate::model::target::Target;
use crate::model::zone::Loc;
use serde::{Deserialize, Serialize};

/// The kind of an item put on the stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ItemTag {
    /// Playing a card (from hand, the plan zone or by a ☆ method).
    Play,
    /// Creating the plan zone.
    CreatePlan,
    /// Updating the plan zone.
    UpdatePlan,
    /// Moving a unit.
    Move,
    /// A ● ability.
    Activated,
    /// A ◆ ability.
    Triggered,
    /// Battle damage.
    Damage,
    /// A roll of the dimension die (R19.11).
    Roll,
}

/// Battle steps (R11.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum BattleStep {
    /// 第1バトルステップ: 加速 damage.
    First,
    /// 第2バトルステップ: the other damage.
    Second,
    /// バトル終了ステップ.
    End,
}

/// Something that happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A turn began.
    TurnBegan {
        /// The active player.
        player: Player,
        /// Turn number, from 1.
        turn: u32,
    },
    /// A phase began.
    PhaseBegan {
        /// The phase.
        phase: Phase,
    },
    /// A phase of the turn ended (R4.1), before the next one begins; a game that ends during a
    /// phase does not end it.
    PhaseEnded {
        /// The phase.
        phase: Phase,
    },
    /// The turn is ending (「ターン終了時」): the recovery phase began and its turn-based actions
    /// have not happened yet. ◆ abilities triggering on it resolve in an end-of-turn window of
    /// this turn (A8, as revised for end-of-turn triggers).
    TurnEnding {
        /// The active player.
        player: Player,
        /// Turn number.
        turn: u32,
    },
    /// The second player took a mulligan (R18.2).
    Mulligan {
        /// Who.
        player: Player,
    },
    /// A card was drawn.
    Drew {
        /// Who drew.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// A card changed location (including square to square).
    Moved {
        /// The card.
        card: CardId,
        /// Where it was.
        from: Loc,
        /// Where it is.
        to: Loc,
        /// How it arrived: the zone it left as its abilities saw it ([`crate::Zone::Plan`]
        /// for the plan card) and why it moved.
        arrival: Arrival,
    },
    /// A card was put into a square (after its [`Event::Moved`]).
    Placed {
        /// The card.
        card: CardId,
        /// The square.
        square: Square,
        /// Whether it was played (not put by an effect or moved).
        played: bool,
        /// How it arrived: played (from which zone, by which method), moved, or put by whose
        /// effect.
        arrival: Arrival,
    },
    /// A card in a square was destroyed (put into the graveyard, after its [`Event::Moved`]).
    Destroyed {
        /// The card.
        card: CardId,
        /// Its last square.
        square: Square,
    },
    /// A unit took damage.
    Damaged {
        /// The unit.
        card: CardId,
        /// Amount after replacement effects.
        amount: i32,
        /// The card whose effect or battle damage dealt it.
        source: Option<CardId>,
    },
    /// A card was frozen.
    Frozen {
        /// The card.
        card: CardId,
    },
    /// A card was released.
    Released {
        /// The card.
        card: CardId,
    },
    /// An item was put on the stack.
    Stacked {
        /// Its controller.
        player: Player,
        /// Its kind.
        tag: ItemTag,
        /// The card it came from (the played card, the moving unit, the ability's card).
        card: Option<CardId>,
    },
    /// An item resolved (R7.7: also when it did nothing).
    Resolved {
        /// Its kind.
        tag: ItemTag,
        /// The card it came from.
        card: Option<CardId>,
        /// Whether it failed: every target had become illegal (R7.5), or an effect made it fail.
        fizzled: bool,
    },
    /// Something became a target of an item put on the stack (R7.4).
    Targeted {
        /// What was targeted.
        target: Target,
        /// The kind of the targeting item.
        tag: ItemTag,
        /// The card the targeting item came from.
        by: Option<CardId>,
        /// The targeting item's controller.
        player: Player,
    },
    /// An item was removed from the stack by an effect without resolving: a strategy's
    /// resolution made to fail, a move negated (it counts as resolved to no purpose, R7.7).
    Countered {
        /// Its kind.
        tag: ItemTag,
        /// The card it came from.
        card: Option<CardId>,
        /// The card whose effect countered it.
        by: Option<CardId>,
    },
    /// A player passed priority.
    Passed {
        /// Who.
        player: Player,
    },
    /// A battle began (RE8).
    BattleBegan {
        /// Its square.
        square: Square,
        /// The attacker (R11.3).
        attacker: CardId,
        /// The defender; also an attacker when both arrived together (A21).
        defender: CardId,
    },
    /// A battle step began.
    BattleStepBegan {
        /// The step.
        step: BattleStep,
    },
    /// A battle ended.
    BattleEnded {
        /// Its square.
        square: Square,
        /// The winner, or none for a draw.
        winner: Option<CardId>,
    },
    /// A unit smashed.
    Smashed {
        /// The unit.
        unit: CardId,
        /// The player whose deck lost cards.
        victim: Player,
        /// Cards moved to the smash zone.
        cards: u8,
    },
    /// A plan zone was created or renewed.
    PlanOpened {
        /// Whose.
        player: Player,
        /// The new plan card.
        card: CardId,
    },
    /// A plan zone ended (R9.4, R9.7, A16(c)): its card left the deck's top, was covered, or
    /// the deck was shuffled or reordered. A ◆ of the card sees this from the plan zone.
    PlanClosed {
        /// Whose.
        player: Player,
        /// The card that was the plan card.
        card: CardId,
    },
    /// A deck was shuffled.
    Shuffled {
        /// Whose.
        player: Player,
    },
    /// A ◆ ability triggered and waits for the next priority.
    Triggered {
        /// The card.
        card: CardId,
    },
    /// A ◆ ability had no legal target and was voided (R7.4).
    TriggerVoided {
        /// The card.
        card: CardId,
    },
    /// A card effect failed with an error (a script error); it did nothing.
    EffectFailed {
        /// The card.
        card: Option<CardId>,
        /// Index into [`crate::Game::effect_errors`].
        error: u32,
    },
    /// The duel ended.
    GameOver {
        /// The result.
        result: GameResult,
    },
    /// The dimension die was rolled (R19.11); 「あなたが{C}を出したとき」 triggers on C
    /// (R19.13).
    Rolled {
        /// Who rolled.
        player: Player,
        /// The face shown.
        face: DieFace,
    },
    /// A card of the dimension deck was turned face up (R19.9, R19.12, R19.16, R19.19). A
    /// phenomenon's ability triggers on it unless it was turned over during setup (R19.9,
    /// A37).
    Revealed {
        /// The card.
        card: CardId,
        /// 次元探索戦: its position in the cross.
        at: Option<Pos>,
        /// Turned over while setting up, when phenomena do not trigger.
        setup: bool,
    },
    /// A card of the command zone was turned face down and put on the bottom of the dimension
    /// deck (R19.9, R19.12, R19.15, R19.19, R19.20).
    Bottomed {
        /// The card.
        card: CardId,
    },
    /// 次元探索戦: the token moved (R19.18).
    TokenMoved {
        /// From this position.
        from: Pos,
        /// To this one.
        to: Pos,
    },
    /// A card in a hand was shown to a player (「公開する」, A47): that player sees it until it
    /// leaves the hand.
    HandShown {
        /// The card.
        card: CardId,
        /// The player it was shown to.
        to: Player,
    },
}

impl Event {
    /// How the card of a [`crate::Event::Moved`] or [`crate::Event::Placed`] event arrived.
    pub fn arrival(&self) -> Option<Arrival> {
        match *self {
            Event::Moved { arrival, .. } | Event::Placed { arrival, .. } => Some(arrival),
            _ => None,
        }
    }
}
