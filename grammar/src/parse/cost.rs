//! Building an energy cost (`青2 無3`, `無X フリーズ`, `0`) from the pest tree: its terms, a
//! repeated term, the single X.

use super::limits::MAX_ENERGY;
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Amount, CostExpr, CostTerm, CostTermKind};
use crate::error::DslError;
use dzero_core::{Colour, Cost, XEnergy};
use pest::iterators::Pair;

/// Colour of a colour token; `None` for colourless (無 / C).
pub(crate) fn colour(p: &Pair<'_, Rule>) -> Result<Option<Colour>, DslError> {
    Ok(match p.as_str().to_ascii_lowercase().as_str() {
        "赤" | "r" => Some(Colour::Red),
        "黒" | "b" => Some(Colour::Black),
        "青" | "u" => Some(Colour::Blue),
        "白" | "w" => Some(Colour::White),
        "緑" | "g" => Some(Colour::Green),
        "無" | "c" => None,
        other => return Err(internal(sp(p), &format!("colour '{other}'"))),
    })
}

/// The symbol of a colour, 無 for colourless.
fn colour_symbol(c: Option<Colour>) -> &'static str {
    c.map_or("無", Colour::symbol)
}

/// Builds a cost from a `cost` pair, checking repeated terms and the single X.
pub(crate) fn build_cost(p: Pair<'_, Rule>) -> Result<CostExpr, DslError> {
    let span = sp(&p);
    let mut terms: Vec<CostTerm> = Vec::new();
    let mut cost = Cost::FREE;
    for t in p.into_inner() {
        let tspan = sp(&t);
        let kind = match t.as_rule() {
            Rule::free => CostTermKind::Free,
            Rule::discard => CostTermKind::Discard,
            Rule::freeze | Rule::freeze_this => CostTermKind::Freeze,
            Rule::lone_x => CostTermKind::Energy {
                colour: None,
                amount: Amount::X,
            },
            Rule::energy => {
                let c = colour(&child(&t, Rule::colour)?)?;
                let amount = match t.clone().into_inner().find(|i| i.as_rule() == Rule::amount) {
                    Some(a) => {
                        let n = number(&a, MAX_ENERGY)?;
                        Amount::N(u8::try_from(n).map_err(|_| internal(sp(&a), "amount"))?)
                    }
                    None => Amount::X,
                };
                CostTermKind::Energy { colour: c, amount }
            }
            other => return Err(internal(tspan, &format!("cost term {other:?}"))),
        };
        let repeated = terms.iter().any(|old| same_slot(old.kind, kind));
        if repeated {
            return Err(DslError::new(tspan, repeat_message(kind)));
        }
        match kind {
            CostTermKind::Free => {}
            CostTermKind::Discard => cost.discard_self = true,
            CostTermKind::Freeze => cost.freeze_self = true,
            CostTermKind::Energy {
                colour,
                amount: Amount::N(n),
            } => match colour {
                Some(c) => cost = cost.and(c, n),
                None => cost = cost.and_colourless(n),
            },
            CostTermKind::Energy {
                colour,
                amount: Amount::X,
            } => {
                cost.x = Some(match colour {
                    Some(c) => XEnergy::Colour(c),
                    None => XEnergy::Colourless,
                })
            }
        }
        terms.push(CostTerm { kind, span: tspan });
    }
    Ok(CostExpr { span, terms, cost })
}

/// Whether two terms fill the same part of a cost (so the second one is a mistake).
fn same_slot(a: CostTermKind, b: CostTermKind) -> bool {
    use CostTermKind::*;
    match (a, b) {
        (Discard, Discard) | (Freeze, Freeze) | (Free, Free) => true,
        (
            Energy {
                amount: Amount::X, ..
            },
            Energy {
                amount: Amount::X, ..
            },
        ) => true,
        (
            Energy {
                colour: c1,
                amount: Amount::N(_),
            },
            Energy {
                colour: c2,
                amount: Amount::N(_),
            },
        ) => c1 == c2,
        _ => false,
    }
}

/// The error message of a term repeated in one cost.
fn repeat_message(kind: CostTermKind) -> String {
    match kind {
        CostTermKind::Free => "0 appears twice".to_owned(),
        CostTermKind::Discard => "廃棄 appears twice in this cost".to_owned(),
        CostTermKind::Freeze => "フリーズ appears twice in this cost".to_owned(),
        CostTermKind::Energy {
            amount: Amount::X, ..
        } => "only one X is allowed in a cost".to_owned(),
        CostTermKind::Energy { colour, .. } => format!(
            "{} appears twice in this cost; write it once with the total",
            colour_symbol(colour)
        ),
    }
}
