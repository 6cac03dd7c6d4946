//! Costs paid with cards written as printed (R5.8), compiled to the core [`CardCost`] values a
//! Lua `card_costs` entry or `card:play_costs` registers.

use crate::ast::{CostCount, CostFrom, PrintedCost, PrintedCostKind};
use dzero_core::{CardCost, CardKind, CardPick, CostDest, ZoneSet};

impl PrintedCost {
    /// The core card costs: one per card for a fixed number, one X cost for X.
    pub fn compile(&self) -> Vec<CardCost> {
        let this = |zones, to| CardCost {
            zones,
            filter: Box::new(|_, _, _| true),
            to,
            pick: CardPick::This,
        };
        match self.kind {
            PrintedCostKind::ReturnThis => vec![this(ZoneSet::FIELD, CostDest::Hand)],
            PrintedCostKind::DiscardThis => vec![this(ZoneSet::HAND, CostDest::Graveyard)],
            PrintedCostKind::Pick(p) => {
                let (n, pick) = match p.count {
                    CostCount::N(n) => (usize::from(n), CardPick::One),
                    CostCount::X => (1, CardPick::X),
                };
                (0..n)
                    .map(|_| CardCost {
                        zones: zones(p.from),
                        filter: if p.unit {
                            Box::new(|v: &dzero_core::Query<'_>, _, c| {
                                v.def(c).kind == CardKind::Unit
                            })
                        } else {
                            Box::new(|_, _, _| true)
                        },
                        to: p.to,
                        pick,
                    })
                    .collect()
            }
        }
    }
}

/// The zones the cards paying a cost are in.
fn zones(from: CostFrom) -> ZoneSet {
    match from {
        CostFrom::Hand => ZoneSet::HAND,
        CostFrom::Graveyard => ZoneSet::of(dzero_core::Zone::Graveyard),
        CostFrom::Squares => ZoneSet::FIELD,
    }
}
