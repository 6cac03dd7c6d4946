//! The stack (R7): putting items on it and resolving the top item.

use crate::ability::{Ability, Effect, TargetSpec};
use crate::card::CardDb;
use crate::effect::{EffectError, Resolve, deal_damage};
use crate::model::card_kind::CardKind;
use crate::model::events::{Event, ItemTag};
use crate::model::failure::{FailedEffect, Failure};
use crate::model::ids::CardId;
use crate::model::target::{HeldTarget, ItemId, MAX_TARGETS, Target};
use crate::model::zone::Loc;
use crate::model::zone_move::{DamageKind, DamageSource};
use crate::query::Query;
use crate::state::{ChoiceKind, Game, ItemKind, StackItem};

impl StackItem {
    /// An item with no targets, X 0 and no answers yet.
    pub(crate) fn new(controller: crate::model::ids::Player, kind: ItemKind) -> StackItem {
        StackItem {
            id: ItemId::default(),
            controller,
            kind,
            targets: Vec::new(),
            x: 0,
            cost_square: None,
            answers: Vec::new(),
            me: None,
        }
    }

    /// The kind tag and the card the item came from.
    pub fn summary(&self) -> (ItemTag, Option<CardId>) {
        match &self.kind {
            ItemKind::Play { card, .. } => (ItemTag::Play, Some(*card)),
            ItemKind::CreatePlan => (ItemTag::CreatePlan, None),
            ItemKind::UpdatePlan { plan } => (ItemTag::UpdatePlan, Some(plan.card)),
            ItemKind::Move { unit, .. } => (ItemTag::Move, Some(unit.card)),
            ItemKind::Activated { card, .. } => (ItemTag::Activated, Some(*card)),
            ItemKind::Triggered { card, .. } => (ItemTag::Triggered, Some(*card)),
            ItemKind::Damage { .. } => (ItemTag::Damage, None),
            ItemKind::Roll => (ItemTag::Roll, None),
        }
    }
}

impl Game {
    /// Puts an item on the active frame's stack without giving priority, giving it its id;
    /// each of its targets becomes a target now (R7.4).
    pub(crate) fn stack_item(&mut self, mut item: StackItem) {
        item.id = ItemId(self.next_item);
        self.next_item = self.next_item.wrapping_add(1);
        let (tag, card) = item.summary();
        // R7.3, A46: the item remembers which object made it; a later zone change of that card
        // makes a new object its 「このカード」 does not name.
        if let ItemKind::Activated { card, .. } | ItemKind::Triggered { card, .. } = item.kind {
            item.me = Some(self.r#ref(card));
        }
        let player = item.controller;
        let n = item.targets.len();
        let f = self.top();
        f.stack.push(item);
        f.passes = 0;
        self.emit(Event::Stacked { player, tag, card });
        for i in 0..n {
            let target = self.top().stack.last().map(|it| it.targets[i].target());
            if let Some(target) = target {
                self.emit(Event::Targeted {
                    target,
                    tag,
                    by: card,
                    player,
                });
            }
        }
    }

    /// Puts a declared action on the stack; then AP receives priority (R6.9).
    pub(crate) fn push_item(&mut self, db: &CardDb, item: StackItem) {
        self.stack_item(item);
        self.settle(db);
    }

    /// Resolves the top item of the active frame's stack (R6.11).
    pub(crate) fn resolve_top(&mut self, db: &CardDb) {
        let Some(item) = self.frames.last().and_then(|f| f.stack.last()).cloned() else {
            return;
        };
        match &item.kind {
            ItemKind::Damage { parts } => {
                self.top().stack.pop();
                // A3: each part is dealt if its recipient is still in the battle space.
                for part in parts.iter().flatten() {
                    if self.in_play(part.to) {
                        let source = DamageSource {
                            card: Some(part.from),
                            kind: DamageKind::Battle,
                        };
                        deal_damage(self, db, part.to.card, part.amount, source);
                    }
                }
                self.emit(Event::Resolved {
                    tag: ItemTag::Damage,
                    card: None,
                    fizzled: false,
                });
            }
            ItemKind::Move { unit, to } => {
                self.top().stack.pop();
                self.resolve_move(*unit, *to);
            }
            ItemKind::CreatePlan => {
                self.top().stack.pop();
                self.resolve_create_plan(item.controller);
            }
            ItemKind::UpdatePlan { plan } => {
                self.top().stack.pop();
                self.resolve_update_plan(db, item.controller, *plan);
            }
            ItemKind::Play {
                card,
                square,
                method,
                ..
            } if db.def(self.card(*card).def).kind != CardKind::Strategy => {
                self.top().stack.pop();
                self.resolve_permanent(db, *card, *square, *method);
            }
            _ => self.resolve_effect(db, item),
        }
    }

    /// The effect body and target spec of an effect item. A ● or ◆ item runs the ability it was
    /// created from (R7.3), found by identity even if a hot reload moved it; an error says why
    /// there is none.
    fn effect_of<'d>(
        &self,
        db: &'d CardDb,
        item: &StackItem,
    ) -> Result<(&'d dyn Effect, Option<&'d TargetSpec>), Failure> {
        match &item.kind {
            ItemKind::Play { card, .. } => db
                .def(self.card(*card).def)
                .spell
                .as_ref()
                .map(|s| (s.effect.as_ref(), s.target.as_ref()))
                .ok_or(Failure::SpellReloaded),
            ItemKind::Activated { card, ability } => {
                match db.ability_of(self.card(*card).def, *ability) {
                    Some((_, Ability::Activated(a))) => Ok((a.effect.as_ref(), a.target.as_ref())),
                    _ => Err(Failure::ActivatedReloaded),
                }
            }
            ItemKind::Triggered { card, ability, .. } => {
                match db.ability_of(self.card(*card).def, *ability) {
                    Some((_, Ability::Triggered(t))) => Ok((t.effect.as_ref(), t.target.as_ref())),
                    _ => Err(Failure::TriggeredReloaded),
                }
            }
            ItemKind::Roll => Ok((crate::dimension::ROLL_DIE, None)),
            _ => Err(Failure::NoEffectBody),
        }
    }

    /// Runs a strategy, ● or ◆ effect transactionally (docs/design.md §3).
    fn resolve_effect(&mut self, db: &CardDb, item: StackItem) {
        let snapshot = self.clone();
        self.top().stack.pop();
        let (tag, source) = item.summary();
        match self.run_effect(db, &item) {
            Outcome::Done { fizzled } => {
                self.finish_strategy(db, &item);
                self.emit(Event::Resolved {
                    tag,
                    card: source,
                    fizzled,
                });
            }
            Outcome::Suspended(choice) => {
                *self = snapshot;
                self.choice = Some(choice);
            }
            Outcome::Failed(failure) => {
                *self = snapshot;
                self.top().stack.pop();
                self.errors.push(FailedEffect {
                    card: source,
                    failure,
                });
                let error = (self.errors.len() - 1) as u32;
                self.finish_strategy(db, &item);
                self.emit(Event::EffectFailed {
                    card: source,
                    error,
                });
                self.emit(Event::Resolved {
                    tag,
                    card: source,
                    fizzled: false,
                });
            }
        }
    }

    /// Reports a failed effect (of `card`, if known): recorded and told by an
    /// [`Event::EffectFailed`]; the effect does nothing.
    pub(crate) fn report_failure(&mut self, card: Option<CardId>, failure: Failure) {
        self.errors.push(FailedEffect { card, failure });
        let error = (self.errors.len() - 1) as u32;
        self.emit(Event::EffectFailed { card, error });
    }

    /// R7.8: a played strategy goes to its owner's graveyard after resolving, even to no purpose.
    fn finish_strategy(&mut self, db: &CardDb, item: &StackItem) {
        if let ItemKind::Play { card, .. } = item.kind
            && self.card(card).loc == Loc::Stack
            && db.def(self.card(card).def).kind == CardKind::Strategy
        {
            self.move_card(db, card, Loc::Graveyard, true, false);
        }
    }

    fn run_effect(&mut self, db: &CardDb, item: &StackItem) -> Outcome {
        let (_, source) = item.summary();
        let (effect, spec) = match self.effect_of(db, item) {
            Ok(found) => found,
            Err(failure) => return Outcome::Failed(failure),
        };
        let event = match item.kind {
            ItemKind::Triggered { event, .. } => Some(event),
            _ => None,
        };
        // R7.5: drop targets that became illegal; fail if all did. A card that changed zones
        // is a new object (R7.3); an item that left the stack is not found again.
        let mut legal = [CardId(0); MAX_TARGETS];
        let mut n = 0;
        let mut chosen = [Target::Card(CardId(0)); MAX_TARGETS];
        let mut m = 0;
        let view = Query::new(self, db).with_event(event);
        for h in &item.targets {
            let ok = match *h {
                HeldTarget::Card(r) => match spec {
                    Some(s) => {
                        view.is_current(r)
                            && view.is_legal(s, source, item.controller, Target::Card(r.card))
                    }
                    None => self.in_play(r),
                },
                other => {
                    spec.is_some_and(|s| view.is_legal(s, source, item.controller, other.target()))
                }
            };
            if ok && m < MAX_TARGETS {
                chosen[m] = h.target();
                m += 1;
                if let HeldTarget::Card(r) = h {
                    legal[n] = r.card;
                    n += 1;
                }
            }
        }
        if !item.targets.is_empty() && m == 0 {
            return Outcome::Done { fizzled: true };
        }
        let played_from = match item.kind {
            ItemKind::Play { from, .. } => Some(from),
            _ => None,
        };
        let ability = match &item.kind {
            ItemKind::Activated { ability, .. } | ItemKind::Triggered { ability, .. } => {
                Some(ability.index)
            }
            _ => None,
        };
        let mut r = Resolve {
            game: self,
            db,
            source,
            me: item.me,
            ability,
            controller: item.controller,
            targets: &legal[..n],
            chosen: &chosen[..m],
            x: item.x,
            event,
            cost_square: item.cost_square,
            played_from,
            answers: &item.answers,
            asked: 0,
            pending: None,
        };
        let res = effect.resolve(&mut r);
        match (r.pending.take(), res) {
            (Some(p), _) => Outcome::Suspended(p),
            (None, Err(EffectError::Suspended)) => {
                Outcome::Failed(Failure::SuspendedWithoutQuestion)
            }
            (None, Err(EffectError::Failed(m))) => Outcome::Failed(m),
            (None, Ok(())) => Outcome::Done { fizzled: false },
        }
    }

    /// Answers the pending choice (validated by [`Game::check`]).
    pub(crate) fn answer(&mut self, db: &CardDb, i: u16) {
        let Some(choice) = self.choice.take() else {
            return;
        };
        let i = i as usize;
        match choice.kind {
            ChoiceKind::Effect => {
                if let (Some(item), Some(value)) = (
                    self.frames.last_mut().and_then(|f| f.stack.last_mut()),
                    choice.options.get(i),
                ) {
                    item.answers.push(value.clone());
                }
                self.resolve_top(db);
            }
            ChoiceKind::TriggerOrder => {
                let w = self.eligible_triggers(choice.player).nth(i);
                if let Some(w) = w {
                    let w = self.waiting.remove(w);
                    self.stack_trigger(db, w);
                }
            }
            ChoiceKind::TriggerTarget => {
                if let (Some(w), Some(t)) = (choice.trigger, choice.combos.get(i)) {
                    self.stack_trigger_with(w, t);
                }
            }
            ChoiceKind::BattleOrder => {
                if let Some(crate::model::question::ChoiceOption::Square(s)) = choice.options.get(i)
                {
                    self.start_battle(*s);
                }
            }
            // Answered by `Game::apply`, which runs the held action again.
            ChoiceKind::Replacement => {}
            ChoiceKind::ZoneOrder => {
                if let Some(crate::model::question::ChoiceOption::Card(c)) = choice.options.get(i) {
                    self.answer_order(*c);
                }
                // R18.2: the mulligan's order is settled, then the new hand is drawn, before
                // the first turn begins.
                if self.phase == crate::model::phase::Phase::Mulligan {
                    if !self.ask_order() {
                        self.draw_new_hand(self.first.opponent());
                        self.begin_turn(db);
                    }
                    return;
                }
            }
        }
        self.settle(db);
    }
}

/// How running an effect body ended.
enum Outcome {
    Done { fizzled: bool },
    Suspended(crate::state::PendingChoice),
    Failed(Failure),
}
