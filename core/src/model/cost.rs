//! Costs and their payment (R5): coloured energy, colourless energy, X, freeze and discard costs.

use crate::model::ids::{CardId, Colour, Colours};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which energy an X in a cost is paid with (R5.5).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum XEnergy {
    /// X coloured energy of this colour.
    Colour(Colour),
    /// X colourless energy.
    Colourless,
}

/// A printed cost: use cost, move cost or the `[cost]` of a ● ability (R5.1).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub struct Cost {
    /// Coloured energy per colour, indexed by [`Colour::index`].
    pub coloured: [u8; 5],
    /// Colourless energy (無).
    pub colourless: u8,
    /// An X part, if any.
    pub x: Option<XEnergy>,
    /// Freeze this card (フリーズ, R5.6).
    pub freeze_self: bool,
    /// Put this card from its square into its owner's graveyard (廃棄, R5.7).
    pub discard_self: bool,
    /// 「このカードもこのコストの支払いに使える」: the card whose ● ability it is may pay its
    /// energy too, frozen as any energy card of its zone (R5.2, R5.3, A51).
    #[serde(default)]
    pub self_pays: bool,
}

impl Cost {
    /// A cost of nothing.
    pub const FREE: Cost = Cost {
        coloured: [0; 5],
        colourless: 0,
        x: None,
        freeze_self: false,
        discard_self: false,
        self_pays: false,
    };

    /// A cost of `n` colourless energy.
    pub fn colourless(n: u8) -> Cost {
        Cost {
            colourless: n,
            ..Cost::FREE
        }
    }

    /// This cost plus `n` energy of colour `c`.
    pub fn and(mut self, c: Colour, n: u8) -> Cost {
        self.coloured[c.index()] = self.coloured[c.index()].saturating_add(n);
        self
    }

    /// This cost plus `n` colourless energy.
    pub fn and_colourless(mut self, n: u8) -> Cost {
        self.colourless = self.colourless.saturating_add(n);
        self
    }

    /// This cost with an X part.
    pub fn and_x(mut self, x: XEnergy) -> Cost {
        self.x = Some(x);
        self
    }

    /// This cost plus freezing the card itself.
    pub fn and_freeze_self(mut self) -> Cost {
        self.freeze_self = true;
        self
    }

    /// This cost plus discarding (廃棄) the card itself.
    pub fn and_discard_self(mut self) -> Cost {
        self.discard_self = true;
        self
    }

    /// The energy to pay once X is chosen.
    pub fn energy(&self, x: u8) -> EnergyNeed {
        let mut need = EnergyNeed {
            coloured: self.coloured,
            colourless: self.colourless,
        };
        match self.x {
            Some(XEnergy::Colour(c)) => {
                need.coloured[c.index()] = need.coloured[c.index()].saturating_add(x)
            }
            Some(XEnergy::Colourless) => need.colourless = need.colourless.saturating_add(x),
            None => {}
        }
        need
    }

    /// The total printed energy (X counted as 0): the card's "use cost" as a number.
    pub fn total(&self) -> u32 {
        self.coloured.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.colourless)
    }

    /// Lowers the cost by `n`, colourless first, then coloured in colour order; never below 0.
    pub fn reduce(&mut self, mut n: u8) {
        let d = n.min(self.colourless);
        self.colourless -= d;
        n -= d;
        for c in &mut self.coloured {
            let d = n.min(*c);
            *c -= d;
            n -= d;
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Colour::ALL
            .iter()
            .filter(|c| self.coloured[c.index()] > 0)
            .map(|c| format!("{}{}", c.symbol(), self.coloured[c.index()]))
            .collect();
        if self.colourless > 0 {
            parts.push(format!("無{}", self.colourless));
        }
        match self.x {
            Some(XEnergy::Colour(c)) => parts.push(format!("{}X", c.symbol())),
            Some(XEnergy::Colourless) => parts.push("無X".into()),
            None => {}
        }
        if self.freeze_self {
            parts.push("フリーズ".into());
        }
        if self.discard_self {
            parts.push("廃棄".into());
        }
        if parts.is_empty() {
            f.write_str("0")
        } else {
            f.write_str(&parts.join(" "))
        }
    }
}

/// Energy to pay once X is fixed.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct EnergyNeed {
    /// Coloured points per colour.
    pub coloured: [u8; 5],
    /// Colourless points.
    pub colourless: u8,
}

impl EnergyNeed {
    /// Total points.
    pub fn total(&self) -> usize {
        self.coloured.iter().map(|&n| n as usize).sum::<usize>() + self.colourless as usize
    }
}

/// How the caller pays the energy part of a cost.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Payment {
    /// Let the engine choose: deterministic, and always succeeds when a legal payment exists.
    #[default]
    Auto,
    /// Freeze exactly these released energy-zone / smash-zone cards.
    Cards(Vec<CardId>),
}

const MAX_SOURCES: usize = 96;
const MAX_SLOTS: usize = 48;

/// One released card that can pay energy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source {
    pub card: CardId,
    /// Colours it can pay; empty for smash-zone cards (colourless only, R5.2).
    pub colours: Colours,
}

/// A fixed-capacity pool of energy sources with a matching solver (no heap allocation).
pub(crate) struct Pool {
    sources: [Source; MAX_SOURCES],
    len: usize,
    /// For each source, the coloured slot it pays, if any.
    matched: [u8; MAX_SOURCES],
    slots: [Colour; MAX_SLOTS],
    nslots: usize,
    slot_owner: [u8; MAX_SLOTS],
}

const NONE: u8 = u8::MAX;

impl Pool {
    pub fn new() -> Pool {
        Pool {
            sources: [Source {
                card: CardId(0),
                colours: Colours::NONE,
            }; MAX_SOURCES],
            len: 0,
            matched: [NONE; MAX_SOURCES],
            slots: [Colour::Red; MAX_SLOTS],
            nslots: 0,
            slot_owner: [NONE; MAX_SLOTS],
        }
    }

    pub fn push(&mut self, s: Source) {
        if self.len < MAX_SOURCES {
            self.sources[self.len] = s;
            self.len += 1;
        }
    }

    /// Finds an assignment paying `need`; afterwards [`Pool::chosen`] lists the cards to freeze.
    pub fn solve(&mut self, need: &EnergyNeed) -> bool {
        if need.total() > self.len {
            return false;
        }
        self.nslots = 0;
        for c in Colour::ALL {
            for _ in 0..need.coloured[c.index()] {
                if self.nslots == MAX_SLOTS {
                    return false;
                }
                self.slots[self.nslots] = c;
                self.nslots += 1;
            }
        }
        self.matched = [NONE; MAX_SOURCES];
        self.slot_owner = [NONE; MAX_SLOTS];
        for slot in 0..self.nslots {
            let mut seen = [false; MAX_SOURCES];
            if !self.augment(slot, &mut seen) {
                return false;
            }
        }
        let free = self.len - self.nslots;
        if free < need.colourless as usize {
            return false;
        }
        // Colourless: smash-zone cards first (they can pay nothing else), then energy in order.
        let mut left = need.colourless as usize;
        for pass in 0..2 {
            for i in 0..self.len {
                if left == 0 {
                    break;
                }
                let smash = self.sources[i].colours == Colours::NONE;
                if self.matched[i] == NONE && (smash == (pass == 0)) {
                    self.matched[i] = MAX_SLOTS as u8;
                    left -= 1;
                }
            }
        }
        left == 0
    }

    /// Kuhn's augmenting path; single-colour sources are tried before multicolour ones.
    fn augment(&mut self, slot: usize, seen: &mut [bool; MAX_SOURCES]) -> bool {
        let colour = self.slots[slot];
        for want_multi in [false, true] {
            for i in 0..self.len {
                let cs = self.sources[i].colours;
                if seen[i] || !cs.contains(colour) || (cs.count() > 1) != want_multi {
                    continue;
                }
                seen[i] = true;
                let prev = self.matched[i];
                if prev == NONE || self.augment(prev as usize, seen) {
                    self.matched[i] = slot as u8;
                    self.slot_owner[slot] = i as u8;
                    return true;
                }
            }
        }
        false
    }

    /// The cards chosen by the last successful [`Pool::solve`].
    pub fn chosen(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.len)
            .filter(|&i| self.matched[i] != NONE)
            .map(|i| self.sources[i].card)
    }
}

/// Where a card paid as a cost goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CostDest {
    /// The remove zone (除外, e.g. 盟約, R17.11).
    Remove,
    /// Its owner's graveyard (from the hand: discarding it).
    Graveyard,
    /// Its owner's hand (「手札に戻す」); a card already in a hand cannot pay it.
    Hand,
    /// It stays and is frozen (R5.6): a released card of yours in a square.
    Freeze,
}

/// Which cards pay a [`crate::CardCost`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardPick {
    /// One other card of yours, chosen on declaration.
    One,
    /// The card itself (「このカードを…」), no choice; its zone must be in `zones`.
    This,
    /// X other cards of yours, X chosen on declaration (the item's X, which the effect sees,
    /// 「カードをX枚選び、除外する」).
    X,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(sources: &[(u16, Colours)]) -> Pool {
        let mut p = Pool::new();
        for &(c, colours) in sources {
            p.push(Source {
                card: CardId(c),
                colours,
            });
        }
        p
    }

    // R18.3: a multicolour card pays one point of one of its colours; the solver must not
    // spend it on the wrong colour when a single-colour card could not cover the other.
    #[test]
    fn multicolour_matching_finds_assignment() {
        let red = Colours::of(Colour::Red);
        let rw = red.with(Colour::White);
        let mut p = pool(&[(1, rw), (2, red)]);
        let need = Cost::FREE
            .and(Colour::Red, 1)
            .and(Colour::White, 1)
            .energy(0);
        assert!(p.solve(&need));
        let mut chosen: Vec<_> = p.chosen().collect();
        chosen.sort();
        assert_eq!(chosen, vec![CardId(1), CardId(2)]);
    }

    // R18.3: never both colours from one card.
    #[test]
    fn multicolour_card_pays_one_point_only() {
        let rw = Colours::of(Colour::Red).with(Colour::White);
        let mut p = pool(&[(1, rw)]);
        let need = Cost::FREE
            .and(Colour::Red, 1)
            .and(Colour::White, 1)
            .energy(0);
        assert!(!p.solve(&need));
    }

    // R5.2: smash-zone cards never pay coloured energy.
    #[test]
    fn smash_cards_pay_colourless_only() {
        let mut p = pool(&[(1, Colours::NONE), (2, Colours::NONE)]);
        assert!(!p.solve(&Cost::FREE.and(Colour::Blue, 1).energy(0)));
        assert!(p.solve(&Cost::colourless(2).energy(0)));
    }

    #[test]
    fn x_adds_to_the_named_energy() {
        let c = Cost::FREE.and(Colour::Red, 1).and_x(XEnergy::Colourless);
        let n = c.energy(3);
        assert_eq!(n.colourless, 3);
        assert_eq!(n.total(), 4);
        assert_eq!(c.to_string(), "赤1 無X");
    }

    #[test]
    fn reduce_takes_colourless_first() {
        let mut c = Cost::colourless(1).and(Colour::Black, 2);
        c.reduce(2);
        assert_eq!(c.colourless, 0);
        assert_eq!(c.coloured[Colour::Black.index()], 1);
    }
}
