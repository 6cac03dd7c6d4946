//! ◆ triggered abilities: matching events, waiting, and going on the stack (R17.2, R17.12, A7).

use crate::ability::Ability;
use crate::caches::TriggerIndex;
use crate::card::CardDb;
use crate::model::event_kinds::EventKinds;
use crate::model::events::Event;
use crate::model::failure::Failure;
use crate::model::ids::{CardId, Player};
use crate::model::question::ChoiceOption;
use crate::model::target::{Target, Targets};
use crate::model::zone::{Loc, Zone};
use crate::query::Query;
use crate::state::{ChoiceKind, Game, ItemKind, PendingChoice, StackItem, WaitingTrigger};
use std::sync::Arc;

impl Game {
    /// The cards listening to each kind of event, built once per definitions' generation.
    fn trigger_index(&self, db: &CardDb) -> Arc<TriggerIndex> {
        let generation = db.generation();
        if let Some((g, index)) = &*self.derived.triggers.borrow()
            && *g == generation
        {
            return Arc::clone(index);
        }
        let index = Arc::new(TriggerIndex::new(&self.trigger_cards, |c| {
            db.trigger_events(self.card(c).def)
        }));
        *self.derived.triggers.borrow_mut() = Some((generation, Arc::clone(&index)));
        index
    }

    /// Matches events not yet scanned against ◆ abilities; matches wait for the next priority.
    pub(crate) fn collect_triggers(&mut self, db: &CardDb) {
        while self.scanned < self.events.len() {
            let event = self.events[self.scanned];
            self.scanned += 1;
            let mut found: Vec<WaitingTrigger> = Vec::new();
            let view = Query::new(self, db);
            let kind = EventKinds::of(&event);
            // No card of the game listens to this kind of event: skip them all.
            let index = self
                .derived
                .trigger_kinds
                .intersects(kind)
                .then(|| self.trigger_index(db));
            let cards = index
                .as_deref()
                .map_or(&[][..], |x| x.listeners(EventKinds::index(&event)));
            for &card in cards {
                let cs = self.card(card);
                let zone = self.event_zone(card, &event);
                let def = db.def(cs.def);
                let shared = cs.loc == Loc::Command;
                for (i, a) in def.abilities.iter().enumerate() {
                    let Ability::Triggered(t) = a else {
                        continue;
                    };
                    if !t.zones.contains(zone) || !t.when.events().intersects(kind) {
                        continue;
                    }
                    // A42: a command-zone card's condition is shared, "you" being each player;
                    // the trigger is the first matched player's, AP first.
                    let ap = self.active;
                    let controller = if shared {
                        [ap, ap.opponent()]
                            .into_iter()
                            .find(|&p| t.when.matches(&view.with_you(Some(p)), card, &event))
                    } else {
                        t.when
                            .matches(&view, card, &event)
                            .then(|| self.controller(card))
                    };
                    if let Some(controller) = controller {
                        found.push(WaitingTrigger {
                            card,
                            ability: def.ability_ref(i as u8),
                            controller,
                            event,
                            depth: self.depth(),
                        });
                    }
                }
            }
            let mut spent = Vec::new();
            for (i, me, t) in self.granted_triggers(db) {
                let g = &self.grants[i];
                // A ◆ granted to a card works in the zones it names, seen like the card's own.
                let zone_ok = match g.holder {
                    crate::model::grant::Holder::Card(_) => {
                        t.zones.contains(self.event_zone(me, &event))
                    }
                    crate::model::grant::Holder::Game => true,
                };
                if zone_ok && t.when.events().intersects(kind) && t.when.matches(&view, me, &event)
                {
                    found.push(WaitingTrigger {
                        card: me,
                        ability: g.ability,
                        controller: self.grant_controller(g),
                        event,
                        depth: self.depth(),
                    });
                    if g.once {
                        spent.push(i);
                    }
                }
            }
            self.group_granted_triggers(db, &view, &event, &mut found);
            for i in spent.into_iter().rev() {
                self.grants.remove(i);
            }
            self.waiting.extend(found);
        }
    }

    /// Matches `event` against the ◆ abilities ★ abilities give groups of cards (A49): a card
    /// of the group as the state now is has the ability, seen from its zone like its own.
    fn group_granted_triggers(
        &self,
        db: &CardDb,
        view: &Query<'_>,
        event: &Event,
        found: &mut Vec<WaitingTrigger>,
    ) {
        let kind = EventKinds::of(event);
        for (src, r, e) in self.group_grants(db) {
            let Some((_, Ability::Triggered(t))) = db.ability_of(self.card(src).def, r) else {
                continue;
            };
            if !t.when.events().intersects(kind) {
                continue;
            }
            for i in 0..self.cards.len() {
                let card = CardId(i as u16);
                if t.zones.contains(self.event_zone(card, event))
                    && e.grants_to(view, src, card)
                    && t.when.matches(view, card, event)
                {
                    found.push(WaitingTrigger {
                        card,
                        ability: r,
                        controller: self.controller(card),
                        event: *event,
                        depth: self.depth(),
                    });
                }
            }
        }
    }

    /// The zone `card`'s abilities see `event` from: an event that moves the card itself is
    /// seen from where the card was.
    fn event_zone(&self, card: CardId, event: &Event) -> Zone {
        match *event {
            // A75: a card's ◆ about its own binding sees it bound, where it went.
            Event::Moved {
                card: c,
                to: Loc::Bound(_),
                ..
            } if c == card => Zone::Bound,
            // The plan card left the plan zone, not just the deck (R9.1).
            Event::Moved {
                card: c,
                from,
                arrival,
                ..
            } if c == card => match (from, arrival.from) {
                (Loc::Deck, Zone::Plan) => Zone::Plan,
                _ => from.zone(),
            },
            Event::Destroyed { card: c, .. } if c == card => Zone::Field,
            Event::PlanClosed { card: c, .. } if c == card => Zone::Plan,
            _ => self.ability_zone(card),
        }
    }

    /// Indices into `waiting` of `p`'s triggers that may go on the stack now (A7).
    pub(crate) fn eligible_triggers(&self, p: Player) -> impl Iterator<Item = usize> + '_ {
        let depth = self.depth();
        self.waiting
            .iter()
            .enumerate()
            .filter(move |(_, w)| w.controller == p && w.depth >= depth)
            .map(|(i, _)| i)
    }

    /// R6.14 step 2: puts one waiting trigger on the stack, AP's first (R17.12), or asks which.
    /// Returns whether anything happened.
    pub(crate) fn place_triggers(&mut self, db: &CardDb) -> bool {
        for p in [self.active, self.active.opponent()] {
            let n = self.eligible_triggers(p).count();
            if n == 0 {
                continue;
            }
            if n == 1 {
                let i = self.eligible_triggers(p).next();
                if let Some(i) = i {
                    let w = self.waiting.remove(i);
                    self.stack_trigger(db, w);
                }
            } else {
                let options = self
                    .eligible_triggers(p)
                    .map(|i| ChoiceOption::Card(self.waiting[i].card))
                    .collect();
                self.choice = Some(PendingChoice {
                    player: p,
                    kind: ChoiceKind::TriggerOrder,
                    question: crate::model::question::Question::TriggerOrder,
                    options,
                    combos: Vec::new(),
                    trigger: None,
                });
            }
            return true;
        }
        false
    }

    /// Puts a trigger on the stack, choosing its targets (R7.4): void without a legal target.
    /// A trigger whose ability a hot reload removed or changed fails visibly instead.
    pub(crate) fn stack_trigger(&mut self, db: &CardDb, mut w: WaitingTrigger) {
        let spec = match db.ability_of(self.card(w.card).def, w.ability) {
            Some((fresh, Ability::Triggered(t))) => {
                w.ability = fresh;
                t.target.as_ref()
            }
            _ => {
                self.report_failure(Some(w.card), Failure::TriggerReloaded);
                return;
            }
        };
        let Some(spec) = spec else {
            self.stack_trigger_with(w, &Targets::NONE);
            return;
        };
        let mut combos = Vec::new();
        Query::new(self, db)
            .with_event(Some(w.event))
            .for_each_targets(spec, Some(w.card), w.controller, |t| combos.push(t));
        match combos.len() {
            0 => self.emit(Event::TriggerVoided { card: w.card }),
            1 => self.stack_trigger_with(w, &combos[0]),
            _ => {
                let options = combos
                    .iter()
                    .map(|t: &Targets| match t.as_slice() {
                        [] => ChoiceOption::Cards(Targets::NONE),
                        [Target::Card(c)] => ChoiceOption::Card(*c),
                        [Target::Square(s)] => ChoiceOption::Square(*s),
                        [Target::Player(p)] => ChoiceOption::Player(*p),
                        [Target::Item(i)] => ChoiceOption::Item(*i),
                        _ => ChoiceOption::Cards(*t),
                    })
                    .collect();
                self.choice = Some(PendingChoice {
                    player: w.controller,
                    kind: ChoiceKind::TriggerTarget,
                    question: crate::model::question::Question::TriggerTarget {
                        card: w.card,
                        ability: w.ability.index,
                    },
                    options,
                    combos,
                    trigger: Some(w),
                });
            }
        }
    }

    pub(crate) fn stack_trigger_with(&mut self, w: WaitingTrigger, targets: &Targets) {
        let kind = ItemKind::Triggered {
            card: w.card,
            ability: w.ability,
            event: w.event,
        };
        let item = StackItem {
            targets: targets.as_slice().iter().map(|&t| self.hold(t)).collect(),
            ..StackItem::new(w.controller, kind)
        };
        self.stack_item(item);
    }
}
