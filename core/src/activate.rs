//! ● activated abilities (R17.3).

use crate::ability::Ability;
use crate::actions::{Action, ActionError};
use crate::card::CardDb;
use crate::ids::Player;
use crate::payment::Declared;
use crate::state::{Game, ItemKind};
use crate::view::View;

impl Game {
    pub(crate) fn check_activate<'a>(
        &self,
        db: &CardDb,
        p: Player,
        action: &'a Action,
    ) -> Result<Declared<'a>, ActionError> {
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
        let cost = self.check_cost(db, p, Some(*card), &act.cost, *x, payment)?;
        Ok(Declared {
            cost,
            card: *card,
            kind: ItemKind::Activated {
                card: *card,
                ability: *ability,
            },
            targets: *targets,
            x: *x,
            payment,
        })
    }

    pub(crate) fn activate(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        let d = self.check_activate(db, p, action)?;
        let cost_square = self.pay(db, p, &d.cost, d.payment)?;
        self.declare(db, p, d, cost_square);
        Ok(())
    }
}
