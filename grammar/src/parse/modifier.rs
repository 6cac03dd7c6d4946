//! Building a ★ modifier (★ パワー+1000 (中央エリア)) from the pest tree.

use super::limits::{MAX_POWER_DELTA, MAX_SMASH_DELTA};
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Condition, Modifier, Place, Stat};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::{Area, Line as BoardLine};
use pest::iterators::Pair;

/// A ★ modifier: パワー±N / スマッシュ±N and its place condition, if any.
pub(crate) fn build_modifier(p: &Pair<'_, Rule>) -> Result<Modifier, DslError> {
    let stat_pair = child(p, Rule::stat)?;
    let stat = match stat_pair.as_str() {
        "パワー" => Stat::Power,
        "スマッシュ" => Stat::Smash,
        s if s.eq_ignore_ascii_case("power") => Stat::Power,
        _ => Stat::Smash,
    };
    let sign = child(p, Rule::sign)?;
    let amount = child(p, Rule::amount)?;
    let max = match stat {
        Stat::Power => MAX_POWER_DELTA,
        Stat::Smash => MAX_SMASH_DELTA,
    };
    let n = number(&amount, max)?;
    let n = i32::try_from(n).map_err(|_| internal(sp(&amount), "number"))?;
    let delta = if matches!(sign.as_str(), "+" | "＋") {
        n
    } else {
        -n
    };
    let condition = match p
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::condition)
    {
        Some(c) => Some(Condition {
            place: place(&child(&c, Rule::place)?)?,
            span: sp(&c),
        }),
        None => None,
    };
    Ok(Modifier {
        span: sp(p),
        stat,
        delta,
        delta_span: Span::new(sign.as_span().start(), amount.as_span().end()),
        condition,
    })
}

/// The area or line of a `place` pair.
fn place(p: &Pair<'_, Rule>) -> Result<Place, DslError> {
    Ok(match p.as_str().to_ascii_lowercase().as_str() {
        "自軍エリア" | "自陣" | "own" | "own-area" => Place::Area(Area::Own),
        "中央エリア" | "centre" | "center" | "centre-area" | "center-area" => {
            Place::Area(Area::Centre)
        }
        "敵軍エリア" | "敵陣" | "enemy" | "enemy-area" => Place::Area(Area::Enemy),
        "左ライン" | "left" | "left-line" => Place::Line(BoardLine::Left),
        "中央ライン" | "centre-line" | "center-line" => Place::Line(BoardLine::Centre),
        "右ライン" | "right" | "right-line" => Place::Line(BoardLine::Right),
        other => return Err(internal(sp(p), &format!("place '{other}'"))),
    })
}
