//! Why the rules refuse an action: one variant per reason, carrying the cards, squares and
//! numbers involved, each knowing the rule IDs it applies. Front ends word them (dzero-text).

use crate::model::announcement::{Pick, Step};
use crate::model::board::Square;
use crate::model::ids::CardId;

/// Why an action is refused. [`Refusal::rules`] names the rules applied; the wording lives with
/// the front ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Refusal {
    // Timing (R4.7, R6).
    /// A quick-timing action during a battle, where only battle-timing ones are allowed.
    QuickInBattle,
    /// A normal-timing action outside the main phase.
    NormalOutsideMain,
    /// A normal-timing action by the player who is not active.
    NormalNotActive,
    /// A normal-timing action during a battle.
    NormalInBattle,
    /// A normal-timing action while the stack is not empty.
    NormalStackNotEmpty,

    // Decisions and announcements (docs/design.md §7).
    /// The pending choice has no option with this index.
    NoSuchOption {
        /// The index given.
        index: u16,
    },
    /// A pick while nothing is being announced.
    NothingAnnounced,
    /// A declaration was asked of an action that declares nothing.
    NotADeclaration,
    /// A compound action lacks the piece its announcement asks for next.
    PieceMissing {
        /// The step asking for it.
        step: Step,
    },
    /// No square can be chosen for the announcement.
    NoSquare,
    /// Too few targets can be chosen for the announcement.
    TooFewTargets,
    /// The announcement's step does not offer this pick.
    PickNotOffered {
        /// The step being chosen.
        step: Step,
        /// The pick given.
        pick: Pick,
    },
    /// A move announced without its destination square.
    SquareMissing,

    // Playing cards (R8, R9.6, R17.4, R19.8).
    /// The action given to the play check is not a play.
    NotAPlay,
    /// A player plays a card they do not own.
    NotYourCard {
        /// The card.
        card: CardId,
    },
    /// The ability index given as a ☆ play method is not one.
    NotAPlayMethod {
        /// The card.
        card: CardId,
        /// The ability index given.
        method: u8,
    },
    /// The ☆ play method does not work from the card's zone.
    MethodWrongZone {
        /// The card.
        card: CardId,
    },
    /// The ☆ play method's condition does not hold.
    MethodConditionUnmet {
        /// The card.
        card: CardId,
    },
    /// A normal play of a card neither in the hand nor the plan card.
    NotFromHandOrPlan {
        /// The card.
        card: CardId,
    },
    /// A card being played would pay a cost with itself.
    PaysWithItself {
        /// The card.
        card: CardId,
    },
    /// A dimension or phenomenon would be played; they stay in the command zone.
    StaysInCommandZone {
        /// The card.
        card: CardId,
    },
    /// A unit played without a square.
    UnitNeedsSquare {
        /// The unit.
        card: CardId,
    },
    /// A unit played outside the battle space.
    UnitOutsideBattleSpace {
        /// The unit.
        card: CardId,
        /// The square given.
        square: Square,
    },
    /// A unit played outside its player's own area and the centre area.
    UnitOutsideOwnOrCentre {
        /// The unit.
        card: CardId,
        /// The square given.
        square: Square,
    },
    /// A unit played into a square holding a unit of the same player.
    UnitSquareTaken {
        /// The square.
        square: Square,
    },
    /// A unit played with targets.
    UnitTakesNoTargets {
        /// The unit.
        card: CardId,
    },
    /// A base played without a square.
    BaseNeedsSquare {
        /// The base.
        card: CardId,
    },
    /// A base played outside its player's own base space (or where its ☆ method forbids).
    BaseOutsideBaseSpace {
        /// The base.
        card: CardId,
        /// The square given.
        square: Square,
    },
    /// A base played into a base square already holding a base of the same player.
    BaseSquareTaken {
        /// The square.
        square: Square,
    },
    /// A base played with targets.
    BaseTakesNoTargets {
        /// The base.
        card: CardId,
    },
    /// A strategy played with a square.
    StrategyTakesNoSquare {
        /// The strategy.
        card: CardId,
    },
    /// Wrong number of targets, or a target that cannot be chosen.
    IllegalTargets {
        /// The card played or whose ability is activated.
        card: CardId,
    },
    /// A ★ prohibition forbids playing the card so.
    PlayForbidden {
        /// The card.
        card: CardId,
    },

    // ● abilities (R17.3).
    /// The action given to the activation check is not an activation.
    NotAnActivation,
    /// A player activates an ability of a card they do not control.
    NotController {
        /// The card.
        card: CardId,
    },
    /// The card has no ● ability with this index.
    NoSuchAbility {
        /// The card.
        card: CardId,
        /// The ability index given.
        ability: u8,
    },
    /// The ability does not work in the card's zone.
    AbilityWrongZone {
        /// The card.
        card: CardId,
    },
    /// The ability's own condition for activating is not met.
    AbilityConditionUnmet {
        /// The card.
        card: CardId,
    },

    // Moving (R1.13, R10).
    /// The card to move is not in the battle space.
    MoverOutsideBattleSpace {
        /// The card.
        unit: CardId,
    },
    /// The destination is not orthogonally adjacent (nor a diagonal a ★ permits).
    MoveNotAdjacent {
        /// The unit.
        unit: CardId,
        /// The destination.
        to: Square,
    },
    /// The destination holds a unit of the same player.
    MoveSquareTaken {
        /// The unit.
        unit: CardId,
        /// The destination.
        to: Square,
    },
    /// A ★ prohibition forbids the move.
    MoveForbidden {
        /// The unit.
        unit: CardId,
    },
    /// A player moves a unit they do not control, or one outside the battle squares.
    MoverNotYours {
        /// The unit.
        unit: CardId,
    },
    /// A frozen unit would move.
    MoverFrozen {
        /// The unit.
        unit: CardId,
    },
    /// The card has no move cost.
    NoMoveCost {
        /// The card.
        unit: CardId,
    },

    // Smashing (R12.1).
    /// The card to smash with is not in the battle space.
    SmasherOutsideBattleSpace {
        /// The card.
        unit: CardId,
    },
    /// A player smashes with a card that is not a unit they control.
    SmasherNotYours {
        /// The card.
        unit: CardId,
    },
    /// The unit is in its player's own area (without a ★ permitting it).
    SmasherInOwnArea {
        /// The unit.
        unit: CardId,
    },
    /// A frozen unit would smash.
    SmasherFrozen {
        /// The unit.
        unit: CardId,
    },
    /// A ★ prohibition forbids the unit to smash.
    SmashForbidden {
        /// The unit.
        unit: CardId,
    },

    // Energy phase, plan zone, dimension die (R4.4, R9, A16, R19.1).
    /// The card put into the energy zone is not in its player's hand.
    EnergyNotFromHand {
        /// The card.
        card: CardId,
    },
    /// The player already has a plan zone.
    PlanExists,
    /// The player's deck is empty, so no plan zone can be created.
    DeckEmpty,
    /// The player has no plan zone to update.
    NoPlan,
    /// The game has no dimension die.
    NoDimensionDie,

    // Costs (R5).
    /// Nothing can complete the announcement's cost with the player's cards.
    CannotPay,
    /// Automatic payment finds no released energy to pay.
    NotEnoughEnergy,
    /// The paying cards are not as many as the energy to pay.
    PaymentCount {
        /// Points of energy to pay.
        need: usize,
        /// Cards given.
        given: usize,
    },
    /// A paying card is listed twice, or also pays another part of the cost.
    PayerTwice {
        /// The card.
        card: CardId,
    },
    /// A paying card is not the player's released energy-zone or smash-zone card.
    NotAPayer {
        /// The card.
        card: CardId,
    },
    /// The paying cards' colours cannot pay the cost.
    WrongColours,
    /// An X given for a cost without X.
    XWithoutX {
        /// The X given.
        x: u8,
    },
    /// A フリーズ cost with no card to freeze.
    NothingToFreeze,
    /// The card to freeze for a フリーズ cost is not released in play.
    FreezeCostUnpayable {
        /// The card.
        card: CardId,
    },
    /// A 廃棄 cost with no card to discard.
    NothingToDiscard,
    /// The card to discard for a 廃棄 cost is not in a square.
    DiscardCostUnpayable {
        /// The card.
        card: CardId,
    },
    /// The cards given for the card costs are not as many as the costs ask.
    CostCardCount {
        /// Cards the costs ask.
        need: usize,
        /// Cards given.
        given: usize,
    },
    /// The card cannot pay its own card cost from where it is.
    OwnCostUnpayable {
        /// The card.
        card: CardId,
    },
    /// A card given for a card cost does not qualify.
    CostCardUnqualified {
        /// The card given.
        card: CardId,
    },
    /// One card would pay two costs.
    PaysTwoCosts {
        /// The card.
        card: CardId,
    },
}

impl Refusal {
    /// The IDs of the rules refusing (empty where only the engine's interface refuses).
    pub fn rules(&self) -> &'static [&'static str] {
        use Refusal::*;
        match self {
            QuickInBattle | NormalInBattle => &["R6.5"],
            NormalOutsideMain => &["R4.7"],
            NormalNotActive | NormalStackNotEmpty => &["R6.3"],
            TooFewTargets | IllegalTargets { .. } => &["R7.4"],
            PickNotOffered { step, .. } => match step {
                Step::Square => &[],
                Step::Target => &["R7.4"],
                Step::X => &["R5.5"],
                Step::CostCard => &["R5.8"],
                Step::Payment => &["R5.2", "R5.3"],
            },
            StaysInCommandZone { .. } => &["R19.8"],
            UnitOutsideOwnOrCentre { .. } | UnitSquareTaken { .. } => &["R8.2"],
            BaseOutsideBaseSpace { .. } | BaseSquareTaken { .. } => &["R8.6"],
            NotController { .. } => &["R17.3"],
            MoverOutsideBattleSpace { .. } | MoveSquareTaken { .. } | MoverNotYours { .. } => {
                &["R10.1"]
            }
            MoveNotAdjacent { .. } => &["R1.13"],
            MoverFrozen { .. } => &["R10.2"],
            SmasherOutsideBattleSpace { .. }
            | SmasherNotYours { .. }
            | SmasherInOwnArea { .. }
            | SmasherFrozen { .. } => &["R12.1"],
            EnergyNotFromHand { .. } => &["R4.4"],
            PlanExists => &["A16"],
            NoPlan => &["R9.3"],
            NoDimensionDie => &["R19.1"],
            CannotPay => &["R5.2", "R5.8"],
            NotEnoughEnergy => &["R5.2", "R5.3"],
            WrongColours => &["R5.2"],
            FreezeCostUnpayable { .. } => &["R5.6"],
            DiscardCostUnpayable { .. } => &["R5.7"],
            OwnCostUnpayable { .. } => &["R5.8"],
            CostCardUnqualified { .. } => &["R5.8", "R17.11"],
            NoSuchOption { .. }
            | NothingAnnounced
            | NotADeclaration
            | PieceMissing { .. }
            | NoSquare
            | SquareMissing
            | NotAPlay
            | NotYourCard { .. }
            | NotAPlayMethod { .. }
            | MethodWrongZone { .. }
            | MethodConditionUnmet { .. }
            | NotFromHandOrPlan { .. }
            | PaysWithItself { .. }
            | UnitNeedsSquare { .. }
            | UnitOutsideBattleSpace { .. }
            | UnitTakesNoTargets { .. }
            | BaseNeedsSquare { .. }
            | BaseTakesNoTargets { .. }
            | StrategyTakesNoSquare { .. }
            | PlayForbidden { .. }
            | NotAnActivation
            | NoSuchAbility { .. }
            | AbilityWrongZone { .. }
            | AbilityConditionUnmet { .. }
            | MoveForbidden { .. }
            | NoMoveCost { .. }
            | SmashForbidden { .. }
            | DeckEmpty
            | PaymentCount { .. }
            | PayerTwice { .. }
            | NotAPayer { .. }
            | XWithoutX { .. }
            | NothingToFreeze
            | NothingToDiscard
            | CostCardCount { .. }
            | PaysTwoCosts { .. } => &[],
        }
    }
}
