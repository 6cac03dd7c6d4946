//! Building board-state conditions (「〜なら」) and the groups of cards they and ★ lines describe
//! without 対象の/すべての from the pest tree.

use super::limits::MAX_CONDITION_COUNT;
use super::subject::{filter_of, noun_kind};
use super::tree::{Rule, child, find, internal, number, sp};
use crate::ast::{BoardCondition, ConditionKind, Filter, Group, GroupPlace, Noun};
use crate::error::DslError;
use dzero_core::{Area, Side};
use pest::iterators::Pair;

/// A board condition: バトルスペースにGROUPがある / GROUPがN体以上.
pub(crate) fn build_condition(p: &Pair<'_, Rule>) -> Result<BoardCondition, DslError> {
    let c = find(
        p,
        &[
            Rule::cond_exists,
            Rule::cond_exists_en,
            Rule::cond_at_least,
            Rule::cond_at_least_en,
        ],
    )
    .ok_or_else(|| internal(sp(p), "condition without a kind"))?;
    let group = build_group(
        &find(&c, &[Rule::st_group, Rule::st_group_en])
            .ok_or_else(|| internal(sp(&c), "condition without cards"))?,
    )?;
    let kind = match c.as_rule() {
        Rule::cond_exists | Rule::cond_exists_en => ConditionKind::Exists(group),
        _ => {
            let amount = child(&c, Rule::amount)?;
            let n = number(&amount, MAX_CONDITION_COUNT)?;
            if n == 0 {
                return Err(DslError::new(
                    sp(&amount),
                    "0 or more always holds: write at least 1",
                ));
            }
            ConditionKind::AtLeast(group, n as u8)
        }
    };
    Ok(BoardCondition { span: sp(p), kind })
}

/// The side a word names: あなたの / `own` / `your`, else the opponent.
pub(crate) fn side_word(s: &str) -> Side {
    if matches!(
        s.to_ascii_lowercase().as_str(),
        "あなたの" | "自分の" | "own" | "your"
    ) {
        Side::Own
    } else {
        Side::Opponent
    }
}

/// A place of a group: 同じラインの…, 敵軍エリア, `in this line`, `in enemy area`.
pub(crate) fn place_word(s: &str) -> Option<GroupPlace> {
    let t = s.to_ascii_lowercase();
    if t.contains("ライン") || t.ends_with("line") {
        return Some(GroupPlace::SameLine);
    }
    Some(GroupPlace::Area(
        if t.starts_with("自軍") || t.ends_with("own area") {
            Area::Own
        } else if t.starts_with("中央") || t.contains("centre") || t.contains("center") {
            Area::Centre
        } else if t.starts_with("敵軍") || t.ends_with("enemy area") {
            Area::Enemy
        } else {
            return None;
        },
    ))
}

/// A group of cards (`st_group` / `st_group_en`): units only.
pub(crate) fn build_group(p: &Pair<'_, Rule>) -> Result<Group, DslError> {
    let mut side = None;
    let mut place = None;
    let mut filters = Vec::new();
    let mut noun = None;
    for c in p.clone().into_inner() {
        let span = sp(&c);
        match c.as_rule() {
            Rule::side | Rule::side_en => {
                if side.replace(side_word(c.as_str())).is_some() {
                    return Err(DslError::new(span, "a subject names whose cards only once"));
                }
            }
            Rule::st_place | Rule::st_place_en => place = place_word(c.as_str()),
            Rule::st_race => {
                let name = child(&c, Rule::st_race_name)?;
                filters.push(Filter::Race(name.as_str().to_owned()));
            }
            Rule::noun | Rule::noun_en => noun = Some((noun_kind(c.as_str()), span)),
            _ => filters.extend(filter_of(&c)?),
        }
    }
    let (noun, noun_span) = noun.ok_or_else(|| internal(sp(p), "group without a noun"))?;
    if noun != Noun::Unit {
        return Err(DslError::new(
            noun_span,
            "a ★ or condition about other cards names units: write ユニット (units)",
        ));
    }
    Ok(Group {
        span: sp(p),
        place,
        side,
        filters,
        noun,
    })
}
