//! ● activated abilities (R17.3).

use crate::ability::{Ability, CardCost, CostDest};
use crate::actions::{Action, ActionError};
use crate::card::CardDb;
use crate::ids::CardId;
use crate::ids::Player;
use crate::payment::Declared;
use crate::state::{Game, ItemKind};
use crate::targets::{MAX_TARGETS, Targets};
use crate::view::View;
use crate::zone::Loc;

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
            cost_cards,
            x,
            payment,
        } = action
        else {
            return Err(ActionError::Illegal("not an activation"));
        };
        self.check_card(*card)?;
        let cs = self.card(*card);
        if self.controller(*card) != p {
            return Err(ActionError::Illegal(
                "only the card's controller may activate its abilities (R17.3)",
            ));
        }
        let Some(Ability::Activated(act)) = db.def(cs.def).abilities.get(*ability as usize) else {
            return Err(ActionError::Illegal("that card has no such ● ability"));
        };
        if !act.zones.contains(self.ability_zone(*card)) {
            return Err(ActionError::Illegal(
                "this ability does not work in the card's zone",
            ));
        }
        self.check_timing(p, act.timing)?;
        let view = View::new(self, db);
        let uses = view.uses_this_turn(*card, *ability);
        if act
            .condition
            .as_ref()
            .is_some_and(|c| !c(&view, *card, uses))
        {
            return Err(ActionError::Illegal(
                "the ability's own condition for activating is not met",
            ));
        }
        if !view.targets_legal(act.target.as_ref(), Some(*card), p, targets) {
            return Err(ActionError::Target(
                "wrong number of targets, or a target that cannot be chosen (R7.4)",
            ));
        }
        if cost_cards.len() != act.card_costs.len() {
            return Err(ActionError::Payment(
                "wrong number of cards paid for the card costs",
            ));
        }
        for (i, (&c, cc)) in cost_cards
            .as_slice()
            .iter()
            .zip(&act.card_costs)
            .enumerate()
        {
            if cost_cards.as_slice()[..i].contains(&c) || !self.card_cost_ok(&view, p, *card, cc, c)
            {
                return Err(ActionError::Payment(
                    "a card paid for a card cost does not qualify (R5.8, R17.11)",
                ));
            }
        }
        let cost = self.check_cost(db, p, Some(*card), &act.cost, *x, payment)?;
        if cost
            .discard
            .is_some_and(|d| cost_cards.as_slice().contains(&d))
        {
            return Err(ActionError::Payment("a card cannot pay two costs"));
        }
        Ok(Declared {
            cost,
            card: *card,
            kind: ItemKind::Activated {
                card: *card,
                ability: db.def(cs.def).ability_ref(*ability),
            },
            ability: *ability,
            targets: *targets,
            cost_cards: *cost_cards,
            x: *x,
            payment,
        })
    }

    /// Whether `c` can pay card cost `cc` of `me`'s ability for `p`.
    fn card_cost_ok(
        &self,
        view: &View<'_>,
        p: Player,
        me: CardId,
        cc: &CardCost,
        c: CardId,
    ) -> bool {
        self.cards.get(c.index()).is_some_and(|_| {
            c != me
                && self.controller(c) == p
                && cc.zones.contains(self.ability_zone(c))
                && (cc.filter)(view, me, c)
        })
    }

    /// Every choice of distinct cards paying `costs` (in order), appended to `out`.
    pub(crate) fn card_cost_choices(
        &self,
        db: &CardDb,
        p: Player,
        me: CardId,
        costs: &[CardCost],
        chosen: Targets,
        out: &mut Vec<Targets>,
    ) {
        let Some((first, rest)) = costs.split_first() else {
            out.push(chosen);
            return;
        };
        let view = View::new(self, db);
        for i in 0..self.cards.len() {
            let c = CardId(i as u16);
            if !chosen.as_slice().contains(&c) && self.card_cost_ok(&view, p, me, first, c) {
                let mut next = chosen;
                next.push(c);
                self.card_cost_choices(db, p, me, rest, next, out);
            }
        }
    }

    pub(crate) fn activate(
        &mut self,
        db: &CardDb,
        p: Player,
        action: &Action,
    ) -> Result<(), ActionError> {
        let d = self.check_activate(db, p, action)?;
        let cost_square = self.pay(db, p, &d.cost, d.payment)?;
        let card_costs = match db
            .def(self.card(d.card).def)
            .abilities
            .get(d.ability as usize)
        {
            Some(Ability::Activated(act)) => act.card_costs.as_slice(),
            _ => &[],
        };
        // R5.9: the whole cost is paid at once, so the discarded card and the cost cards that
        // go to a graveyard arrive together and their owners order them (R1.7).
        let mut to_graveyard = [CardId(0); MAX_TARGETS + 1];
        let mut n = 0;
        if let Some(c) = d.cost.discard {
            to_graveyard[0] = c;
            n = 1;
        }
        for (&c, cc) in d.cost_cards.as_slice().iter().zip(card_costs) {
            let to = match cc.to {
                CostDest::Remove => Loc::Remove,
                CostDest::Graveyard => Loc::Graveyard,
            };
            self.relocate(c, to, true);
            if to == Loc::Graveyard && n < to_graveyard.len() {
                to_graveyard[n] = c;
                n += 1;
            }
        }
        if n >= 2 {
            self.record_order(Loc::Graveyard, &to_graveyard[..n]);
        }
        // Counted once declared: the activation happened even if the item later fails.
        self.count_use(d.card, d.ability);
        self.declare(db, p, d, cost_square);
        Ok(())
    }
}
