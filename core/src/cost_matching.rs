//! Whether a cost can still be paid, answered as a bipartite matching of what the cost needs
//! (coloured and colourless energy points, card-cost cards) to the cards that can give it
//! (R5.2, R5.3, R5.8): every need is one slot, every card fills at most one slot. Kuhn's
//! augmenting paths make each question polynomial in slots and cards; the ways to pay are
//! never listed (docs/design.md §7).

use crate::model::ids::{CardId, Colour, Colours};
use smallvec::SmallVec;

const NONE: u32 = u32::MAX;

/// Inline room for the payers of one cost: a player's energy and smash cards, and the cards
/// qualifying for card costs, rarely exceed it (more spill to the heap). Listing legal actions
/// asks once per candidate use, so these stay off the heap.
const INLINE_PAYERS: usize = 24;
/// Inline room for a cost's slots (energy points and card costs).
const INLINE_SLOTS: usize = 16;

/// The cards that can pay one cost.
pub(crate) type Payers = SmallVec<[Payer; INLINE_PAYERS]>;

/// What one slot needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Slot {
    /// One point of coloured energy: an energy-zone card of that colour (R5.2).
    Colour(Colour),
    /// One point of colourless energy: any energy-zone or smash-zone card (R5.2, R5.3).
    Colourless,
    /// A card paying the card cost at this index of its cost list (R5.8).
    Card(u8),
}

/// A card that can fill slots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Payer {
    pub card: CardId,
    /// As an energy source, the colours it pays (empty: colourless only); `None` when it is no
    /// released energy source of the payer.
    pub energy: Option<Colours>,
    /// The card costs (bit per cost index) it qualifies for.
    pub costs: u64,
}

impl Payer {
    fn fits(&self, slot: Slot) -> bool {
        match slot {
            Slot::Colour(c) => self.energy.is_some_and(|e| e.contains(c)),
            Slot::Colourless => self.energy.is_some(),
            Slot::Card(i) => i < 64 && self.costs & (1 << i) != 0,
        }
    }
}

/// Slots, payers and a matching between them, grown slot by slot.
#[derive(Default)]
pub(crate) struct Matching {
    slots: SmallVec<[Slot; INLINE_SLOTS]>,
    payers: Payers,
    /// Per slot, the payer filling it.
    filled_by: SmallVec<[u32; INLINE_SLOTS]>,
    /// Per payer, the slot it fills.
    fills: SmallVec<[u32; INLINE_PAYERS]>,
    seen: SmallVec<[bool; INLINE_PAYERS]>,
}

impl Matching {
    /// A matching over `payers` with no slot yet.
    pub fn new(payers: Payers) -> Matching {
        let n = payers.len();
        Matching {
            slots: SmallVec::new(),
            payers,
            filled_by: SmallVec::new(),
            fills: smallvec::smallvec![NONE; n],
            seen: smallvec::smallvec![false; n],
        }
    }

    /// Adds a slot and tries to fill it, moving earlier slots' payers where needed; returns
    /// whether it was filled (every earlier slot stays filled either way).
    pub fn add(&mut self, slot: Slot) -> bool {
        self.slots.push(slot);
        self.filled_by.push(NONE);
        let s = self.slots.len() - 1;
        self.seen.fill(false);
        if self.augment(s) {
            true
        } else {
            // An unfilled slot stays out of the matching.
            self.slots.pop();
            self.filled_by.pop();
            false
        }
    }

    /// Adds every slot of `slots`; whether all were filled.
    pub fn add_all(&mut self, slots: impl IntoIterator<Item = Slot>) -> bool {
        slots.into_iter().all(|s| self.add(s))
    }

    /// Per payer, whether every slot stays filled without it: it fills none, or an alternating
    /// path lets a free payer take its slot (found for all payers at once from the free ones).
    pub fn spare(&self) -> Vec<bool> {
        let mut spare: Vec<bool> = self.fills.iter().map(|&f| f == NONE).collect();
        let mut queue: Vec<usize> = (0..self.payers.len()).filter(|&i| spare[i]).collect();
        while let Some(q) = queue.pop() {
            for (t, &slot) in self.slots.iter().enumerate() {
                let p = self.filled_by[t];
                if p != NONE && !spare[p as usize] && self.payers[q].fits(slot) {
                    spare[p as usize] = true;
                    queue.push(p as usize);
                }
            }
        }
        spare
    }

    /// The payers, in the order given.
    pub fn payers(&self) -> &[Payer] {
        &self.payers
    }

    /// Kuhn's augmenting path from slot `s`; single-colour energy is tried before
    /// multicolour energy, and non-energy cards before energy.
    fn augment(&mut self, s: usize) -> bool {
        let slot = self.slots[s];
        for round in 0..3 {
            for i in 0..self.payers.len() {
                let p = self.payers[i];
                let rank = match p.energy {
                    None => 0,
                    Some(c) if c.count() <= 1 => 1,
                    Some(_) => 2,
                };
                if rank != round || self.seen[i] || !p.fits(slot) {
                    continue;
                }
                self.seen[i] = true;
                let prev = self.fills[i];
                if prev == NONE || self.augment(prev as usize) {
                    self.fills[i] = s as u32;
                    self.filled_by[s] = i as u32;
                    return true;
                }
            }
        }
        false
    }
}

/// Whether every card of `cards` can take a distinct slot of `slots` (each card fitting its
/// slot): the cards chosen so far when paying by hand must all pay some point of the need.
pub(crate) fn cards_fit(slots: &[Slot], cards: &[Payer]) -> bool {
    let mut taken: SmallVec<[u32; INLINE_SLOTS]> = smallvec::smallvec![NONE; slots.len()];
    let mut seen: SmallVec<[bool; INLINE_SLOTS]> = smallvec::smallvec![false; slots.len()];
    for (ci, _) in cards.iter().enumerate() {
        seen.fill(false);
        if !fit_card(slots, cards, ci, &mut taken, &mut seen) {
            return false;
        }
    }
    true
}

fn fit_card(
    slots: &[Slot],
    cards: &[Payer],
    ci: usize,
    taken: &mut [u32],
    seen: &mut [bool],
) -> bool {
    for s in 0..slots.len() {
        if seen[s] || !cards[ci].fits(slots[s]) {
            continue;
        }
        seen[s] = true;
        let prev = taken[s];
        if prev == NONE || fit_card(slots, cards, prev as usize, taken, seen) {
            taken[s] = ci as u32;
            return true;
        }
    }
    false
}

/// The slots of an energy need, coloured first in colour order, then colourless.
pub(crate) fn energy_slots(need: &crate::model::cost::EnergyNeed) -> impl Iterator<Item = Slot> {
    let coloured = Colour::ALL.into_iter().flat_map(move |c| {
        std::iter::repeat_n(Slot::Colour(c), usize::from(need.coloured[c.index()]))
    });
    coloured.chain(std::iter::repeat_n(
        Slot::Colourless,
        usize::from(need.colourless),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn energy(card: u16, colours: Colours) -> Payer {
        Payer {
            card: CardId(card),
            energy: Some(colours),
            costs: 0,
        }
    }

    fn grave(card: u16) -> Payer {
        Payer {
            card: CardId(card),
            energy: None,
            costs: 1,
        }
    }

    // R18.3: a multicolour card pays one point of one of its colours; earlier slots move.
    #[test]
    fn multicolour_moves_to_let_a_later_slot_fill() {
        let red = Colours::of(Colour::Red);
        let rw = red.with(Colour::White);
        let mut m = Matching::new(smallvec::smallvec![energy(1, rw), energy(2, red)]);
        assert!(m.add(Slot::Colour(Colour::Red)));
        assert!(m.add(Slot::Colour(Colour::White)));
        assert!(!m.add(Slot::Colourless));
        assert_eq!(m.spare(), vec![false, false]);
    }

    // R5.8: a card filling a slot is spare when a free card can take that slot instead.
    #[test]
    fn a_filled_card_is_spare_when_another_can_take_its_slot() {
        let mut m = Matching::new((0..3).map(grave).collect());
        assert!(m.add(Slot::Card(0)));
        assert!(m.add(Slot::Card(0)));
        assert_eq!(m.spare(), vec![true, true, true]);
        assert!(m.add(Slot::Card(0)));
        assert_eq!(m.spare(), vec![false, false, false]);
    }

    // R5.8: X card-cost cards grow one slot at a time until no card is left.
    #[test]
    fn x_card_slots_stop_at_the_cards_available() {
        let mut m = Matching::new((0..40).map(grave).collect());
        let x = (0..).take_while(|_| m.add(Slot::Card(0))).count();
        assert_eq!(x, 40);
    }

    // R5.8: a card paying a card cost cannot pay energy too.
    #[test]
    fn a_card_needed_for_energy_cannot_be_spared() {
        let red = Colours::of(Colour::Red);
        let mut m = Matching::new(smallvec::smallvec![energy(1, red), grave(2)]);
        assert!(m.add(Slot::Colour(Colour::Red)));
        assert_eq!(m.spare(), vec![false, true]);
    }

    #[test]
    fn chosen_payment_cards_must_each_pay_a_point() {
        let red = Colours::of(Colour::Red);
        let blue = Colours::of(Colour::Blue);
        let slots = [Slot::Colour(Colour::Red), Slot::Colourless];
        assert!(cards_fit(&slots, &[energy(1, blue), energy(2, red)]));
        assert!(!cards_fit(&slots, &[energy(1, blue), energy(2, blue)]));
    }
}
