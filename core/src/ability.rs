//! The card-ability model: ◆ triggered, ★ static, ● activated, ☆ play/cost modifiers and the ○
//! strategy effect. DSL keywords, Lua scripts and Rust fixtures all produce these values; the
//! engine never asks where an ability came from.
//!
//! The types the abilities are knit with are declared here too, because they refer to each
//! other: a [`CardDb`] holds [`CardDef`]s, which hold abilities, whose effects run against a
//! [`Resolve`] and whose ★ hooks read a [`Query`], both of which hold the `CardDb`. Only the
//! declarations live here; their methods are in `card.rs`, `effect.rs` and `query.rs`, which
//! build on this file, so no file of the crate imports one that imports it back.

use crate::caches::CharSource;
use crate::model::ability_ref::AbilityKey;
use crate::model::board::Square;
use crate::model::board::SquareSet;
use crate::model::card_kind::Timing;
use crate::model::card_kind::{CardKind, Keywords};
use crate::model::characteristics::Characteristics;
use crate::model::cost::Cost;
use crate::model::cost::{CardPick, CostDest};
use crate::model::event_kinds::EventKinds;
use crate::model::events::Event;
use crate::model::failure::Failure;
use crate::model::hooks::Hooks;
use crate::model::ids::Colours;
use crate::model::ids::{CardId, Player};
use crate::model::prohibition::{Forbid, Permit};
use crate::model::question::ChoiceOption;
use crate::model::target::{ItemFilter, Side, TargetKind};
use crate::model::zone::ZoneSet;
use crate::model::zone_move::{DamageSource, MoveReplacement, ZoneMove};
use crate::state::{Game, PendingChoice};
use std::rc::Rc;

/// The body of an effect: runs when a stack item resolves.
pub trait Effect {
    /// Applies the effect. Mid-resolution choices go through [`Resolve::choose`].
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError>;
}

impl<F> Effect for F
where
    F: Fn(&mut Resolve<'_>) -> Result<(), EffectError>,
{
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        self(r)
    }
}

/// A ◆ trigger condition: whether `event` triggers the ability of card `me`.
pub trait Trigger {
    /// True when the event meets the condition.
    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool;

    /// The kinds of events this condition can match; it is asked about no other. The default,
    /// [`EventKinds::ALL`], is always correct; a narrower set makes games faster.
    fn events(&self) -> EventKinds {
        EventKinds::ALL
    }
}

impl<F> Trigger for F
where
    F: Fn(&Query<'_>, CardId, &Event) -> bool,
{
    fn matches(&self, view: &Query<'_>, me: CardId, event: &Event) -> bool {
        self(view, me, event)
    }
}

/// A ★ continuous effect. Every hook has a neutral default.
pub trait StaticEffect {
    /// The hooks this effect implements; the engine asks it about nothing else. The default,
    /// [`Hooks::ALL`], is always correct; a narrower set makes games faster.
    fn hooks(&self) -> Hooks {
        Hooks::ALL
    }

    /// Adjusts the characteristics of `subject` (any card; often `me` itself).
    fn characteristics(
        &self,
        _view: &Query<'_>,
        _me: CardId,
        _subject: CardId,
        _ch: &mut Characteristics,
    ) {
    }

    /// Replaces damage about to be dealt to `recipient`; returns the new amount.
    fn damage(&self, _view: &Query<'_>, _me: CardId, _recipient: CardId, amount: i32) -> i32 {
        amount
    }

    /// Replaces damage about to be dealt to `recipient` by `source`; returns the new amount.
    /// By default the source is ignored ([`StaticEffect::damage`]).
    fn damage_from(
        &self,
        view: &Query<'_>,
        me: CardId,
        recipient: CardId,
        amount: i32,
        _source: DamageSource,
    ) -> i32 {
        self.damage(view, me, recipient, amount)
    }

    /// Replaces a card's move (「…場合、かわりに…」): where it goes instead, if this effect
    /// replaces `mv` (see [`crate::replacement`]).
    fn replace_move(
        &self,
        _view: &Query<'_>,
        _me: CardId,
        _mv: &ZoneMove,
    ) -> Option<MoveReplacement> {
        None
    }

    /// The payoff of a replacement this effect made (「そうしたなら、…」), run right after the
    /// replaced move `mv` with `me`'s owner as the controller.
    fn replaced(
        &self,
        _r: &mut Resolve<'_>,
        _me: CardId,
        _mv: &ZoneMove,
    ) -> Result<(), EffectError> {
        Ok(())
    }

    /// The targets the payoff chooses as the replacement applies (「そうした場合、対象の…」,
    /// R7.4, A50): with no legal target the payoff does nothing, the replacement still applies.
    fn payoff_target(&self) -> Option<&TargetSpec> {
        None
    }

    /// Whether [`StaticEffect::replace_move`] may ever replace a move (games without such
    /// effects skip the replacement machinery).
    fn replaces_moves(&self) -> bool {
        false
    }

    /// The number of smash-zone cards at which `player` loses (RE1, R15.4), given the number
    /// so far (`limit`); applied in timestamp order (R16.3).
    fn smash_loss(&self, _view: &Query<'_>, _me: CardId, _player: Player, limit: u32) -> u32 {
        limit
    }

    /// Whether this effect forbids `what`.
    fn forbids(&self, _view: &Query<'_>, _me: CardId, _what: Forbid) -> bool {
        false
    }

    /// Adjusts the use cost of `card` being played.
    fn play_cost(&self, _view: &Query<'_>, _me: CardId, _card: CardId, _cost: &mut Cost) {}

    /// Whether this effect permits `what`, which the rules forbid (R16.1, 000 3.1(1)).
    fn permits(&self, _view: &Query<'_>, _me: CardId, _what: Permit) -> bool {
        false
    }

    /// Adjusts the timing at which `card` may be played (its printed timing, or its ☆ method's),
    /// e.g. 「このカードはバトルタイミングでプレイできる」. Not consulted for the plan card,
    /// which is always played at normal timing (R9.6).
    fn play_timing(&self, _view: &Query<'_>, _me: CardId, _card: CardId, _timing: &mut Timing) {}

    /// The [`Grantable`] of this card's definition that the cards [`StaticEffect::grants_to`]
    /// accepts have while this effect applies (「あなたのユニットは『●…』を持つ」).
    fn granted(&self) -> Option<&str> {
        None
    }

    /// Whether `subject` now has the ability [`StaticEffect::granted`] names.
    fn grants_to(&self, _view: &Query<'_>, _me: CardId, _subject: CardId) -> bool {
        false
    }
}

/// An extra condition on target candidates: `(view, me, candidate)`.
pub type TargetFilter = Box<dyn Fn(&Query<'_>, CardId, CardId) -> bool>;

/// An extra condition on a target of any kind: `(view, me, candidate)`; `me` is `None` for an
/// item without a source card.
pub type TargetCheck =
    Box<dyn Fn(&Query<'_>, Option<CardId>, crate::model::target::Target) -> bool>;

/// What an ability or strategy targets (R7.4).
pub struct TargetSpec {
    /// Card type accepted.
    pub kind: TargetKind,
    /// Owner accepted.
    pub side: Side,
    /// Number of targets (distinct cards), 1..=4.
    pub count: u8,
    /// Fewest targets: `count`, or 0 for 「…まで選び」 ("up to", the choice may be empty).
    pub min: u8,
    /// Further condition on card targets.
    pub filter: Option<TargetFilter>,
    /// Further condition on targets of any kind (squares, players, items, cards).
    pub check: Option<TargetCheck>,
}

impl TargetSpec {
    /// One unit of either player.
    pub fn unit() -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Unit,
            side: Side::Any,
            count: 1,
            min: 1,
            filter: None,
            check: None,
        }
    }

    /// One card of either player in one of `zones` (e.g. a graveyard).
    pub fn card_in(zones: ZoneSet) -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Card { zones, kind: None },
            ..TargetSpec::unit()
        }
    }

    /// One square.
    pub fn square() -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Square,
            ..TargetSpec::unit()
        }
    }

    /// One player.
    pub fn player() -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Player,
            ..TargetSpec::unit()
        }
    }

    /// One stack item accepted by `filter`.
    pub fn item(filter: ItemFilter) -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Item(filter),
            ..TargetSpec::unit()
        }
    }

    /// One base of either player.
    pub fn base() -> TargetSpec {
        TargetSpec {
            kind: TargetKind::Base,
            ..TargetSpec::unit()
        }
    }

    /// Restricts the owner.
    pub fn side(mut self, side: Side) -> TargetSpec {
        self.side = side;
        self
    }

    /// Sets the number of targets.
    pub fn count(mut self, n: u8) -> TargetSpec {
        self.count = n.clamp(1, crate::model::target::MAX_TARGETS as u8);
        self.min = if self.min == 0 { 0 } else { self.count };
        self
    }

    /// Up to `count` targets: choosing fewer, or none, is allowed (「…まで選び」).
    pub fn up_to(mut self) -> TargetSpec {
        self.min = 0;
        self
    }

    /// Adds a condition on targets of any kind.
    pub fn check(
        mut self,
        f: impl Fn(&Query<'_>, Option<CardId>, crate::model::target::Target) -> bool + 'static,
    ) -> TargetSpec {
        self.check = Some(Box::new(f));
        self
    }

    /// Adds a filter.
    pub fn filter(
        mut self,
        f: impl Fn(&Query<'_>, CardId, CardId) -> bool + 'static,
    ) -> TargetSpec {
        self.filter = Some(Box::new(f));
        self
    }
}

/// A strategy's ○ effect.
pub struct Spell {
    /// Targets chosen when the strategy is played.
    pub target: Option<TargetSpec>,
    /// The effect.
    pub effect: Box<dyn Effect>,
}

impl Spell {
    /// A spell without targets.
    pub fn new(effect: impl Effect + 'static) -> Spell {
        Spell {
            target: None,
            effect: Box::new(effect),
        }
    }

    /// A spell with targets.
    pub fn targeting(target: TargetSpec, effect: impl Effect + 'static) -> Spell {
        Spell {
            target: Some(target),
            effect: Box::new(effect),
        }
    }
}

/// ◆ a triggered ability.
pub struct Triggered {
    /// Its identity across hot reloads ([`AbilityKey::NONE`]: by position).
    pub key: AbilityKey,
    /// Zones the card must be in for the ability to trigger (the zone before the event, for
    /// events that move the card itself).
    pub zones: ZoneSet,
    /// The trigger condition.
    pub when: Box<dyn Trigger>,
    /// Targets chosen when it goes on the stack; no legal target makes it void (R7.4).
    pub target: Option<TargetSpec>,
    /// The effect.
    pub effect: Box<dyn Effect>,
}

/// ★ a static ability.
pub struct Static {
    /// Zones the card must be in for the effect to apply.
    pub zones: ZoneSet,
    /// The continuous effect.
    pub effect: Box<dyn StaticEffect>,
}

/// A cost paid with cards (R5.8): 盟約's 「A」, 「このカードを手札に戻す」, 「手札を1枚捨てる」.
pub struct CardCost {
    /// Zones the card may come from.
    pub zones: ZoneSet,
    /// Which cards qualify: `(view, me, candidate)`.
    pub filter: TargetFilter,
    /// Where the card goes.
    pub to: CostDest,
    /// Which and how many cards pay it.
    pub pick: CardPick,
}

/// ● an activated ability, `[cost]《timing》effect` (R17.3).
pub struct Activated {
    /// Its identity across hot reloads ([`AbilityKey::NONE`]: by position).
    pub key: AbilityKey,
    /// Zones the card must be in to activate it.
    pub zones: ZoneSet,
    /// Activation cost.
    pub cost: Cost,
    /// Activation timing.
    pub timing: Timing,
    /// Targets chosen on activation.
    pub target: Option<TargetSpec>,
    /// Cards paid as part of the cost, chosen on activation in this order.
    pub card_costs: Vec<CardCost>,
    /// A condition the card text puts on activating ("この能力は…にしか使えない").
    pub condition: Option<Condition>,
    /// The effect.
    pub effect: Box<dyn Effect>,
}

/// A condition on activating a ● ability: `(view, me, uses)`, where `uses` is how many times
/// `me` (as the object it is now) activated this ability this turn, e.g. for
/// 「この能力は1ターンに1回しか使えない」.
pub type Condition = Box<dyn Fn(&Query<'_>, CardId, u32) -> bool>;

/// A square rule of a play method: `(view, card)` to the squares it may be played into.
pub type SquareRule = Box<dyn Fn(&Query<'_>, CardId) -> SquareSet>;

/// A condition on using a play method: `(view, card, player)`, e.g. 「あなたのユニットが3体以上
/// なら」.
pub type MethodCondition = Box<dyn Fn(&Query<'_>, CardId, Player) -> bool>;

/// A ☆ alternative way to play this card (e.g. 隊列召喚, play from the graveyard).
pub struct PlayMethod {
    /// Name shown to players, e.g. "隊列召喚―縦列".
    pub name: String,
    /// Zones the card may be played from by this method.
    pub from: ZoneSet,
    /// Replaces the use cost, if set.
    pub cost: Option<Cost>,
    /// Replaces the printed timing, if set.
    pub timing: Option<Timing>,
    /// Replaces the squares allowed by R8.2 / R8.6 (a square with a card of the same type of the
    /// player is still refused).
    pub squares: Option<SquareRule>,
    /// RE7 does not destroy a unit played into the centre this way (R17.10).
    pub centre_exempt: bool,
    /// The method can only be used while this holds (checked when the play is declared).
    pub condition: Option<MethodCondition>,
}

/// A ☆ change to a card's own use cost: `(view, me, method, cost)`. It applies to every way the
/// card is played: `method` names the ☆ play method whose cost is being changed (`None` for the
/// normal play), so a rule can leave method costs alone.
pub type CostRule = Box<dyn Fn(&Query<'_>, CardId, Option<&str>, &mut Cost)>;

/// ☆ a play or cost modifier; works from any zone (R17.4).
pub enum PlayModifier {
    /// Changes this card's own use cost.
    Cost(CostRule),
    /// An alternative play method for this card.
    Method(PlayMethod),
    /// Additional costs paid with cards by every play of this card, chosen and paid when it is
    /// played (「追加コストとして、手札を1枚捨てる」, R5.8, R8.1); one per card.
    Costs(Vec<CardCost>),
    /// Sets this card's printed use cost or timing while a condition holds (A55).
    Set(PlaySet),
}

/// ☆ 「…場合、このカードの使用コストを[無0]にし、使用タイミングを《バトル》にする」: while
/// `condition` holds, the normal play of the card starts from `cost` instead of its printed use
/// cost, and is made at `timing` instead of its printed timing (A55).
pub struct PlaySet {
    /// The printed use cost becomes this (before any cost is raised or lowered).
    pub cost: Option<Cost>,
    /// The printed timing becomes this.
    pub timing: Option<Timing>,
    /// Only while this holds, asked for the card and its owner (`None`: always).
    pub condition: Option<MethodCondition>,
}

/// One ability of a card definition.
pub enum Ability {
    /// ◆
    Triggered(Triggered),
    /// ★
    Static(Static),
    /// ●
    Activated(Activated),
    /// ☆
    Play(PlayModifier),
    /// An ability this card's effects grant; it does nothing on the card itself.
    Grantable(Grantable),
}

/// An ability declared for the card's effects to grant for a duration (「…は『…』を得る」, a
/// temporary rule, a delayed trigger): to a card, which then has it as its own, or to the game.
pub struct Grantable {
    /// The name effects grant it by, unique within the card.
    pub name: String,
    /// The ability granted.
    pub ability: Box<Ability>,
}

impl Ability {
    /// Its identity across hot reloads: the declared key of a ◆ or ● ability, the name of a ☆
    /// play method, [`AbilityKey::NONE`] otherwise.
    pub fn key(&self) -> AbilityKey {
        match self {
            Ability::Triggered(t) => t.key,
            Ability::Activated(a) => a.key,
            Ability::Play(PlayModifier::Method(m)) => AbilityKey::of(&m.name),
            Ability::Static(_)
            | Ability::Play(
                PlayModifier::Cost(_) | PlayModifier::Costs(_) | PlayModifier::Set(_),
            ) => AbilityKey::NONE,
            Ability::Grantable(g) => AbilityKey::of("grantable ")
                .then(g.name.as_bytes())
                .then(&u64::from(g.ability.key()).to_le_bytes()),
        }
    }
}

impl From<Triggered> for Ability {
    fn from(a: Triggered) -> Ability {
        Ability::Triggered(a)
    }
}

impl From<Static> for Ability {
    fn from(a: Static) -> Ability {
        Ability::Static(a)
    }
}

impl From<Activated> for Ability {
    fn from(a: Activated) -> Ability {
        Ability::Activated(a)
    }
}

impl From<PlayModifier> for Ability {
    fn from(a: PlayModifier) -> Ability {
        Ability::Play(a)
    }
}

impl From<Grantable> for Ability {
    fn from(a: Grantable) -> Ability {
        Ability::Grantable(a)
    }
}

impl From<PlayMethod> for Ability {
    fn from(a: PlayMethod) -> Ability {
        Ability::Play(PlayModifier::Method(a))
    }
}

impl Triggered {
    /// A trigger working on the field, without targets.
    pub fn new(
        when: impl Fn(&Query<'_>, CardId, &Event) -> bool + 'static,
        effect: impl Effect + 'static,
    ) -> Triggered {
        Triggered {
            key: AbilityKey::NONE,
            zones: ZoneSet::FIELD,
            when: Box::new(when),
            target: None,
            effect: Box::new(effect),
        }
    }
}

impl Triggered {
    /// Sets its identity across hot reloads, e.g. from its declaration's text.
    pub fn keyed(mut self, key: AbilityKey) -> Triggered {
        self.key = key;
        self
    }
}

impl Static {
    /// A static effect working on the field.
    pub fn new(effect: impl StaticEffect + 'static) -> Static {
        Static {
            zones: ZoneSet::FIELD,
            effect: Box::new(effect),
        }
    }
}

impl Activated {
    /// An activated ability of a card on the field.
    pub fn new(cost: Cost, timing: Timing, effect: impl Effect + 'static) -> Activated {
        Activated {
            key: AbilityKey::NONE,
            zones: ZoneSet::FIELD,
            cost,
            timing,
            target: None,
            card_costs: Vec::new(),
            condition: None,
            effect: Box::new(effect),
        }
    }
}

impl Activated {
    /// Sets its identity across hot reloads, e.g. from its declaration's text.
    pub fn keyed(mut self, key: AbilityKey) -> Activated {
        self.key = key;
        self
    }
}

/// Why an effect body stopped early. Its `Display` is its debug form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EffectError {
    /// The effect asked a question without a recorded answer; propagate it with `?`.
    Suspended,
    /// The effect failed (e.g. a script error); it does nothing and the failure is reported.
    Failed(Failure),
}

impl std::fmt::Display for EffectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for EffectError {}

/// A card definition: printed characteristics plus abilities. Behaviour-bearing, so not serialized.
pub struct CardDef {
    /// Full printed name, including any 〈…〉 part (deck building uses it, R18.4).
    pub name: String,
    /// Card type.
    pub kind: CardKind,
    /// Colours (several for multicolour cards).
    pub colours: Colours,
    /// Race (units).
    pub race: String,
    /// Printed timing.
    pub timing: Timing,
    /// Use cost.
    pub cost: Cost,
    /// Move cost (units).
    pub move_cost: Option<Cost>,
    /// Printed power (units).
    pub power: i32,
    /// Printed smash (units).
    pub smash: i32,
    /// Printed keywords.
    pub keywords: Keywords,
    /// Rules text shown to players.
    pub text: String,
    /// The strategy effect (○), for strategies.
    pub spell: Option<Spell>,
    /// ◆ ★ ● ☆ abilities.
    pub abilities: Vec<Ability>,
    /// Deck-building restrictions printed on the card (copy limit, 禁呪N, colours).
    pub deck_rules: crate::model::deck_rules::DeckRules,
}

/// The card definitions a game is played with: the behaviour environment handed to every call.
/// Cloning is cheap (definitions are shared), so a reload can stage changes on a copy.
#[derive(Default, Clone)]
pub struct CardDb {
    pub(crate) defs: Vec<Rc<CardDef>>,
    /// Per definition: the hooks its ★ abilities implement, so queries skip cards that cannot
    /// answer them.
    pub(crate) hooks: Vec<Hooks>,
    /// Per definition: the event kinds its ◆ abilities can match.
    pub(crate) events: Vec<EventKinds>,
    /// Changes with every change of the definitions (values derived from them are cached
    /// under it); copies share it.
    pub(crate) generation: u64,
}

/// A read-only view of a game together with the card definitions it is played with.
#[derive(Clone, Copy)]
pub struct Query<'a> {
    /// The game.
    pub game: &'a Game,
    /// The card definitions.
    pub db: &'a CardDb,
    pub(crate) nesting: u8,
    pub(crate) event: Option<Event>,
    /// The active ★ abilities that may change characteristics, found once for many queries.
    pub(crate) sources: Option<&'a [CharSource]>,
    /// Who "you" is for the command zone's cards, whose ★ abilities and ◆ conditions all
    /// players share (A42); `None`: AP, who controls their other abilities (R19.10).
    pub(crate) you: Option<Player>,
}

/// What a resolving effect can see and do.
pub struct Resolve<'a> {
    pub(crate) game: &'a mut Game,
    pub(crate) db: &'a CardDb,
    pub(crate) source: Option<CardId>,
    /// The source object as it was when the item went on the stack (R7.3), for ● and ◆ items.
    pub(crate) me: Option<crate::model::target::TargetRef>,
    /// The ● or ◆ ability resolving (its index), if not the source's own effect as played.
    pub(crate) ability: Option<u8>,
    pub(crate) controller: Player,
    pub(crate) targets: &'a [CardId],
    pub(crate) chosen: &'a [crate::model::target::Target],
    pub(crate) x: u8,
    pub(crate) event: Option<Event>,
    pub(crate) cost_square: Option<Square>,
    pub(crate) played_from: Option<crate::model::zone::Zone>,
    pub(crate) answers: &'a [ChoiceOption],
    pub(crate) asked: usize,
    pub(crate) pending: Option<PendingChoice>,
}
