//! Costs paid with cards (R5.8, issue 10 item 5): checked on declaration (R5.10), listed as legal
//! choices, paid at once before the item is stacked (R5.9).
//!
//! The cards paying a list of [`CardCost`]s are given in cost order: a [`CardPick::One`] cost
//! takes the next card, a [`CardPick::X`] cost the next X (the declaration's X), a
//! [`CardPick::This`] cost none (the card itself pays it).

use crate::ability::{Ability, CardCost, PlayModifier};
use crate::card::{CardDb, CardDef};
use crate::model::action::ActionError;
use crate::model::cost::{CardPick, CostDest};
use crate::model::ids::{CardId, Player};
use crate::model::provenance::Cause;
use crate::model::target::{MAX_TARGETS, Target, Targets};
use crate::model::zone::Loc;
use crate::state::Game;
use crate::view::View;

/// The additional card costs of playing a card of definition `def` (its ☆
/// [`PlayModifier::Costs`], if any).
pub(crate) fn play_costs(def: &CardDef) -> &[CardCost] {
    def.abilities
        .iter()
        .find_map(|a| match a {
            Ability::Play(PlayModifier::Costs(c)) => Some(c.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

/// Whether any of `costs` is paid with X cards.
pub(crate) fn uses_x(costs: &[CardCost]) -> bool {
    costs.iter().any(|c| c.pick == CardPick::X)
}

/// How many chosen cards `costs` take for X = `x`.
fn chosen_len(costs: &[CardCost], x: u8) -> usize {
    costs
        .iter()
        .map(|c| match c.pick {
            CardPick::One => 1,
            CardPick::X => usize::from(x),
            CardPick::This => 0,
        })
        .sum()
}

impl Game {
    /// Whether `c` can pay card cost `cc` of `me`'s ability or play for `p` (`c` may be `me`
    /// only for [`CardPick::This`]).
    fn card_cost_ok(
        &self,
        view: &View<'_>,
        p: Player,
        me: CardId,
        cc: &CardCost,
        c: CardId,
    ) -> bool {
        let Some(cs) = self.cards.get(c.index()) else {
            return false;
        };
        let this = cc.pick == CardPick::This;
        let dest_ok = match cc.to {
            CostDest::Remove | CostDest::Graveyard => true,
            CostDest::Hand => cs.loc != Loc::Hand,
            // R5.6: only a released card in a square can be frozen as a cost.
            CostDest::Freeze => matches!(cs.loc, Loc::Square(_)) && !cs.frozen,
        };
        (c == me) == this
            && self.controller(c) == p
            && dest_ok
            && cc.zones.contains(self.ability_zone(c))
            && (this || (cc.filter)(view, me, c))
    }

    /// Checks the cards `cards` paying `costs` of `me` for `p` with X = `x`: the right number,
    /// distinct, each qualifying (R5.8); the card itself for [`CardPick::This`] costs.
    pub(crate) fn check_card_costs(
        &self,
        db: &CardDb,
        p: Player,
        me: CardId,
        costs: &[CardCost],
        cards: &Targets,
        x: u8,
    ) -> Result<(), ActionError> {
        let mut buf = [CardId(0); MAX_TARGETS];
        let mut len = 0;
        for t in cards.as_slice() {
            let Some(c) = t.card() else {
                return Err(ActionError::Payment("only cards can pay card costs (R5.8)"));
            };
            buf[len] = c;
            len += 1;
        }
        let cards = &buf[..len];
        if cards.len() != chosen_len(costs, x) {
            return Err(ActionError::Payment(
                "wrong number of cards paid for the card costs",
            ));
        }
        let view = View::new(self, db);
        let mut rest = cards;
        for cc in costs {
            let n = match cc.pick {
                CardPick::This => {
                    if !self.card_cost_ok(&view, p, me, cc, me) {
                        return Err(ActionError::Payment(
                            "this card cannot pay its own card cost from where it is (R5.8)",
                        ));
                    }
                    continue;
                }
                CardPick::One => 1,
                CardPick::X => usize::from(x),
            };
            let (now, later) = rest.split_at(n);
            rest = later;
            for &c in now {
                if !self.card_cost_ok(&view, p, me, cc, c) {
                    return Err(ActionError::Payment(
                        "a card paid for a card cost does not qualify (R5.8, R17.11)",
                    ));
                }
            }
        }
        for (i, c) in cards.iter().enumerate() {
            if cards[..i].contains(c) {
                return Err(ActionError::Payment("a card cannot pay two costs"));
            }
        }
        Ok(())
    }

    /// Every choice of distinct cards paying `costs` for X = `x`, appended to `out`; the
    /// cards of one X cost are listed once per set, in id order.
    pub(crate) fn card_cost_choices(
        &self,
        db: &CardDb,
        p: Player,
        me: CardId,
        costs: &[CardCost],
        x: u8,
        out: &mut Vec<Targets>,
    ) {
        if chosen_len(costs, x) > MAX_TARGETS {
            return;
        }
        let view = View::new(self, db);
        self.choices_from(&view, p, me, costs, x, Targets::NONE, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn choices_from(
        &self,
        view: &View<'_>,
        p: Player,
        me: CardId,
        costs: &[CardCost],
        x: u8,
        chosen: Targets,
        out: &mut Vec<Targets>,
    ) {
        let Some((first, rest)) = costs.split_first() else {
            out.push(chosen);
            return;
        };
        match first.pick {
            CardPick::This => {
                if self.card_cost_ok(view, p, me, first, me) {
                    self.choices_from(view, p, me, rest, x, chosen, out);
                }
            }
            CardPick::One => {
                for i in 0..self.cards.len() {
                    let c = CardId(i as u16);
                    if !chosen.contains_card(c) && self.card_cost_ok(view, p, me, first, c) {
                        let mut next = chosen;
                        next.push(Target::Card(c));
                        self.choices_from(view, p, me, rest, x, next, out);
                    }
                }
            }
            CardPick::X => self.x_sets(view, p, me, first, rest, x, 0, chosen, out),
        }
    }

    /// Sets of `x` more cards for the X cost `cc`, from card id `from` on.
    #[allow(clippy::too_many_arguments)]
    fn x_sets(
        &self,
        view: &View<'_>,
        p: Player,
        me: CardId,
        cc: &CardCost,
        rest: &[CardCost],
        x: u8,
        from: usize,
        chosen: Targets,
        out: &mut Vec<Targets>,
    ) {
        if x == 0 {
            self.choices_from(view, p, me, rest, 0, chosen, out);
            return;
        }
        for i in from..self.cards.len() {
            let c = CardId(i as u16);
            if !chosen.contains_card(c) && self.card_cost_ok(view, p, me, cc, c) {
                let mut next = chosen;
                next.push(Target::Card(c));
                self.x_sets(view, p, me, cc, rest, x - 1, i + 1, next, out);
            }
        }
    }

    /// Pays checked card costs (R5.9: at once). Cards going to a graveyard together —
    /// with `discarded`, a 廃棄 paid in the same cost — are ordered by their owner (R1.7).
    pub(crate) fn pay_card_costs(
        &mut self,
        db: &CardDb,
        me: CardId,
        costs: &[CardCost],
        cards: &Targets,
        x: u8,
        discarded: Option<CardId>,
    ) {
        let mut to_graveyard = [CardId(0); MAX_TARGETS + 2];
        let mut n = 0;
        if let Some(c) = discarded {
            to_graveyard[0] = c;
            n = 1;
        }
        let list: Vec<CardId> = cards.cards().collect();
        let mut rest = list.as_slice();
        for cc in costs {
            let now: &[CardId] = match cc.pick {
                CardPick::This => std::slice::from_ref(&me),
                CardPick::One | CardPick::X => {
                    let k = if cc.pick == CardPick::One {
                        1
                    } else {
                        usize::from(x)
                    };
                    let (now, later) = rest.split_at(k.min(rest.len()));
                    rest = later;
                    now
                }
            };
            for &c in now {
                let to = match cc.to {
                    CostDest::Remove => Loc::Remove,
                    CostDest::Graveyard => Loc::Graveyard,
                    CostDest::Hand => Loc::Hand,
                    CostDest::Freeze => {
                        self.freeze(c);
                        continue;
                    }
                };
                let to = self.move_card_by(db, c, to, true, false, Cause::Cost);
                if to == Loc::Graveyard && n < to_graveyard.len() {
                    to_graveyard[n] = c;
                    n += 1;
                }
            }
        }
        if n >= 2 {
            self.record_order(Loc::Graveyard, &to_graveyard[..n]);
        }
    }
}
