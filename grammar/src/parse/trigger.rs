//! ◆ trigger conditions read from the pest tree: fixed phrases, arrivals with their subject and
//! provenance, battles, turn ends, and conditions joined by か (`ast/trigger.rs`).

use super::condition::build_group;
use super::tree::{Rule, find, internal, sp};
use crate::ast::{
    Arrival, ArrivalFrom, ArrivalHow, Arriving, Group, GroupWins, Move, MoveZone, Noun, When,
};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::Side;
use pest::iterators::Pair;

/// The condition of a `trigger_when` pair: one, or several joined by か.
pub(crate) fn build_when(p: &Pair<'_, Rule>) -> Result<When, DslError> {
    let mut parts = Vec::new();
    for c in p.clone().into_inner() {
        match c.as_rule() {
            Rule::trig_or | Rule::trig_at => {}
            Rule::trig_arrival => parts.push(When::Arrives(arrival(&c)?)),
            Rule::trig_moved => parts.push(When::Moved(moved(&c)?)),
            Rule::trig_won => parts.push(When::GroupWins(GroupWins {
                group: build_group(
                    &find(&c, &[Rule::st_group]).ok_or_else(|| internal(sp(&c), "group"))?,
                )?,
                at_end: find(&c, &[Rule::won_end]).is_some(),
            })),
            _ if c.as_str().eq_ignore_ascii_case(OPPONENT_UNIT_PUT) => {
                parts.push(When::Arrives(opponent_unit_put(sp(&c))));
            }
            _ => parts.push(
                When::from_text(c.as_str()).ok_or_else(|| internal(sp(&c), "trigger condition"))?,
            ),
        }
    }
    match parts.len() {
        0 => Err(internal(sp(p), "no trigger condition")),
        1 => Ok(parts.remove(0)),
        _ => Ok(When::Either(parts)),
    }
}

/// The ASCII spelling of 相手のユニットがスクエアに置かれた時.
const OPPONENT_UNIT_PUT: &str = "when an opponent's unit is put into a square";

/// 相手のユニットがスクエアに置かれた時: a unit of the opponent arriving from anywhere.
fn opponent_unit_put(span: Span) -> Arrival {
    Arrival {
        who: Arriving::Group(Group {
            span,
            place: None,
            side: Some(Side::Opponent),
            filters: Vec::new(),
            noun: Noun::Unit,
        }),
        from: ArrivalFrom::Any,
        how: ArrivalHow::Any,
        by: None,
        same_line: false,
    }
}

/// …が[FROM][プレイされて|(プレイ以外で)]スクエアに置かれた時.
fn arrival(p: &Pair<'_, Rule>) -> Result<Arrival, DslError> {
    let who = match find(p, &[Rule::st_group]) {
        Some(g) => Arriving::Group(build_group(&g)?),
        None => Arriving::This,
    };
    let from = match find(p, &[Rule::trig_from]) {
        Some(f) => {
            ArrivalFrom::from_text(f.as_str()).ok_or_else(|| internal(sp(&f), "arrival zone"))?
        }
        None => ArrivalFrom::Any,
    };
    let how = if find(p, &[Rule::trig_played]).is_some() {
        ArrivalHow::Played
    } else if find(p, &[Rule::trig_not_played]).is_some() {
        ArrivalHow::NotPlayed
    } else {
        ArrivalHow::Any
    };
    let by =
        find(p, &[Rule::trig_cause]).map(|c| match find(&c, &[Rule::side]).map(|s| s.as_str()) {
            Some("あなたの" | "自分の") => Side::Own,
            Some(_) => Side::Opponent,
            None => Side::Any,
        });
    let same_line = find(p, &[Rule::trig_line]).is_some();
    Ok(Arrival {
        who,
        from,
        how,
        by,
        same_line,
    })
}

/// カードが[あなたの|相手の]AからBに置かれた時.
fn moved(p: &Pair<'_, Rule>) -> Result<Move, DslError> {
    let side = find(p, &[Rule::tm_side]).map(|s| match s.as_str() {
        "あなたの" => Side::Own,
        _ => Side::Opponent,
    });
    let mut zones = p
        .clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::tm_zone);
    let mut zone = || -> Result<MoveZone, DslError> {
        let z = zones.next().ok_or_else(|| internal(sp(p), "zone"))?;
        MoveZone::from_text(z.as_str()).ok_or_else(|| internal(sp(&z), "zone"))
    };
    let from = zone()?;
    let to = zone()?;
    Ok(Move { side, from, to })
}
