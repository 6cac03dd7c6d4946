//! Building effect sentences that choose beyond the cards in squares from the pest tree: a
//! card of your hand, a target player, a target battle square.

use super::limits::{MAX_DRAW, MAX_EFFECT_NUMBER};
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Action, HandPut, PutDest, SquareDamage};
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
                    "あなたの" | "own" | "your" => Side::Own,
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
