//! The smash phase (R12).

use crate::card::CardDb;
use crate::model::action::ActionError;
use crate::model::board::Area;
use crate::model::card_kind::CardKind;
use crate::model::events::Event;
use crate::model::ids::{CardId, Player};
use crate::model::prohibition::{Forbid, Permit};
use crate::model::refusal::Refusal;
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::Game;

impl Game {
    pub(crate) fn check_smash(
        &self,
        db: &CardDb,
        p: Player,
        unit: Option<CardId>,
    ) -> Result<(), ActionError> {
        let Some(u) = unit else { return Ok(()) };
        self.check_card(u)?;
        let cs = self.card(u);
        let Loc::Square(s) = cs.loc else {
            return Err(ActionError::Illegal(Refusal::SmasherOutsideBattleSpace {
                unit: u,
            }));
        };
        if self.controller(u) != p || db.def(cs.def).kind != CardKind::Unit {
            return Err(ActionError::Illegal(Refusal::SmasherNotYours { unit: u }));
        }
        let view = Query::new(self, db);
        let allowed = match s.area(p) {
            Some(Area::Centre | Area::Enemy) => true,
            Some(Area::Own) => view.permitted(Permit::SmashFromOwnArea { unit: u }),
            None => false,
        };
        if !allowed {
            return Err(ActionError::Illegal(Refusal::SmasherInOwnArea { unit: u }));
        }
        if cs.frozen {
            return Err(ActionError::Illegal(Refusal::SmasherFrozen { unit: u }));
        }
        // R16.2: a prohibition wins over a permission.
        if view.forbidden(Forbid::Smash { unit: u }) {
            return Err(ActionError::Illegal(Refusal::SmashForbidden { unit: u }));
        }
        Ok(())
    }

    pub(crate) fn can_smash(&self, db: &CardDb, p: Player) -> bool {
        self.field
            .iter()
            .any(|&u| self.check_smash(db, p, Some(u)).is_ok())
    }

    /// One smash (R12.2–R12.6), or the end of the smash phase.
    pub(crate) fn smash(&mut self, db: &CardDb, p: Player, unit: Option<CardId>) {
        let Some(u) = unit else {
            self.recovery(db);
            return;
        };
        let view = Query::new(self, db);
        let enemy = view.area(u) == Some(Area::Enemy);
        let n = view.smash(u).max(0) as usize + usize::from(enemy);
        self.freeze(u);
        let victim = p.opponent();
        let mut moved = 0u8;
        // R12.4: the plan card is the top card; R12.5: a short deck gives what it has.
        for _ in 0..n {
            let Some(&top) = self.zones[victim.index()].deck().last() else {
                break;
            };
            self.relocate(top, Loc::Smash, true);
            moved = moved.saturating_add(1);
        }
        self.emit(Event::Smashed {
            unit: u,
            victim,
            cards: moved,
        });
        // R12.6: rule effects after each smash.
        self.check_outside_main(db);
        if self.result.is_none() && !self.can_smash(db, p) {
            self.recovery(db);
        }
    }
}
