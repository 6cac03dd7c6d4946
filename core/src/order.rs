//! R1.7: when several cards go to a graveyard or deck at the same time, their owner chooses
//! their order (R18.2: the mulligan's cards too).

use crate::model::ids::{CardId, DefId};
use crate::model::question::ChoiceOption;
use crate::model::zone::Loc;
use crate::state::{ChoiceKind, Game, OrderGroup, PendingChoice};

impl Game {
    /// Records that `cards` went to their owners' `zone` (graveyard or deck) at the same time,
    /// in this order: each owner with at least two different cards among them orders theirs
    /// before anyone next receives priority (AP first). Identical cards need no order.
    pub(crate) fn record_order(&mut self, zone: Loc, cards: &[CardId]) {
        for p in [self.active, self.active.opponent()] {
            let mut mine: Vec<CardId> = Vec::new();
            for &c in cards {
                // A card named twice arrived once; an unknown id arrived nowhere.
                let arrived = self
                    .cards
                    .get(c.index())
                    .is_some_and(|cs| cs.owner == p && cs.loc == zone);
                if arrived && !mine.contains(&c) {
                    mine.push(c);
                }
            }
            if self.distinct(&mine).len() >= 2 {
                self.orders.push(OrderGroup {
                    owner: p,
                    zone,
                    cards: mine,
                    ordered: Vec::new(),
                });
            }
        }
    }

    /// One card of each definition among `cards`, in their order.
    fn distinct(&self, cards: &[CardId]) -> Vec<CardId> {
        let mut seen: Vec<DefId> = Vec::new();
        cards
            .iter()
            .copied()
            .filter(|&c| {
                let d = self.card(c).def;
                let new = !seen.contains(&d);
                if new {
                    seen.push(d);
                }
                new
            })
            .collect()
    }

    /// The cards of `group` still to be ordered.
    fn unordered(group: &OrderGroup) -> Vec<CardId> {
        group
            .cards
            .iter()
            .copied()
            .filter(|c| !group.ordered.contains(c))
            .collect()
    }

    /// Asks the owner of the first unordered group which of its cards goes in next; a group
    /// whose remaining cards are all alike is put in place without asking. Returns whether a
    /// choice is pending.
    pub(crate) fn ask_order(&mut self) -> bool {
        while let Some(group) = self.orders.first() {
            let left: Vec<CardId> = Game::unordered(group)
                .into_iter()
                .filter(|&c| self.card(c).loc == group.zone)
                .collect();
            let options = self.distinct(&left);
            if options.len() >= 2 {
                let (owner, zone) = (group.owner, group.zone);
                self.choice = Some(PendingChoice {
                    player: owner,
                    kind: ChoiceKind::ZoneOrder,
                    question: crate::model::question::Question::ZoneOrder { zone },
                    options: options.into_iter().map(ChoiceOption::Card).collect(),
                    combos: Vec::new(),
                    trigger: None,
                });
                return true;
            }
            let group = self.orders.remove(0);
            self.put_in_order(&group);
        }
        false
    }

    /// The owner put `card` in next (validated by [`Game::check`]).
    pub(crate) fn answer_order(&mut self, card: CardId) {
        if let Some(group) = self.orders.first_mut() {
            group.ordered.push(card);
        }
    }

    /// Rewrites the places `group`'s cards hold in their zone: the owner's order lowest first,
    /// then the rest in the order they were moved. Cards that have left the zone are skipped.
    fn put_in_order(&mut self, group: &OrderGroup) {
        let order: Vec<CardId> = group
            .ordered
            .iter()
            .copied()
            .chain(Game::unordered(group))
            .filter(|&c| self.card(c).loc == group.zone)
            .collect();
        self.reorder(group.owner, group.zone, &order);
    }
}
