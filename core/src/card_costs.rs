//! Costs paid with cards (R5.8): checked on declaration (R5.10), chosen one card at a time
//! ([`crate::announce`]), paid at once before the item is stacked (R5.9).
//!
//! The cards paying a list of [`CardCost`]s are given in cost order: a [`CardPick::One`] cost
//! takes the next card, a [`CardPick::X`] cost the next X (the declaration's X), a
//! [`CardPick::This`] cost none (the card itself pays it).

use crate::ability::{Ability, CardCost, PlayModifier};
use crate::card::{CardDb, CardDef};
use crate::model::action::ActionError;
use crate::model::announcement::CardList;
use crate::model::cost::{CardPick, CostDest};
use crate::model::ids::{CardId, Player};
use crate::model::provenance::Cause;
use crate::model::refusal::Refusal;
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::Game;

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
pub(crate) fn chosen_len(costs: &[CardCost], x: u8) -> usize {
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
    pub(crate) fn card_cost_ok(
        &self,
        view: &Query<'_>,
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
        cards: &[CardId],
        x: u8,
    ) -> Result<(), ActionError> {
        if cards.len() != chosen_len(costs, x) {
            return Err(ActionError::Payment(Refusal::CostCardCount {
                need: chosen_len(costs, x),
                given: cards.len(),
            }));
        }
        let view = Query::new(self, db);
        let mut rest = cards;
        for cc in costs {
            let n = match cc.pick {
                CardPick::This => {
                    if !self.card_cost_ok(&view, p, me, cc, me) {
                        return Err(ActionError::Payment(Refusal::OwnCostUnpayable { card: me }));
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
                    return Err(ActionError::Payment(Refusal::CostCardUnqualified {
                        card: c,
                    }));
                }
            }
        }
        for (i, c) in cards.iter().enumerate() {
            if cards[..i].contains(c) {
                return Err(ActionError::Payment(Refusal::PaysTwoCosts { card: *c }));
            }
        }
        Ok(())
    }

    /// Pays checked card costs (R5.9: at once). Cards going to a graveyard together —
    /// with `discarded`, a 廃棄 paid in the same cost — are ordered by their owner (R1.7).
    pub(crate) fn pay_card_costs(
        &mut self,
        db: &CardDb,
        me: CardId,
        costs: &[CardCost],
        cards: &CardList,
        x: u8,
        discarded: Option<CardId>,
    ) {
        let mut to_graveyard: smallvec::SmallVec<[CardId; 8]> = discarded.into_iter().collect();
        let mut rest = cards.as_slice();
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
                if to == Loc::Graveyard {
                    to_graveyard.push(c);
                }
            }
        }
        if to_graveyard.len() >= 2 {
            self.record_order(Loc::Graveyard, &to_graveyard);
        }
    }
}
