//! The game state: pure data (ids, zones, counters, the stack, a seeded RNG), cheap to clone and
//! serializable (docs/design.md §1).

mod places;

use crate::model::ability_ref::AbilityRef;
use crate::model::action::Action;
use crate::model::board::Square;
use crate::model::duration::{Control, TempEffect};
use crate::model::events::{BattleStep, Event};
use crate::model::ids::{CardId, DefId, Player};
use crate::model::phase::{GameResult, Phase};
use crate::model::provenance::Cause;
use crate::model::question::ChoiceOption;
use crate::model::rules::RuleSet;
use crate::model::target::{HeldTarget, ItemId, TargetRef, Targets};
use crate::model::zone::Loc;
pub(crate) use places::{Field, PlayerZones};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// One physical card's state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CardState {
    /// Its definition.
    pub def: DefId,
    /// Its owner (持ち主).
    pub owner: Player,
    /// Where it is.
    pub loc: Loc,
    /// Frozen (sideways) rather than released.
    pub frozen: bool,
    /// Accumulated damage (units, R1.9).
    pub damage: i32,
    /// Timestamp of its arrival in its current location (R11.3 attacker, R16.3 order).
    pub stamp: u32,
    /// Bumped each time it changes zone: a card that left a zone is a new object (R7.3).
    pub inc: u16,
    /// Played into the centre area and not yet destroyed or taken into a battle (RE7).
    pub centre_played: bool,
    /// How it arrived where it is (its last relocation, square to square included).
    #[serde(default)]
    pub arrival: crate::model::provenance::Arrival,
    /// How it was played, while it stays the object that was played (on the stack, then in
    /// its square); `None` for a card put or drawn otherwise.
    #[serde(default)]
    pub played: Option<crate::model::provenance::Played>,
    /// A controller other than the owner (「コントロールを得る」), for a card in a square;
    /// `None`: its owner controls it. Ends when the card leaves the squares. Left out of the
    /// serialized state when `None`, so states without control changes keep their form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    /// Seats a hand card was shown to (「公開する」, A47), one bit per [`Player::index`]; cleared
    /// when the card changes zones. Left out of the serialized state when empty.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shown: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A battling unit (R11.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Fighter {
    /// The unit and its incarnation.
    pub unit: TargetRef,
    /// Whether it is an attacker (both are when they arrived together, A21).
    pub attacker: bool,
    /// It was played into the centre and its arrival began this battle (RE7, A22).
    pub centre_played: bool,
    /// It dealt damage in the first battle step.
    pub dealt_first: bool,
}

/// A battle in progress (R11).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Battle {
    /// Its square.
    pub square: Square,
    /// The two battling units.
    pub fighters: [Fighter; 2],
    /// Current step.
    pub step: BattleStep,
    /// Whether damage was stacked in the current step.
    pub damage_stacked: bool,
    /// The winner fixed at the start of the end step (R11.15).
    pub winner: Option<CardId>,
    /// Squares (bit per square index) already contested when this battle began: their battles
    /// wait until this one ends (A19); only new contests nest (A20).
    pub deferred: u16,
}

/// One part of a battle-damage item, fixed when stacked (R11.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DamagePart {
    /// The unit dealing damage.
    pub from: CardId,
    /// The unit receiving it.
    pub to: TargetRef,
    /// The amount.
    pub amount: i32,
}

/// What a stack item does.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ItemKind {
    /// A card being played.
    Play {
        /// The card (on the stack, A28).
        card: CardId,
        /// The named square for units and bases.
        square: Option<Square>,
        /// The ☆ method used, if any.
        method: Option<AbilityRef>,
        /// Where it was played from (hand, plan zone, or a ☆ method's zone).
        from: crate::model::zone::Zone,
    },
    /// Create the plan zone.
    CreatePlan,
    /// Update the plan zone whose card was `plan`.
    UpdatePlan {
        /// The plan card at declaration.
        plan: TargetRef,
    },
    /// Move a unit.
    Move {
        /// The unit.
        unit: TargetRef,
        /// The destination.
        to: Square,
    },
    /// A ● ability.
    Activated {
        /// The card.
        card: CardId,
        /// The ability, found again by identity after a hot reload.
        ability: AbilityRef,
    },
    /// A ◆ ability.
    Triggered {
        /// The card.
        card: CardId,
        /// The ability, found again by identity after a hot reload.
        ability: AbilityRef,
        /// The triggering event.
        event: Event,
    },
    /// A roll of the dimension die (R19.11, A35).
    Roll,
    /// Battle damage (one item, dealt simultaneously).
    Damage {
        /// One or two parts.
        parts: [Option<DamagePart>; 2],
    },
}

/// An item waiting on the stack.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StackItem {
    /// Its identity, given when it goes on the stack.
    #[serde(default)]
    pub id: ItemId,
    /// Who controls it.
    pub controller: Player,
    /// What it does.
    pub kind: ItemKind,
    /// Chosen targets, cards with their incarnations.
    pub targets: Vec<HeldTarget>,
    /// The chosen X.
    pub x: u8,
    /// The last square of a card discarded as a cost (R5.7).
    pub cost_square: Option<Square>,
    /// The options chosen so far in choices asked while resolving (re-execution, docs/design.md §3),
    /// stored as values so a re-run that offers different options cannot pick another one.
    pub answers: Vec<ChoiceOption>,
    /// The object whose ● or ◆ ability this is, as it was when the item went on the stack: its
    /// 「このカード」 names that object only (R7.3, A46). Left out of the serialized state when
    /// `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub me: Option<TargetRef>,
}

/// One level of play: the main phase or a battle, each with its own stack and priority (docs/design.md §2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Frame {
    /// Items, top last. Lower frames' stacks are pending stacks (R11.4).
    pub stack: Vec<StackItem>,
    /// Who holds priority.
    pub priority: Player,
    /// Consecutive passes.
    pub passes: u8,
    /// The battle, for battle frames.
    pub battle: Option<Battle>,
}

/// A triggered ability waiting to go on the stack (R17.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct WaitingTrigger {
    /// The card.
    pub card: CardId,
    /// The ability, found again by identity after a hot reload.
    pub ability: AbilityRef,
    /// Controller (the card's owner).
    pub controller: Player,
    /// The triggering event.
    pub event: Event,
    /// Frame depth when it triggered; it goes on the stack when play is back at that depth (A7).
    pub depth: u8,
}

/// Why a choice is asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ChoiceKind {
    /// A resolving effect asks (R7.6).
    Effect,
    /// Which of your waiting triggers goes on the stack next (R17.12).
    TriggerOrder,
    /// Targets for a trigger going on the stack (R7.4); options index target combinations.
    TriggerTarget,
    /// Which contested square battles first (A19).
    BattleOrder,
    /// Cards of yours went to your graveyard or deck at the same time: which goes in first
    /// (lowest) of those left (R1.7, R18.2).
    ZoneOrder,
    /// A replacement effect asks outside a resolution (whether an optional one applies, which
    /// of several applies first, or its payoff's question); the action that led to it runs
    /// again with the answer ([`crate::replacement`]).
    Replacement,
}

/// Cards of one owner that went to one ordered zone at the same time, whose owner has yet to
/// order them (R1.7). They are moved at once, in field-arrival order; the owner's order is
/// applied to their places before anyone next receives priority, so no player sees the
/// provisional order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct OrderGroup {
    pub owner: Player,
    /// `Loc::Graveyard` or `Loc::Deck`.
    pub zone: Loc,
    /// The cards, in the order they were moved.
    pub cards: Vec<CardId>,
    /// The owner's order so far, lowest first.
    pub ordered: Vec<CardId>,
}

/// A decision a player must make before play continues.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PendingChoice {
    /// Who decides.
    pub player: Player,
    /// Why.
    pub kind: ChoiceKind,
    /// What is asked.
    pub question: crate::model::question::Question,
    /// The options; the answer is an index.
    pub options: Vec<ChoiceOption>,
    /// For trigger targets: the target combinations matching `options`.
    pub(crate) combos: Vec<Targets>,
    /// For trigger targets: the trigger being put on the stack.
    pub(crate) trigger: Option<WaitingTrigger>,
}

/// Replacement choices outside a resolution: the held action and the answers so far.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Held {
    /// The action run again once the pending [`ChoiceKind::Replacement`] choice is answered.
    pub action: Option<Action>,
    /// The choice pending before the held action (when that action answered it), pending again
    /// when the action runs again.
    #[serde(default)]
    pub prior: Option<Box<PendingChoice>>,
    /// Answers given so far, in the order the questions are asked.
    pub answers: Vec<ChoiceOption>,
    /// Whether any card of the game has a ★ that may replace moves (refreshed with abilities).
    pub replacers: bool,
    /// Answers used by the current action.
    #[serde(skip)]
    pub asked: usize,
    /// The first question the current action could not answer.
    #[serde(skip)]
    pub question: Option<Box<PendingChoice>>,
    /// A question whose recorded answer it no longer offers (e.g. after a hot reload).
    #[serde(skip)]
    pub mismatch: Option<crate::model::question::Question>,
}

/// The complete state of a duel.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Game {
    pub(crate) rules: RuleSet,
    pub(crate) cards: Vec<CardState>,
    pub(crate) zones: [PlayerZones; 2],
    /// Cards in squares, in arrival order.
    pub(crate) field: Field,
    pub(crate) frames: SmallVec<[Frame; 2]>,
    pub(crate) phase: Phase,
    pub(crate) turn: u32,
    pub(crate) active: Player,
    pub(crate) first: Player,
    pub(crate) temps: Vec<TempEffect>,
    pub(crate) waiting: Vec<WaitingTrigger>,
    pub(crate) choice: Option<PendingChoice>,
    /// Simultaneous arrivals in ordered zones that their owner orders next (R1.7).
    pub(crate) orders: Vec<OrderGroup>,
    pub(crate) result: Option<GameResult>,
    pub(crate) clock: u32,
    /// Cached derived values.
    #[serde(skip)]
    pub(crate) derived: crate::caches::Derived,
    pub(crate) rng: ChaCha8Rng,
    /// Events of the last call to [`Game::apply`].
    pub(crate) events: SmallVec<[Event; 8]>,
    pub(crate) scanned: usize,
    /// Effects that failed, indexed by [`Event::EffectFailed`].
    pub(crate) errors: Vec<crate::model::failure::FailedEffect>,
    /// Cards whose definitions carry ◆ / ★ abilities (refreshed on hot reload).
    pub(crate) trigger_cards: std::sync::Arc<[CardId]>,
    /// Cards with ★ abilities working outside the squares.
    pub(crate) static_cards: std::sync::Arc<[CardId]>,
    /// Per card: whether it has ★ abilities working in the squares.
    pub(crate) field_statics: std::sync::Arc<[bool]>,
    /// Cards with ● or ☆ play methods that work outside hand and squares.
    pub(crate) zone_cards: std::sync::Arc<[CardId]>,
    pub(crate) strict: bool,
    /// Abilities effects granted for a duration.
    #[serde(default)]
    pub(crate) grants: Vec<crate::model::grant::Grant>,
    /// Values remembered by card effects.
    #[serde(default)]
    pub(crate) memory: Vec<crate::model::memory::MemEntry>,
    /// ● activations this turn, per card (as its current object) and ability.
    #[serde(default)]
    pub(crate) uses: Vec<crate::model::memory::AbilityUses>,
    /// The id the next stack item gets.
    #[serde(default)]
    pub(crate) next_item: u32,
    /// What cards were like when they last left a square (last-known information).
    #[serde(default)]
    pub(crate) last_known: SmallVec<[crate::model::last_known::LastKnown; 8]>,
    /// Replacement questions asked outside a resolution, and the action they hold.
    #[serde(default)]
    pub(crate) held: Held,
    /// The command zone of 次元戦 / 次元探索戦 (R19.8); left out of the serialized state when
    /// empty, so games without a dimension deck keep their form.
    #[serde(
        default,
        skip_serializing_if = "crate::model::dimension::Planes::is_empty"
    )]
    pub(crate) planes: crate::model::dimension::Planes,
    /// The announcement whose pieces are being chosen (docs/design.md §7); left out of the serialized
    /// state when there is none, so states between decisions keep their form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) announcement: Option<crate::model::announcement::Announcement>,
    /// Arrivals in squares during the turn in progress (A48); left out of the serialized
    /// state when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) entries: Vec<crate::model::entry::Entry>,
}

impl Game {
    pub(crate) fn card(&self, c: CardId) -> &CardState {
        &self.cards[c.index()]
    }

    /// The zone `c`'s abilities see it in: [`crate::Zone::Plan`] for the plan card.
    pub(crate) fn ability_zone(&self, c: CardId) -> crate::model::zone::Zone {
        let cs = self.card(c);
        if cs.loc == Loc::Deck
            && self.zones[cs.owner.index()].plan() == Some(c)
            && self.zones[cs.owner.index()].deck().last() == Some(&c)
        {
            crate::model::zone::Zone::Plan
        } else if cs.loc == Loc::Command {
            self.command_zone(c)
        } else {
            cs.loc.zone()
        }
    }

    /// Who controls `c`: its owner, unless a control change is in force.
    /// A command-zone card's abilities other than its shared ones are AP's (R19.10).
    pub(crate) fn controller(&self, c: CardId) -> Player {
        let cs = self.card(c);
        if cs.loc == Loc::Command {
            return self.active;
        }
        cs.control.map_or(cs.owner, |k| k.player)
    }

    pub(crate) fn card_mut(&mut self, c: CardId) -> &mut CardState {
        &mut self.cards[c.index()]
    }

    pub(crate) fn tick(&mut self) -> u32 {
        self.clock += 1;
        self.clock
    }

    pub(crate) fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    pub(crate) fn depth(&self) -> u8 {
        self.frames.len().max(1) as u8
    }

    pub(crate) fn in_battle(&self) -> bool {
        self.frames.last().is_some_and(|f| f.battle.is_some())
    }

    pub(crate) fn top(&mut self) -> &mut Frame {
        let n = self.frames.len();
        &mut self.frames[n - 1]
    }

    /// A reference to `card` as the object it currently is.
    pub(crate) fn r#ref(&self, card: CardId) -> TargetRef {
        TargetRef {
            card,
            inc: self.card(card).inc,
        }
    }

    /// Whether `r` still names the same object, located in a square.
    pub(crate) fn in_play(&self, r: TargetRef) -> bool {
        let c = self.card(r.card);
        c.inc == r.inc && matches!(c.loc, Loc::Square(_))
    }

    /// Puts `card` into `square`, frozen or released, for `cause`, and reports it.
    pub(crate) fn place(&mut self, card: CardId, square: Square, frozen: bool, cause: Cause) {
        self.relocate_by(card, Loc::Square(square), true, cause);
        self.card_mut(card).frozen = frozen;
        self.emit(Event::Placed {
            card,
            square,
            played: matches!(cause, Cause::Played(_)),
            arrival: self.card(card).arrival,
        });
    }

    pub(crate) fn freeze(&mut self, card: CardId) -> bool {
        if self.card(card).frozen {
            return false;
        }
        self.card_mut(card).frozen = true;
        self.emit(Event::Frozen { card });
        true
    }

    pub(crate) fn release(&mut self, card: CardId) -> bool {
        if !self.card(card).frozen {
            return false;
        }
        self.card_mut(card).frozen = false;
        self.emit(Event::Released { card });
        true
    }

    /// Draws the top card (the plan card if any, R9.4).
    pub(crate) fn draw(&mut self, p: Player) -> Option<CardId> {
        self.draw_by(p, Cause::Rule)
    }

    /// Draws the top card for `cause` (an effect's draw).
    pub(crate) fn draw_by(&mut self, p: Player, cause: Cause) -> Option<CardId> {
        let card = *self.zones[p.index()].deck().last()?;
        self.relocate_by(card, Loc::Hand, true, cause);
        self.emit(Event::Drew { player: p, card });
        Some(card)
    }

    /// Units `player` controls in `square`.
    pub(crate) fn units_of(
        &self,
        player: Player,
        square: Square,
    ) -> impl Iterator<Item = CardId> + '_ {
        self.field.iter().copied().filter(move |&c| {
            self.card(c).loc == Loc::Square(square) && self.controller(c) == player
        })
    }
}
