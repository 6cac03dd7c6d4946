//! ● activated abilities (R17.3).

use crate::ability::Ability;
use crate::actions::{Action, ActionError};
use crate::card::CardDb;
use crate::ids::Player;
use crate::payment::CheckedCost;
use crate::state::{Game, ItemKind, StackItem};
use crate::view::View;

impl Game {
    pub(crate) fn check_activate(
        &self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<CheckedCost, ActionError> {
        let Action::Activate {
            card,
            ability,
            targets,
            x,
            payment,
        } = action
        else {
            return Err(ActionError::Illegal("not an activation"));
        };
        self.check_card(*card)?;
        let cs = self.card(*card);
        if cs.owner != p {
            return Err(ActionError::Illegal(
                "only the card's owner may activate its abilities (R17.3)",
            ));
        }
        let Some(Ability::Activated(act)) = db.def(cs.def).abilities.get(*ability as usize) else {
            return Err(ActionError::Illegal("that card has no such ● ability"));
        };
        if !act.zones.contains(cs.loc.zone()) {
            return Err(ActionError::Illegal(
                "this ability does not work in the card's zone",
            ));
        }
        self.check_timing(p, act.timing)?;
        let view = View::new(self, db);
        if !view.targets_legal(act.target.as_ref(), Some(*card), p, targets) {
            return Err(ActionError::Target(
                "wrong number of targets, or a target that cannot be chosen (R7.4)",
            ));
        }
        self.check_cost(db, p, Some(*card), &act.cost, *x, payment)
    }

    pub(crate) fn activate(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        let cost = self.check_activate(db, p, action)?;
        let Action::Activate {
            card,
            ability,
            targets,
            x,
            payment,
        } = action
        else {
            return Err(ActionError::Illegal("not an activation"));
        };
        let targets = targets.as_slice().iter().map(|&c| self.r#ref(c)).collect();
        let cost_square = self.pay(db, p, &cost, payment)?;
        self.push_item(
            db,
            StackItem {
                controller: p,
                kind: ItemKind::Activated {
                    card: *card,
                    ability: *ability,
                },
                targets,
                x: *x,
                cost_square,
                answers: Vec::new(),
            },
        );
        Ok(())
    }
}
