//! Building effect sentences that choose beyond the cards in squares from the pest tree: a
//! card of your hand, a target player, a target battle square.

use super::limits::{MAX_DRAW, MAX_EFFECT_NUMBER};
use super::subject::filter_of;
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Action, Filter, FromZone, HandPut, PutDest, PutFrom, SquareDamage};
use crate::error::DslError;
use dzero_core::{CardKind, Side};
use pest::iterators::Pair;

/// Builds a sentence choosing beyond the cards in squares, `None` for other rules.
pub(crate) fn build(s: &Pair<'_, Rule>) -> Result<Option<Action>, DslError> {
    let amount = |max| number(&child(s, Rule::amount)?, max);
    let find = |r: Rule| s.clone().into_inner().find(|c| c.as_rule() == r);
    Ok(Some(match s.as_rule() {
        Rule::hand_put | Rule::hand_put_en => {
            let n = amount(MAX_DRAW)?;
            if n == 0 {
                return Err(DslError::new(sp(s), "choose at least one card"));
            }
            let noun = find(Rule::noun)
                .or_else(|| find(Rule::noun_en))
                .map_or("", |n| n.as_str())
                .to_ascii_lowercase();
            let kind = if noun.starts_with("ユニット") || noun.starts_with("unit") {
                Some(CardKind::Unit)
            } else if noun.starts_with("ストラテジー") || noun.starts_with("strategy") {
                Some(CardKind::Strategy)
            } else if noun.starts_with("ベース") || noun.starts_with("base") {
                Some(CardKind::Base)
            } else {
                None
            };
            let d = find(Rule::dest_jp)
                .or_else(|| find(Rule::dest_en))
                .ok_or_else(|| internal(sp(s), "no zone"))?;
            let dest = PutDest::from_text(d.as_str()).ok_or_else(|| internal(sp(&d), "zone"))?;
            Action::PutFromHand(HandPut {
                kind,
                count: n as u8,
                dest,
            })
        }
        Rule::put_from => Action::PutFrom(put_from(s)?),
        Rule::player_discard | Rule::player_discard_en => {
            let n = amount(MAX_DRAW)?;
            if n == 0 {
                return Err(DslError::new(sp(s), "discard at least one card"));
            }
            Action::PlayerDiscards(n as u8)
        }
        Rule::square_deal | Rule::square_deal_en => {
            let side = find(Rule::side).or_else(|| find(Rule::side_en)).map(|w| {
                match w.as_str().to_ascii_lowercase().as_str() {
                    "あなたの" | "自分の" | "own" | "your" => Side::Own,
                    _ => Side::Opponent,
                }
            });
            Action::SquareDamage(SquareDamage {
                side,
                amount: amount(MAX_EFFECT_NUMBER)?,
            })
        }
        _ => return Ok(None),
    }))
}

/// あなたは自分の手札か墓地にある…ユニットをN枚(まで)選び、…のスクエアに…状態で置く.
fn put_from(s: &Pair<'_, Rule>) -> Result<PutFrom, DslError> {
    let mut out = PutFrom {
        zones: Vec::new(),
        filters: Vec::new(),
        cost_at_most_x_plus: None,
        count: 0,
        up_to: false,
        centre: false,
        frozen: false,
        bind: false,
        target: false,
    };
    for c in s.clone().into_inner() {
        match c.as_rule() {
            Rule::from_zones => {
                for z in c
                    .clone()
                    .into_inner()
                    .filter(|z| z.as_rule() == Rule::from_zone)
                {
                    let zone = match z.as_str() {
                        "手札" => FromZone::Hand,
                        "墓地" => FromZone::Graveyard,
                        _ => FromZone::Plan,
                    };
                    if out.zones.contains(&zone) {
                        return Err(DslError::new(sp(&z), "this zone is named twice"));
                    }
                    out.zones.push(zone);
                }
            }
            Rule::race_any => out.filters.push(Filter::RaceAny(
                c.clone()
                    .into_inner()
                    .filter(|r| r.as_rule() == Rule::race_qname)
                    .map(|r| r.as_str().to_owned())
                    .collect(),
            )),
            Rule::amount => {
                let n = number(&c, MAX_DRAW)?;
                if n == 0 {
                    return Err(DslError::new(sp(&c), "choose at least one unit"));
                }
                out.count = n as u8;
            }
            Rule::made => out.up_to = true,
            Rule::cost_x_le => {
                let plus = match c.clone().into_inner().find(|n| n.as_rule() == Rule::amount) {
                    Some(n) => number(&n, MAX_EFFECT_NUMBER)?,
                    None => 0,
                };
                out.cost_at_most_x_plus = Some(plus);
            }
            Rule::empty_area => {
                out.centre = c
                    .clone()
                    .into_inner()
                    .any(|a| a.as_rule() == Rule::area_name && a.as_str() == "中央エリア");
            }
            Rule::state_jp => out.frozen = c.as_str() == "フリーズ状態で",
            Rule::bind_this => out.bind = true,
            Rule::target_kw => out.target = true,
            Rule::side => {
                return Err(DslError::new(
                    sp(&c),
                    "the cards come from the controller's own zones: write 自分の before the zones",
                ));
            }
            _ => out.filters.extend(filter_of(&c)?),
        }
    }
    if out.bind && out.count != 1 {
        return Err(DslError::new(
            sp(s),
            "このカードを結合し binds the card to one unit: choose 1枚 (A75)",
        ));
    }
    Ok(out)
}
