//! ● activated abilities (R17.3).

use crate::ability::Activated;
use crate::card::CardDb;
use crate::model::ability_ref::AbilityRef;
use crate::model::action::{Action, ActionError};
use crate::model::ids::{CardId, Player};
use crate::model::refusal::Refusal;
use crate::payment::Declared;
use crate::query::Query;
use crate::state::{Game, ItemKind};

impl Game {
    /// Checks an activation by `p` (R17.3). `listed`: its targets were enumerated as legal for
    /// the ability's target spec on this very state ([`Query::for_each_targets`]), so they are
    /// not checked again.
    pub(crate) fn check_activate<'a>(
        &self,
        db: &CardDb,
        p: Player,
        action: &'a Action,
        listed: bool,
    ) -> Result<Declared<'a>, ActionError> {
        let Action::Activate {
            card,
            ability,
            targets,
            cost_cards,
            x,
            payment,
        } = action
        else {
            return Err(ActionError::Illegal(Refusal::NotAnActivation));
        };
        let (ability_ref, act) = self.activation_source(db, p, *card, *ability)?;
        let view = Query::new(self, db);
        if !listed && !view.targets_legal(act.target.as_ref(), Some(*card), p, targets) {
            return Err(ActionError::Target(Refusal::IllegalTargets { card: *card }));
        }
        self.check_card_costs(db, p, *card, &act.card_costs, cost_cards.as_slice(), *x)?;
        // An X paid only in cards leaves the energy part without X.
        let card_x = crate::card_costs::uses_x(&act.card_costs);
        let energy_x = if card_x && act.cost.x.is_none() {
            0
        } else {
            *x
        };
        let cost = self.check_cost(db, p, Some(*card), &act.cost, energy_x, payment)?;
        let cost = self.without_self(db, p, *card, cost, act.cost.self_pays, payment)?;
        let cost = self.with_cost_cards(db, p, cost, cost_cards, payment)?;
        if let Some(d) = cost.discard.filter(|&d| cost_cards.contains_card(d)) {
            return Err(ActionError::Payment(Refusal::PaysTwoCosts { card: d }));
        }
        Ok(Declared {
            cost,
            card: *card,
            kind: ItemKind::Activated {
                card: *card,
                ability: ability_ref,
            },
            ability: *ability,
            targets: *targets,
            x: *x,
            payment,
        })
    }

    /// Whether `p` may activate `card`'s ● ability `ability` now, targets and costs aside
    /// (controller, zone, timing, the ability's own condition).
    pub(crate) fn activation_source<'d>(
        &self,
        db: &'d CardDb,
        p: Player,
        card: CardId,
        ability: u8,
    ) -> Result<(AbilityRef, &'d Activated), ActionError> {
        self.check_card(card)?;
        if self.controller(card) != p {
            return Err(ActionError::Illegal(Refusal::NotController { card }));
        }
        let Some((ability_ref, act)) = self.activated_ability(db, card, ability) else {
            return Err(ActionError::Illegal(Refusal::NoSuchAbility {
                card,
                ability,
            }));
        };
        if !act.zones.contains(self.ability_zone(card)) {
            return Err(ActionError::Illegal(Refusal::AbilityWrongZone { card }));
        }
        self.check_timing(p, act.timing)?;
        let view = Query::new(self, db);
        let uses = view.uses_this_turn(card, ability);
        if act
            .condition
            .as_ref()
            .is_some_and(|c| !c(&view, card, uses))
        {
            return Err(ActionError::Illegal(Refusal::AbilityConditionUnmet {
                card,
            }));
        }
        Ok((ability_ref, act))
    }

    pub(crate) fn activate(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        let d = self.check_activate(db, p, action, false)?;
        let cost_square = self.pay(db, p, &d.cost, d.payment)?;
        let card_costs = match self.activated_ability(db, d.card, d.ability) {
            Some((_, act)) => act.card_costs.as_slice(),
            None => &[],
        };
        // R5.9: the whole cost is paid at once, so the discarded card and the cost cards that
        // go to a graveyard arrive together and their owners order them (R1.7).
        self.pay_card_costs(
            db,
            d.card,
            card_costs,
            &d.cost.cost_cards,
            d.x,
            d.cost.discard,
        );
        // Counted once declared: the activation happened even if the item later fails.
        self.count_use(d.card, d.ability);
        self.declare(db, p, d, cost_square);
        Ok(())
    }
}
