//! Moving units (R10).

use crate::card::CardDb;
use crate::model::action::ActionError;
use crate::model::board::Square;
use crate::model::card_kind::Timing;
use crate::model::cost::Payment;
use crate::model::events::{Event, ItemTag};
use crate::model::ids::{CardId, Player};
use crate::model::prohibition::{Forbid, Permit};
use crate::model::refusal::Refusal;
use crate::model::target::TargetRef;
use crate::model::zone::Loc;
use crate::payment::CheckedCost;
use crate::query::Query;
use crate::state::{Game, ItemKind, StackItem};

impl Game {
    pub(crate) fn check_move(
        &self,
        db: &CardDb,
        p: Player,
        unit: CardId,
        to: Square,
        payment: &Payment,
    ) -> Result<CheckedCost, ActionError> {
        let cost = self.move_source(db, p, unit)?;
        let Loc::Square(from) = self.card(unit).loc else {
            return Err(ActionError::Illegal(Refusal::MoverOutsideBattleSpace {
                unit,
            }));
        };
        let view = Query::new(self, db);
        // R1.13, or a diagonal square a ★ permits (R16.1).
        let reachable = from.adjacent(to)
            || (from.diagonal(to) && view.permitted(Permit::MoveDiagonally { unit, to }));
        if !reachable {
            return Err(ActionError::Square(Refusal::MoveNotAdjacent { unit, to }));
        }
        if self.units_of(p, to).next().is_some() {
            return Err(ActionError::Square(Refusal::MoveSquareTaken { unit, to }));
        }
        // R16.2: a prohibition wins over a permission.
        if view.forbidden(Forbid::Move { unit, to }) {
            return Err(ActionError::Illegal(Refusal::MoveForbidden { unit }));
        }
        self.check_cost(db, p, Some(unit), &cost, 0, payment)
    }

    /// Whether `p` may move `unit` now, destination and payment aside (R6.1, R10.1, R10.2);
    /// its move cost.
    pub(crate) fn move_source(
        &self,
        db: &CardDb,
        p: Player,
        unit: CardId,
    ) -> Result<crate::model::cost::Cost, ActionError> {
        self.check_card(unit)?;
        // R6.1: moving is always normal timing.
        self.check_timing(p, Timing::Normal)?;
        let cs = self.card(unit);
        let Loc::Square(from) = cs.loc else {
            return Err(ActionError::Illegal(Refusal::MoverOutsideBattleSpace {
                unit,
            }));
        };
        if self.controller(unit) != p || !from.is_battle() {
            return Err(ActionError::Illegal(Refusal::MoverNotYours { unit }));
        }
        if cs.frozen {
            return Err(ActionError::Illegal(Refusal::MoverFrozen { unit }));
        }
        db.def(cs.def)
            .move_cost
            .ok_or(ActionError::Illegal(Refusal::NoMoveCost { unit }))
    }

    pub(crate) fn declare_move(
        &mut self,
        db: &CardDb,
        p: Player,
        unit: CardId,
        to: Square,
        payment: &Payment,
    ) -> Result<(), ActionError> {
        let cost = self.check_move(db, p, unit, to, payment)?;
        self.pay(db, p, &cost, payment)?;
        let unit = self.r#ref(unit);
        self.push_item(db, StackItem::new(p, ItemKind::Move { unit, to }));
        Ok(())
    }

    /// R10.3–R10.5: the unit arrives released if it is still in the battle space (A5, A6).
    pub(crate) fn resolve_move(&mut self, unit: TargetRef, to: Square) {
        let fizzled = !self.in_play(unit)
            || !self
                .card(unit.card)
                .loc
                .square()
                .is_some_and(|s| s.is_battle());
        if !fizzled {
            self.relocate_by(
                unit.card,
                Loc::Square(to),
                true,
                crate::model::provenance::Cause::Moved,
            );
            self.release(unit.card);
            self.emit(Event::Placed {
                card: unit.card,
                square: to,
                played: false,
                arrival: self.card(unit.card).arrival,
            });
        }
        self.emit(Event::Resolved {
            tag: ItemTag::Move,
            card: Some(unit.card),
            fizzled,
        });
    }
}
