//! The decision-driven interface: who must decide what, the legal actions, and applying one.

use crate::ability::Ability;
use crate::card::CardDb;
use crate::model::action::{Action, ActionError, Decision};
use crate::model::board::Square;
use crate::model::card_kind::{CardKind, Timing};
use crate::model::cost::Payment;
use crate::model::ids::{CardId, Player};
use crate::model::phase::Phase;
use crate::model::target::Targets;
use crate::model::zone::Loc;
use crate::state::Game;
use crate::view::View;

impl Game {
    /// What the game waits for now.
    pub fn decision(&self) -> Decision {
        if let Some(r) = self.result {
            return Decision::Over(r);
        }
        if let Some(c) = &self.choice {
            return Decision::Choose(c.player);
        }
        match self.phase {
            Phase::Mulligan => Decision::Mulligan(self.first.opponent()),
            Phase::Energy => Decision::Energy(self.active),
            Phase::Smash => Decision::Smash(self.active),
            _ => Decision::Act(self.frames.last().map_or(self.active, |f| f.priority)),
        }
    }

    /// Whether `player` may act at `timing` now (R6.2, R6.3, R6.5).
    pub(crate) fn check_timing(&self, player: Player, timing: Timing) -> Result<(), ActionError> {
        let battle = self.in_battle();
        match timing {
            Timing::Battle => Ok(()),
            Timing::Quick if battle => Err(ActionError::Timing(
                "only battle-timing actions are allowed during a battle (R6.5)",
            )),
            Timing::Quick => Ok(()),
            Timing::Normal if self.phase != Phase::Main => Err(ActionError::Timing(
                "normal-timing actions exist only in the main phase (R4.7)",
            )),
            Timing::Normal if player != self.active => Err(ActionError::Timing(
                "only the active player may take normal-timing actions (R6.3)",
            )),
            Timing::Normal if battle => Err(ActionError::Timing(
                "normal-timing actions are not allowed during a battle (R6.5)",
            )),
            Timing::Normal if self.frames.last().is_some_and(|f| !f.stack.is_empty()) => Err(
                ActionError::Timing("normal-timing actions need an empty stack (R6.3)"),
            ),
            Timing::Normal => Ok(()),
        }
    }

    pub(crate) fn check_card(&self, card: CardId) -> Result<(), ActionError> {
        if card.index() < self.cards.len() {
            Ok(())
        } else {
            Err(ActionError::NoSuchCard(card))
        }
    }

    /// Checks `action` against the current decision without changing anything.
    pub fn check(&self, db: &CardDb, action: &Action) -> Result<(), ActionError> {
        if let Some(a) = self.placed(action)? {
            return self.check(db, &a);
        }
        let decision = self.decision();
        match (decision, action) {
            (Decision::Over(_), _) => Err(ActionError::GameOver),
            (Decision::Act(_), Action::Pass) => Ok(()),
            (Decision::Act(p), Action::Play { .. }) => self.check_play(db, p, action).map(|_| ()),
            (Decision::Act(p), Action::CreatePlan { payment }) => {
                self.check_create_plan(db, p, payment).map(|_| ())
            }
            (Decision::Act(p), Action::UpdatePlan { payment }) => {
                self.check_update_plan(db, p, payment).map(|_| ())
            }
            (Decision::Act(p), Action::Move { unit, to, payment }) => {
                self.check_move(db, p, *unit, *to, payment).map(|_| ())
            }
            (Decision::Act(p), Action::Activate { .. }) => {
                self.check_activate(db, p, action, false).map(|_| ())
            }
            (Decision::Act(p), Action::Roll { payment }) => {
                self.check_roll(db, p, payment).map(|_| ())
            }
            (Decision::Energy(p), Action::Energy(c)) => self.check_energy(p, *c),
            (Decision::Smash(p), Action::Smash(u)) => self.check_smash(db, p, *u),
            (Decision::Mulligan(_), Action::Mulligan(_)) => Ok(()),
            (Decision::Choose(_), Action::Choose(i)) => match &self.choice {
                Some(c) if (*i as usize) < c.options.len() => Ok(()),
                _ => Err(ActionError::Illegal("no such option")),
            },
            (d, _) => Err(ActionError::WrongDecision(d)),
        }
    }

    /// Applies one action for the deciding player; cards may be named by place
    /// ([`CardId::at_place`], as [`Game::seat_actions`] gives them). An illegal action changes
    /// nothing.
    pub fn apply(&mut self, db: &CardDb, action: Action) -> Result<(), ActionError> {
        let action = self.placed(&action)?.unwrap_or(action);
        self.check(db, &action)?;
        if let Action::Choose(i) = action
            && let Some(held) = self.answer_held(i)
        {
            return self.apply(db, held);
        }
        let held = self.hold_snapshot();
        let before = self
            .strict
            .then(|| held.as_deref().map_or_else(|| self.clone(), Game::clone));
        self.events.clear();
        self.scanned = 0;
        let errors_before = self.errors.len();
        let Some(p) = self.decision().player() else {
            return Err(ActionError::GameOver);
        };
        let again = held.as_ref().map(|_| action.clone());
        match action {
            Action::Pass => self.pass(db, p),
            Action::Play { .. } => self.play(db, p, &action)?,
            Action::CreatePlan { payment } => self.create_plan(db, p, &payment)?,
            Action::UpdatePlan { payment } => self.update_plan(db, p, &payment)?,
            Action::Move { unit, to, payment } => self.declare_move(db, p, unit, to, &payment)?,
            Action::Activate { .. } => self.activate(db, p, &action)?,
            Action::Energy(c) => self.put_energy(db, p, c),
            Action::Smash(u) => self.smash(db, p, u),
            Action::Mulligan(take) => self.mulligan(db, p, take),
            Action::Choose(i) => self.answer(db, i),
            Action::Roll { payment } => self.roll(db, p, &payment)?,
        }
        self.collect_triggers(db);
        if self.ask_held(held, again) {
            return Ok(());
        }
        if let Some(before) = before
            && self.errors.len() > errors_before
        {
            let msg = self.errors[errors_before].clone();
            *self = before;
            return Err(ActionError::EffectFailed(msg));
        }
        Ok(())
    }

    /// Fills `out` with every legal action for the deciding player; each of them succeeds.
    pub fn legal_actions(&self, db: &CardDb, out: &mut Vec<Action>) {
        out.clear();
        let _memo = crate::state::PayMemoScope::new(self);
        match self.decision() {
            Decision::Over(_) => {}
            Decision::Choose(_) => {
                let n = self.choice.as_ref().map_or(0, |c| c.options.len());
                out.extend((0..n).map(|i| Action::Choose(i as u16)));
            }
            Decision::Mulligan(_) => out.extend([Action::Mulligan(false), Action::Mulligan(true)]),
            Decision::Energy(p) => {
                out.push(Action::Energy(None));
                out.extend(
                    self.zones[p.index()]
                        .hand()
                        .iter()
                        .map(|&c| Action::Energy(Some(c))),
                );
            }
            Decision::Smash(p) => {
                out.push(Action::Smash(None));
                for &u in &self.field {
                    if self.check_smash(db, p, Some(u)).is_ok() {
                        out.push(Action::Smash(Some(u)));
                    }
                }
            }
            Decision::Act(p) => {
                out.push(Action::Pass);
                self.legal_main_actions(db, p, out);
            }
        }
    }

    fn legal_main_actions(&self, db: &CardDb, p: Player, out: &mut Vec<Action>) {
        let view = View::new(self, db);
        let z = &self.zones[p.index()];
        // Candidates: hand, plan card, field, and cards with abilities working in other zones.
        let others = self.zone_cards.iter().filter(|&&c| {
            !matches!(self.card(c).loc, Loc::Hand | Loc::Square(_)) && z.plan() != Some(c)
        });
        let plan = z.plan();
        let candidates = z
            .hand()
            .iter()
            .chain(plan.iter())
            .chain(&self.field)
            .chain(others);
        // Reused for every card: listing allocates once.
        let mut extra_choices = Vec::new();
        for &card in candidates {
            let cs = self.card(card);
            if self.controller(card) != p {
                continue;
            }
            let def = db.def(cs.def);
            let from_hand_or_plan =
                cs.loc == Loc::Hand || self.zones[p.index()].plan() == Some(card);
            let methods = def
                .abilities
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    Ability::Play(crate::ability::PlayModifier::Method(m))
                        if crate::play::method_works_from(m, self.ability_zone(card)) =>
                    {
                        Some(Some(i as u8))
                    }
                    _ => None,
                });
            let plain = from_hand_or_plan.then_some(None);
            let extra = crate::card_costs::play_costs(def);
            for method in plain.into_iter().chain(methods) {
                let base = self.method_cost(db, card, method);
                let name = method.and_then(|i| match def.abilities.get(usize::from(i)) {
                    Some(Ability::Play(crate::ability::PlayModifier::Method(m))) => {
                        Some(m.name.as_str())
                    }
                    _ => None,
                });
                let cost = view.play_cost_by(card, base, name);
                let max_x = if cost.x.is_none() && crate::card_costs::uses_x(extra) {
                    crate::model::target::MAX_TARGETS as u8
                } else {
                    self.max_x(db, p, &cost)
                };
                for x in 0..=max_x {
                    if self
                        .check_play_source(db, p, card, method, x, &Payment::Auto)
                        .is_err()
                    {
                        continue;
                    }
                    extra_choices.clear();
                    self.card_cost_choices(db, p, card, extra, x, &mut extra_choices);
                    let mut place = |square: Option<Square>, targets: Targets, listed: bool| {
                        if self
                            .check_play_place(db, p, card, method, square, &targets, listed)
                            .is_ok()
                        {
                            for &cost_cards in &extra_choices {
                                let a = Action::Play {
                                    card,
                                    method,
                                    square,
                                    targets,
                                    cost_cards,
                                    x,
                                    payment: Payment::Auto,
                                };
                                // Cost cards must leave enough energy to pay (R5.8).
                                if cost_cards.is_empty() || self.check_play(db, p, &a).is_ok() {
                                    out.push(a);
                                }
                            }
                        }
                    };
                    match def.kind {
                        CardKind::Unit => Square::battle_squares()
                            .for_each(|s| place(Some(s), Targets::NONE, false)),
                        CardKind::Base => Square::base_squares(p)
                            .for_each(|s| place(Some(s), Targets::NONE, false)),
                        CardKind::Strategy => {
                            match def.spell.as_ref().and_then(|s| s.target.as_ref()) {
                                Some(spec) => view.for_each_targets(spec, Some(card), p, |t| {
                                    place(None, t, true)
                                }),
                                None => place(None, Targets::NONE, false),
                            }
                        }
                        // R19.8: never in a player's hand.
                        CardKind::Dimension | CardKind::Phenomenon | CardKind::ShuffleCard => {}
                    }
                }
            }
            for (ai, act) in self.activated_numbered(db, card) {
                if !act.zones.contains(self.ability_zone(card)) {
                    continue;
                }
                let card_x = crate::card_costs::uses_x(&act.card_costs);
                let max_x = if card_x && act.cost.x.is_none() {
                    crate::model::target::MAX_TARGETS as u8
                } else {
                    self.max_x(db, p, &act.cost)
                };
                let mut cost_choices = Vec::new();
                for x in 0..=max_x {
                    cost_choices.clear();
                    self.card_cost_choices(db, p, card, &act.card_costs, x, &mut cost_choices);
                    for &cost_cards in &cost_choices {
                        let mk = |targets| Action::Activate {
                            card,
                            ability: ai,
                            targets,
                            cost_cards,
                            x,
                            payment: Payment::Auto,
                        };
                        match &act.target {
                            Some(spec) => view.for_each_targets(spec, Some(card), p, |t| {
                                let a = mk(t);
                                if self.check_activate(db, p, &a, true).is_ok() {
                                    out.push(a);
                                }
                            }),
                            None => self.push_if_legal(db, out, mk(Targets::NONE)),
                        }
                    }
                }
            }
            if let Loc::Square(s) = cs.loc
                && s.is_battle()
                && p == self.active
            {
                for to in s.neighbours().chain(s.diagonal_neighbours()) {
                    self.push_if_legal(
                        db,
                        out,
                        Action::Move {
                            unit: card,
                            to,
                            payment: Payment::Auto,
                        },
                    );
                }
            }
        }
        self.push_if_legal(
            db,
            out,
            Action::CreatePlan {
                payment: Payment::Auto,
            },
        );
        self.push_if_legal(
            db,
            out,
            Action::UpdatePlan {
                payment: Payment::Auto,
            },
        );
        self.push_if_legal(
            db,
            out,
            Action::Roll {
                payment: Payment::Auto,
            },
        );
    }

    fn push_if_legal(&self, db: &CardDb, out: &mut Vec<Action>, a: Action) {
        if self.check(db, &a).is_ok() {
            out.push(a);
        }
    }
}
