//! The plan zone (R9): the face-up top card of the deck.

use crate::card::CardDb;
use crate::model::action::ActionError;
use crate::model::card_kind::Timing;
use crate::model::cost::{Cost, Payment};
use crate::model::events::{Event, ItemTag};
use crate::model::ids::{CardId, Player};
use crate::model::refusal::Refusal;
use crate::model::target::TargetRef;
use crate::model::zone::Loc;
use crate::payment::CheckedCost;
use crate::state::{Game, ItemKind, StackItem};

/// Creating or updating the plan zone costs colourless 1 (R5.11).
pub(crate) const PLAN_COST: Cost = Cost {
    colourless: 1,
    ..Cost::FREE
};

impl Game {
    /// The plan card of `p`, if a plan zone exists (R9.1).
    pub fn plan_card(&self, p: Player) -> Option<CardId> {
        let z = &self.zones[p.index()];
        z.plan().filter(|&c| z.deck().last() == Some(&c))
    }

    pub(crate) fn check_create_plan(
        &self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        self.check_timing(p, Timing::Normal)?;
        if self.plan_card(p).is_some() {
            return Err(ActionError::Illegal(Refusal::PlanExists));
        }
        if self.zones[p.index()].deck().is_empty() {
            return Err(ActionError::Illegal(Refusal::DeckEmpty));
        }
        self.check_cost(db, p, None, &PLAN_COST, 0, payment)
    }

    pub(crate) fn check_update_plan(
        &self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        self.check_timing(p, Timing::Normal)?;
        if self.plan_card(p).is_none() {
            return Err(ActionError::Illegal(Refusal::NoPlan));
        }
        self.check_cost(db, p, None, &PLAN_COST, 0, payment)
    }

    pub(crate) fn create_plan(
        &mut self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<(), ActionError> {
        let cost = self.check_create_plan(db, p, payment)?;
        self.pay(db, p, &cost, payment)?;
        self.push_item(db, StackItem::new(p, ItemKind::CreatePlan));
        Ok(())
    }

    pub(crate) fn update_plan(
        &mut self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<(), ActionError> {
        let cost = self.check_update_plan(db, p, payment)?;
        let plan = self
            .plan_card(p)
            .ok_or(ActionError::Illegal(Refusal::NoPlan))?;
        self.pay(db, p, &cost, payment)?;
        let plan = self.r#ref(plan);
        self.push_item(db, StackItem::new(p, ItemKind::UpdatePlan { plan }));
        Ok(())
    }

    /// Turns the top card of `p`'s deck face up as the plan zone.
    fn open_plan(&mut self, p: Player) {
        if let Some(top) = self.open_plan_zone(p) {
            self.emit(Event::PlanOpened {
                player: p,
                card: top,
            });
        }
    }

    /// R9.2: creation resolves.
    pub(crate) fn resolve_create_plan(&mut self, p: Player) {
        if self.plan_card(p).is_none() {
            self.open_plan(p);
        }
        self.emit(Event::Resolved {
            tag: ItemTag::CreatePlan,
            card: None,
            fizzled: false,
        });
    }

    /// R9.3: the plan card goes to the graveyard and the new top card becomes the plan card;
    /// fails if the plan card already left.
    pub(crate) fn resolve_update_plan(&mut self, db: &CardDb, p: Player, plan: TargetRef) {
        let ok = self.plan_card(p) == Some(plan.card) && self.card(plan.card).inc == plan.inc;
        if ok {
            self.move_card(db, plan.card, Loc::Graveyard, true, false);
            self.open_plan(p);
        }
        self.emit(Event::Resolved {
            tag: ItemTag::UpdatePlan,
            card: Some(plan.card),
            fizzled: !ok,
        });
    }
}
