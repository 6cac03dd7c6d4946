//! Building costs paid with cards written as printed (R5.8) from the pest tree: inside the
//! `[...]` of a ● line and as a card's 「追加コストとして、…」 line.

use super::cost::build_cost;
use super::limits::MAX_COST_CARDS;
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{
    CostCount, CostExpr, CostFrom, CostPick, PlayCostsLine, PrintedCost, PrintedCostKind,
};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::{Cost, CostDest};
use pest::iterators::Pair;

/// The cost of a ● line: energy terms, and the costs paid with cards of an `act_cost`.
pub(crate) fn activation_cost(
    p: &Pair<'_, Rule>,
) -> Result<(CostExpr, Vec<PrintedCost>), DslError> {
    if let Some(b) = p
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::cost_bracket)
    {
        return Ok((build_cost(child(&b, Rule::cost)?)?, Vec::new()));
    }
    let b = child(p, Rule::act_cost)?;
    let cost = match b.clone().into_inner().find(|c| c.as_rule() == Rule::cost) {
        Some(c) => build_cost(c)?,
        None => CostExpr {
            span: Span::new(sp(&b).start, sp(&b).start),
            terms: Vec::new(),
            cost: Cost::FREE,
        },
    };
    let cards = b
        .into_inner()
        .filter(|c| c.as_rule() == Rule::card_cost)
        .map(|c| build_card_cost(&c))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((cost, cards))
}

/// Builds a `card_cost` pair.
fn build_card_cost(p: &Pair<'_, Rule>) -> Result<PrintedCost, DslError> {
    let span = sp(p);
    let inner = p
        .clone()
        .into_inner()
        .next()
        .ok_or_else(|| internal(span, "empty card cost"))?;
    let kind = match inner.as_rule() {
        Rule::cc_return_this | Rule::cc_return_this_en => PrintedCostKind::ReturnThis,
        Rule::cc_discard_this | Rule::cc_discard_this_en => PrintedCostKind::DiscardThis,
        Rule::cc_pick | Rule::cc_pick_en | Rule::cc_sacrifice => {
            PrintedCostKind::Pick(build_pick(&inner)?)
        }
        other => return Err(internal(span, &format!("card cost {other:?}"))),
    };
    Ok(PrintedCost { span, kind })
}

/// The other cards of yours a `cc_pick` cost takes.
fn build_pick(p: &Pair<'_, Rule>) -> Result<CostPick, DslError> {
    let span = sp(p);
    let has = |r: Rule| p.clone().into_inner().find(|c| c.as_rule() == r);
    if let Some(side) = has(Rule::side).filter(|s| s.as_str() == "相手の") {
        return Err(DslError::new(
            sp(&side),
            "a cost is paid with your own cards: あなたの",
        ));
    }
    let other = has(Rule::cc_other).is_some() || has(Rule::cc_other_en).is_some();
    let unit = has(Rule::cc_noun).is_some_and(|n| n.as_str().starts_with("ユニット"))
        || has(Rule::cc_noun_en)
            .is_some_and(|n| n.as_str().to_ascii_lowercase().starts_with("unit"));
    let zone = has(Rule::cc_zone)
        .or_else(|| has(Rule::cc_zone_en))
        .or_else(|| has(Rule::cc_field));
    let verb = has(Rule::cc_verb)
        .or_else(|| has(Rule::cc_verb_en))
        .ok_or_else(|| internal(span, "card cost without a verb"))?;
    let v = verb.as_str().to_ascii_lowercase();
    let discard = v == "捨てる" || v == "discard";
    let to = match v.as_str() {
        "除外する" | "remove" => CostDest::Remove,
        "捨てる" | "discard" | "墓地に置く" | "廃棄する" | "sacrifice" => {
            CostDest::Graveyard
        }
        "手札に戻す" | "return" => CostDest::Hand,
        _ => CostDest::Freeze,
    };
    let from = match zone.as_ref().map(|z| z.as_str().to_ascii_lowercase()) {
        Some(z) if z.starts_with("手札") || z.starts_with("hand") => CostFrom::Hand,
        Some(z) if z.starts_with("墓地") || z.starts_with("graveyard") => CostFrom::Graveyard,
        Some(_) => CostFrom::Squares,
        None if discard => CostFrom::Hand,
        None if unit || to == CostDest::Freeze => CostFrom::Squares,
        None => {
            return Err(DslError::new(
                span,
                "say where the cards are: 手札の (hand), 墓地の (graveyard) or スクエアにある (square)",
            ));
        }
    };
    let bad = match (from, to) {
        (f, CostDest::Graveyard) if discard && f != CostFrom::Hand => {
            Some("捨てる (discard) is from the hand: write 墓地に置く for other cards")
        }
        (f, CostDest::Freeze) if f != CostFrom::Squares => {
            Some("only cards in squares are frozen (R5.6): write スクエアにある or ユニット")
        }
        (CostFrom::Hand, CostDest::Hand) => Some("cards in the hand cannot go back to the hand"),
        _ => None,
    };
    if let Some(m) = bad {
        return Err(DslError::new(span, m));
    }
    let count = match has(Rule::cc_count) {
        Some(c) if c.as_str().chars().all(|ch| "XxＸｘ".contains(ch)) => CostCount::X,
        Some(c) => {
            let n = number(&c, MAX_COST_CARDS)?;
            if n == 0 {
                return Err(DslError::new(sp(&c), "a cost takes at least one card"));
            }
            CostCount::N(n as u8)
        }
        None => return Err(internal(span, "card cost without a count")),
    };
    Ok(CostPick {
        other,
        from,
        unit,
        count,
        to,
    })
}

/// Builds a `play_costs` line.
pub(crate) fn build_play_costs(p: &Pair<'_, Rule>) -> Result<PlayCostsLine, DslError> {
    let costs = p
        .clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::card_cost)
        .map(|c| build_card_cost(&c))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(c) = costs.iter().find(|c| c.is_this()) {
        return Err(DslError::new(
            c.span,
            "a card being played cannot pay its additional cost with itself",
        ));
    }
    let _ = child(p, Rule::extra_cost_kw)?;
    Ok(PlayCostsLine { span: sp(p), costs })
}
