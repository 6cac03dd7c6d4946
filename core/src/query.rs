//! Read-only queries over a game: current characteristics after continuous effects (R16),
//! locations, squares. Handed to ★ hooks, trigger conditions and target filters.

use crate::ability::Ability;
pub use crate::ability::Query;
use crate::caches::{CharSource, CharSources, HookSources, Layout};
use crate::card::{CardDb, CardDef};
use crate::model::board::{Area, Square};
use crate::model::card_kind::{Keywords, Timing};
use crate::model::characteristics::Characteristics;
use crate::model::cost::Cost;
use crate::model::duration::Change;
use crate::model::events::Event;
use crate::model::hooks::Hooks;
use crate::model::ids::{CardId, Player};
use crate::model::memory::{MemKey, MemScope, MemValue};
use crate::model::prohibition::{Forbid, Permit};
use crate::model::target::TargetRef;
use crate::model::zone::{Loc, Zone};
use crate::state::Game;
use smallvec::SmallVec;
use std::sync::Arc;

/// How deep ★ hooks may query other cards' characteristics or play costs before printed values
/// are used (guards against two statics that read each other).
const MAX_NESTING: u8 = 3;

impl<'a> Query<'a> {
    /// A view of `game` played with `db`.
    pub fn new(game: &'a Game, db: &'a CardDb) -> Query<'a> {
        Query {
            game,
            db,
            nesting: 0,
            event: None,
            sources: None,
            you: None,
        }
    }

    /// This view with "you" of the command zone's cards being `you` (A42).
    pub fn with_you(self, you: Option<Player>) -> Query<'a> {
        Query { you, ..self }
    }

    /// Asks a ★ ability of `src` through this view. A command-zone card's is shared by all
    /// players (R19.10, A42): it is asked with "you" being AP, then the other player, and the
    /// first answer other than `base` is the answer.
    fn shared<T: PartialEq>(&self, src: CardId, base: T, ask: impl Fn(&Query<'_>) -> T) -> T {
        if self.game.card(src).loc != Loc::Command {
            return ask(self);
        }
        let ap = self.game.active;
        for p in [ap, ap.opponent()] {
            let answer = ask(&self.with_you(Some(p)));
            if answer != base {
                return answer;
            }
        }
        base
    }

    /// The cards whose active ★ abilities may change characteristics, in timestamp order.
    /// What the places of ★ sources depend on (see [`Layout`]).
    fn layout(&self) -> Layout {
        let g = self.game;
        (
            g.clock,
            [g.zones[0].plan(), g.zones[1].plan()],
            g.cards.len(),
            self.db.generation(),
        )
    }

    /// The active ★ abilities that may change characteristics, in timestamp order, found once
    /// per layout.
    pub(crate) fn char_sources(&self) -> CharSources {
        let g = self.game;
        let layout = self.layout();
        if let Some((l, s)) = &*g.derived.sources.borrow()
            && *l == layout
        {
            return Arc::clone(s);
        }
        let mut sources: SmallVec<[CharSource; 16]> = SmallVec::new();
        for c in self.static_sources(Hooks::CHARACTERISTICS) {
            let cs = g.card(c);
            let zone = g.ability_zone(c);
            for (i, a) in self.db.def(cs.def).abilities.iter().enumerate() {
                if let Ability::Static(s) = a
                    && s.zones.contains(zone)
                    && s.effect.hooks().contains(Hooks::CHARACTERISTICS)
                    && let Ok(i) = u16::try_from(i)
                {
                    sources.push((cs.stamp, c, i));
                }
            }
        }
        sources.sort_unstable();
        let sources: CharSources = sources.into_iter().collect();
        *g.derived.sources.borrow_mut() = Some((layout, Arc::clone(&sources)));
        sources
    }

    /// Runs `f` with this view finding the characteristic sources once for all its queries
    /// (many queries on one unchanged state).
    pub(crate) fn settled<R>(&self, f: impl FnOnce(&Query<'_>) -> R) -> R {
        if self.sources.is_some() {
            return f(self);
        }
        let found = self.char_sources();
        f(&self.with_sources(&found))
    }

    /// This view, using `sources` (from [`Query::char_sources`] on the same state) for every
    /// characteristics query: many queries on an unchanged state find them once.
    pub(crate) fn with_sources<'b>(self, sources: &'b [CharSource]) -> Query<'b>
    where
        'a: 'b,
    {
        Query {
            sources: Some(sources),
            ..self
        }
    }

    /// This view, seeing `event` as the event being handled (a ◆ ability's trigger, while its
    /// targets are chosen and checked and while it resolves).
    pub fn with_event(self, event: Option<Event>) -> Query<'a> {
        Query { event, ..self }
    }

    /// The event being handled: the trigger of the ◆ ability whose targets or effect are being
    /// worked out, if any.
    pub fn event(&self) -> Option<Event> {
        self.event
    }

    fn nested(&self) -> Query<'a> {
        Query {
            nesting: self.nesting + 1,
            ..*self
        }
    }

    /// The value a card effect remembered under `key` in `scope`.
    pub fn recall(&self, scope: MemScope, key: MemKey) -> Option<MemValue> {
        self.game.recall(scope, key)
    }

    /// `card` as the object it is now (R7.3), for remembering it.
    pub fn object(&self, card: CardId) -> Option<TargetRef> {
        self.game
            .cards
            .get(card.index())
            .map(|_| self.game.r#ref(card))
    }

    /// Whether `r` is still the object it named: the card has not changed zones since (R7.3).
    pub fn is_current(&self, r: TargetRef) -> bool {
        self.game
            .cards
            .get(r.card.index())
            .is_some_and(|c| c.inc == r.inc)
    }

    /// How many times `card`, as the object it is now, activated its ● ability `ability`
    /// (index into its definition's abilities) this turn; reset at the end of the turn (A31).
    pub fn uses_this_turn(&self, card: CardId, ability: u8) -> u32 {
        self.game.uses_this_turn(card, ability)
    }

    /// The definition of `card`.
    pub fn def(&self, card: CardId) -> &'a CardDef {
        self.db.def(self.game.card(card).def)
    }

    /// Whether `card` is a card of this game.
    pub fn exists(&self, card: CardId) -> bool {
        card.index() < self.game.cards.len()
    }

    /// Where `card` is.
    pub fn loc(&self, card: CardId) -> Loc {
        self.game.card(card).loc
    }

    /// The square `card` is in, if any.
    pub fn square(&self, card: CardId) -> Option<Square> {
        self.loc(card).square()
    }

    /// The owner of `card`.
    pub fn owner(&self, card: CardId) -> Player {
        self.game.card(card).owner
    }

    /// Who controls `card`: its owner, unless a control change is in force; for a
    /// command-zone card, the player "you" stands for in a shared ability, or AP (A42).
    pub fn controller(&self, card: CardId) -> Player {
        match self.you {
            Some(you) if self.game.card(card).loc == Loc::Command => you,
            _ => self.game.controller(card),
        }
    }

    /// The area of `card`'s square seen from its controller (None outside the battle space).
    pub fn area(&self, card: CardId) -> Option<Area> {
        self.square(card)?.area(self.controller(card))
    }

    /// How `card` arrived where it is: from where, and why.
    pub fn arrival(&self, card: CardId) -> crate::model::provenance::Arrival {
        self.game.card(card).arrival
    }

    /// How `card` was played, while it is the object that was played.
    pub fn played(&self, card: CardId) -> Option<crate::model::provenance::Played> {
        self.game.card(card).played
    }

    /// The name of the method `card` was played by ("normal" or the ☆ method's name), if it
    /// is the object that was played.
    pub fn play_method(&self, card: CardId) -> Option<&'a str> {
        let p = self.game.card(card).played?;
        Some(p.method_name(self.db, self.game, card))
    }

    /// Whether `card` is frozen.
    pub fn frozen(&self, card: CardId) -> bool {
        self.game.card(card).frozen
    }

    /// Damage on `card`.
    pub fn damage(&self, card: CardId) -> i32 {
        self.game.card(card).damage
    }

    /// The active player.
    pub fn active(&self) -> Player {
        self.game.active
    }

    /// Cards in squares, in arrival order.
    pub fn field(&self) -> &'a [CardId] {
        &self.game.field
    }

    /// The unit of `player` in `square`, if any.
    pub fn unit_at(&self, player: Player, square: Square) -> Option<CardId> {
        self.game.units_of(player, square).next()
    }

    /// Current characteristics of `card`: printed values, then ★ effects and temporary changes
    /// in timestamp order (R16.3).
    pub fn characteristics(&self, card: CardId) -> Characteristics {
        let def = self.def(card);
        let mut ch = Characteristics {
            power: def.power,
            smash: def.smash,
            keywords: def.keywords,
        };
        if self.nesting >= MAX_NESTING {
            return ch;
        }
        let g = self.game;
        let found;
        let sources = match self.sources {
            Some(s) => s,
            None => {
                found = self.char_sources();
                &found[..]
            }
        };
        let inner = self.nested();
        // Without temporary changes of the card or grants, only the sources apply.
        if g.grants.is_empty() && !g.temps.iter().any(|t| t.subject.card == card) {
            for &source in sources {
                self.apply_source(&inner, source, card, &mut ch);
            }
            return ch;
        }
        let mut sources = sources.iter().copied().peekable();
        let mut temps = g.temps.iter().filter(|t| t.subject.card == card).peekable();
        // Granted ★ abilities apply at the grant's timestamp (grants are kept in stamp order).
        let mut granted = g
            .grants
            .iter()
            .filter(|gr| g.grant_self(gr).is_some())
            .peekable();
        loop {
            let stamps = [
                sources.peek().map(|&(s, ..)| s),
                temps.peek().map(|t| t.stamp),
                granted.peek().map(|gr| gr.stamp),
            ];
            let Some(first) = stamps.iter().flatten().min().copied() else {
                break;
            };
            if stamps[2] == Some(first) {
                if let Some(gr) = granted.next()
                    && let Some((me, s)) = g.granted_static(self.db, gr)
                    && s.effect.hooks().contains(Hooks::CHARACTERISTICS)
                {
                    s.effect.characteristics(&inner, me, card, &mut ch);
                }
            } else if stamps[0] == Some(first) {
                if let Some(source) = sources.next() {
                    self.apply_source(&inner, source, card, &mut ch);
                }
            } else if let Some(t) = temps.next() {
                match t.change {
                    Change::Power(d) => ch.power = ch.power.saturating_add(d),
                    Change::Smash(d) => ch.smash = ch.smash.saturating_add(d),
                    Change::Grant(k) => ch.keywords = ch.keywords.with(k),
                    Change::Revoke(k) => ch.keywords = ch.keywords.without(k),
                }
            }
        }
        ch
    }

    /// Applies the ★ ability `source` to the characteristics `ch` of `card`, asking it through
    /// `inner`.
    fn apply_source(
        &self,
        inner: &Query<'_>,
        (_, src, i): CharSource,
        card: CardId,
        ch: &mut Characteristics,
    ) {
        if let Some(Ability::Static(s)) = self.def(src).abilities.get(usize::from(i)) {
            *ch = inner.shared(src, *ch, |v| {
                let mut changed = *ch;
                s.effect.characteristics(v, src, card, &mut changed);
                changed
            });
        }
    }

    /// Current power.
    pub fn power(&self, card: CardId) -> i32 {
        self.characteristics(card).power
    }

    /// Current smash.
    pub fn smash(&self, card: CardId) -> i32 {
        self.characteristics(card).smash
    }

    /// Current keywords.
    pub fn keywords(&self, card: CardId) -> Keywords {
        self.characteristics(card).keywords
    }

    /// Cards that may have active ★ abilities implementing `hooks`: those in squares with
    /// field statics, and those with statics working in other zones.
    fn static_sources(&self, hooks: Hooks) -> impl Iterator<Item = CardId> + use<'a> {
        let (g, db) = (self.game, self.db);
        let answers = move |c: CardId| db.hooks(g.card(c).def).contains(hooks);
        // No card of the game answers: skip them all.
        let (field, others): (&[CardId], &[CardId]) = if g.derived.static_hooks.contains(hooks) {
            (&g.field, &g.static_cards)
        } else {
            (&[], &[])
        };
        let on_field = field.iter().copied().filter(move |&c| {
            g.field_statics.get(c.index()).copied().unwrap_or(false) && answers(c)
        });
        let elsewhere = others.iter().copied().filter(move |&c| {
            (!matches!(g.card(c).loc, Loc::Square(_))
                || !g.field_statics.get(c.index()).copied().unwrap_or(false))
                && answers(c)
        });
        on_field.chain(elsewhere)
    }

    /// Whether any ★ ability of the game, a card's own or granted, may implement `hooks`.
    fn may_answer(&self, hooks: Hooks) -> bool {
        self.game.derived.static_hooks.contains(hooks) || !self.game.grants.is_empty()
    }

    /// Active ★ abilities with their cards.
    pub fn statics(&self) -> impl Iterator<Item = (CardId, &'a crate::ability::Static)> + use<'a> {
        self.statics_with(Hooks::NONE)
    }

    /// Active ★ abilities implementing `hooks`, with their cards.
    pub fn statics_with(
        &self,
        hooks: Hooks,
    ) -> impl Iterator<Item = (CardId, &'a crate::ability::Static)> + use<'a> {
        let (g, db) = (self.game, self.db);
        let own = self.own_statics(hooks);
        (0..own.len())
            .filter_map(move |k| {
                let (c, i) = own[k];
                match db.def(g.card(c).def).abilities.get(usize::from(i)) {
                    Some(Ability::Static(s)) => Some((c, s)),
                    _ => None,
                }
            })
            .chain(
                g.granted_statics(db)
                    .filter(move |(_, s)| s.effect.hooks().contains(hooks)),
            )
    }

    /// The cards' own active ★ abilities implementing `hooks` (card, ability index), in the
    /// order of [`Self::static_sources`], found once per layout.
    fn own_statics(&self, hooks: Hooks) -> HookSources {
        let layout = self.layout();
        let cache = &self.game.derived.hook_sources;
        if let Some((.., found)) = cache
            .borrow()
            .iter()
            .find(|&&(h, l, _)| h == hooks && l == layout)
        {
            return Arc::clone(found);
        }
        let mut found: SmallVec<[(CardId, u16); 8]> = SmallVec::new();
        for c in self.static_sources(hooks) {
            let zone = self.game.ability_zone(c);
            for (i, a) in self.def(c).abilities.iter().enumerate() {
                if let Ability::Static(s) = a
                    && s.zones.contains(zone)
                    && s.effect.hooks().contains(hooks)
                    && let Ok(i) = u16::try_from(i)
                {
                    found.push((c, i));
                }
            }
        }
        let found: HookSources = found.into_iter().collect();
        let mut cache = cache.borrow_mut();
        cache.retain(|&(h, l, _)| h != hooks && l == layout);
        cache.push((hooks, layout, Arc::clone(&found)));
        found
    }

    /// Whether an active ★ prohibition forbids `what` (R16.2).
    pub fn forbidden(&self, what: Forbid) -> bool {
        if self.nesting >= MAX_NESTING || !self.may_answer(Hooks::FORBID) {
            return false;
        }
        let inner = self.nested();
        self.statics_with(Hooks::FORBID)
            .any(|(src, s)| inner.shared(src, false, |v| s.effect.forbids(v, src, what)))
    }

    /// Whether an active ★ permission allows `what` (R16.1). Callers check [`Self::forbidden`]
    /// as well: a prohibition wins (R16.2).
    pub fn permitted(&self, what: Permit) -> bool {
        if self.nesting >= MAX_NESTING || !self.may_answer(Hooks::PERMIT) {
            return false;
        }
        let inner = self.nested();
        self.statics_with(Hooks::PERMIT)
            .any(|(src, s)| inner.shared(src, false, |v| s.effect.permits(v, src, what)))
    }

    /// The timing `card` may be played at after ★ timing changes; `base` is the printed or
    /// method timing.
    pub fn play_timing(&self, card: CardId, base: Timing) -> Timing {
        if self.nesting >= MAX_NESTING || !self.may_answer(Hooks::PLAY_TIMING) {
            return base;
        }
        let inner = self.nested();
        let mut timing = base;
        for (src, s) in self.statics_with(Hooks::PLAY_TIMING) {
            timing = inner.shared(src, timing, |v| {
                let mut t = timing;
                s.effect.play_timing(v, src, card, &mut t);
                t
            });
        }
        timing
    }

    /// `amount` of damage to `recipient` from `source` after ★ replacement effects (docs/design.md §5).
    pub fn damage_after_replacement(
        &self,
        recipient: CardId,
        amount: i32,
        source: crate::model::zone_move::DamageSource,
    ) -> i32 {
        if !self.may_answer(Hooks::DAMAGE) {
            return amount.max(0);
        }
        let inner = self.nested();
        self.statics_with(Hooks::DAMAGE)
            .fold(amount, |a, (src, s)| {
                inner.shared(src, a, |v| {
                    s.effect.damage_from(v, src, recipient, a, source)
                })
            })
            .max(0)
    }

    /// The number of smash-zone cards at which `player` loses (RE1) after ★ effects (R15.4).
    pub fn smash_loss(&self, player: Player) -> u32 {
        if !self.may_answer(Hooks::SMASH_LOSS) {
            return u32::from(self.game.rules.smash_loss);
        }
        let inner = self.nested();
        self.statics_with(Hooks::SMASH_LOSS)
            .fold(u32::from(self.game.rules.smash_loss), |n, (src, s)| {
                inner.shared(src, n, |v| s.effect.smash_loss(v, src, player, n))
            })
    }

    /// The use cost of `card` played normally, after ☆ and ★ cost changes; `base` is the
    /// printed cost.
    pub fn play_cost(&self, card: CardId, base: Cost) -> Cost {
        self.play_cost_by(card, base, None)
    }

    /// The cost of playing `card` by the ☆ method named `method` (`None`: the normal play)
    /// after ☆ own-cost changes (which see the method) and ★ cost changes; `base` is the
    /// printed or method cost.
    /// Past the nesting depth of [`Self::characteristics`] the cost is `base` (two cost changes
    /// that read each other's play costs end there).
    pub fn play_cost_by(&self, card: CardId, base: Cost, method: Option<&str>) -> Cost {
        if self.nesting >= MAX_NESTING {
            return base;
        }
        // A55: a ☆ that sets the printed use cost replaces it before any change applies.
        let mut cost = match method {
            None => self.printed_set(card).0.unwrap_or(base),
            Some(_) => base,
        };
        let inner = self.nested();
        for a in &self.def(card).abilities {
            if let Ability::Play(crate::ability::PlayModifier::Cost(f)) = a {
                f(&inner, card, method, &mut cost);
            }
        }
        for (src, s) in self.statics_with(Hooks::PLAY_COST) {
            cost = inner.shared(src, cost, |v| {
                let mut c = cost;
                s.effect.play_cost(v, src, card, &mut c);
                c
            });
        }
        cost
    }

    /// The use cost and timing that ☆ lines of `card` set while their conditions hold (A55);
    /// the last such line wins for each.
    pub fn printed_set(&self, card: CardId) -> (Option<Cost>, Option<Timing>) {
        let inner = self.nested();
        let owner = self.owner(card);
        let mut set = (None, None);
        for a in &self.def(card).abilities {
            if let Ability::Play(crate::ability::PlayModifier::Set(s)) = a
                && s.condition.as_ref().is_none_or(|c| c(&inner, card, owner))
            {
                set.0 = s.cost.or(set.0);
                set.1 = s.timing.or(set.1);
            }
        }
        set
    }

    /// How many cards `player`'s zone holds: the hand, graveyard, energy, smash, remove zone or
    /// deck; the plan zone holds its one card or none; the squares count `player`'s cards there.
    pub fn zone_size(&self, player: Player, zone: Zone) -> usize {
        self.game.zone_len(player, zone)
    }

    /// The zone where `card`'s abilities work: the plan zone for its owner's plan card (which
    /// also lies in the deck), else the zone it is in.
    pub fn ability_zone(&self, card: CardId) -> Zone {
        self.game.ability_zone(card)
    }

    /// Whether `card` is in a zone.
    pub fn in_zone(&self, card: CardId, zone: Zone) -> bool {
        self.loc(card).zone() == zone
    }
}
