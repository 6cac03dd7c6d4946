//! Building ★ lines about other cards and rules and ☆ lines from the pest tree.

use super::condition::{build_condition, build_group, place_word, side_word};
use super::cost::colour;
use super::limits::{
    MAX_EFFECT_NUMBER, MAX_ENERGY, MAX_POWER_DELTA, MAX_SMASH_DELTA, MAX_SMASH_LOSS,
};
use super::subject::noun_kind;
use super::tree::{Rule, child, find, internal, number, sp};
use crate::ast::{CostChange, GroupPlace, Noun, PlayKind, PlayLine, Stat, StaticKind, StaticLine};
use crate::error::DslError;
use dzero_core::{CardKind, DamageKind, Side, Timing};
use pest::iterators::Pair;

/// A ★ line about other cards or rules.
pub(crate) fn build_static(p: &Pair<'_, Rule>) -> Result<StaticLine, DslError> {
    let body = find(
        p,
        &[
            Rule::st_group_line,
            Rule::st_group_line_en,
            Rule::st_this,
            Rule::st_this_en,
            Rule::st_no_play,
            Rule::st_no_play_en,
            Rule::st_no_release,
            Rule::st_no_release_en,
            Rule::st_smash_loss,
            Rule::st_smash_loss_en,
        ],
    )
    .ok_or_else(|| internal(sp(p), "★ line without a body"))?;
    let kind = match body.as_rule() {
        Rule::st_group_line | Rule::st_group_line_en => group_line(&body)?,
        Rule::st_this | Rule::st_this_en => this_line(&body)?,
        Rule::st_no_play | Rule::st_no_play_en => no_play(&body)?,
        Rule::st_no_release | Rule::st_no_release_en => no_release(&body)?,
        _ => StaticKind::SmashLoss(number(&child(&body, Rule::amount)?, MAX_SMASH_LOSS)?),
    };
    Ok(StaticLine {
        span: sp(p),
        while_in_square: find(p, &[Rule::st_while]).is_some(),
        kind,
    })
}

/// A ☆ line: a play or cost modifier, with its board condition if any.
pub(crate) fn build_play(p: &Pair<'_, Rule>) -> Result<PlayLine, DslError> {
    let condition = match find(p, &[Rule::board_cond, Rule::board_cond_en]) {
        Some(c) => Some(build_condition(&c)?),
        None => None,
    };
    let body = find(
        p,
        &[
            Rule::play_cost,
            Rule::play_cost_en,
            Rule::play_timing,
            Rule::play_timing_en,
        ],
    )
    .ok_or_else(|| internal(sp(p), "☆ line without a body"))?;
    let kind = match body.as_rule() {
        Rule::play_cost | Rule::play_cost_en => PlayKind::OwnCost(cost_change(&body)?),
        _ => PlayKind::Timing {
            timing: timing_of(&body)?,
            also: find(&body, &[Rule::play_also, Rule::play_also_en]).is_some(),
        },
    };
    Ok(PlayLine {
        span: sp(p),
        condition,
        kind,
    })
}

/// GROUPのパワー±N, GROUPの使用コストは…, GROUPが受けるダメージを±Nする,
/// GROUPはこのカードに隣接するスクエアに移動できない (and their ASCII spellings).
fn group_line(p: &Pair<'_, Rule>) -> Result<StaticKind, DslError> {
    let group = build_group(
        &find(p, &[Rule::st_group, Rule::st_group_en])
            .ok_or_else(|| internal(sp(p), "line without cards"))?,
    )?;
    if find(p, &[Rule::st_no_move, Rule::st_no_move_en]).is_some() {
        return Ok(StaticKind::NoMoveNextToThis(group));
    }
    if let Some(stat) = find(p, &[Rule::stat]) {
        let stat = if matches!(
            stat.as_str().to_ascii_lowercase().as_str(),
            "パワー" | "power"
        ) {
            Stat::Power
        } else {
            Stat::Smash
        };
        let max = match stat {
            Stat::Power => MAX_POWER_DELTA,
            Stat::Smash => MAX_SMASH_DELTA,
        };
        let n = number(&child(p, Rule::amount)?, max)? as i32;
        return Ok(StaticKind::Stat(group, stat, if plus(p)? { n } else { -n }));
    }
    if find(p, &[Rule::st_takes, Rule::st_take_en]).is_some() {
        let n = number(&child(p, Rule::amount)?, MAX_EFFECT_NUMBER)? as i32;
        let up = match find(p, &[Rule::st_less_more_en]) {
            Some(w) => w.as_str().eq_ignore_ascii_case("more"),
            None => plus(p)?,
        };
        return Ok(StaticKind::Damage(group, if up { n } else { -n }));
    }
    let change = match find(p, &[Rule::st_cost_change]) {
        Some(c) => cost_change(&c)?,
        None => cost_change(p)?,
    };
    Ok(StaticKind::UseCost(group, change))
}

/// Whether the `sign` child of `p` is +.
fn plus(p: &Pair<'_, Rule>) -> Result<bool, DslError> {
    Ok(matches!(child(p, Rule::sign)?.as_str(), "+" | "＋"))
}

/// An energy term and 少なくなる/多くなる (`less`/`more`) under `p`.
fn cost_change(p: &Pair<'_, Rule>) -> Result<CostChange, DslError> {
    let energy = child(p, Rule::energy)?;
    let col = colour(&child(&energy, Rule::colour)?)?;
    let Some(amount) = find(&energy, &[Rule::amount]) else {
        return Err(DslError::new(
            sp(&energy),
            "a cost changes by a number of energy, not X: e.g. 無1",
        ));
    };
    let n = number(&amount, MAX_ENERGY)?;
    if n == 0 {
        return Err(DslError::new(
            sp(&amount),
            "change the cost by at least 1 energy",
        ));
    }
    let how = find(p, &[Rule::st_less_more, Rule::st_less_more_en])
        .ok_or_else(|| internal(sp(p), "cost change without a direction"))?;
    let less = matches!(
        how.as_str().to_ascii_lowercase().as_str(),
        "少なくなる" | "less"
    );
    Ok(CostChange {
        colour: col,
        delta: if less { -(n as i32) } else { n as i32 },
    })
}

/// このカードは… (and `this card …`).
fn this_line(p: &Pair<'_, Rule>) -> Result<StaticKind, DslError> {
    let what = p
        .clone()
        .into_inner()
        .find(|c| !matches!(c.as_rule(), Rule::st_this_kw | Rule::st_this_kw_en))
        .ok_or_else(|| internal(sp(p), "このカードは without a predicate"))?;
    Ok(match what.as_rule() {
        Rule::st_no_damage | Rule::st_no_damage_en => {
            StaticKind::NoDamageFrom(DamageKind::Strategy)
        }
        Rule::st_untargetable | Rule::st_untargetable_en => {
            StaticKind::Untargetable(match find(&what, &[Rule::side, Rule::side_en]) {
                Some(s) => side_word(s.as_str()),
                None => Side::Any,
            })
        }
        Rule::st_diagonal | Rule::st_diagonal_en => StaticKind::MoveDiagonally,
        Rule::st_own_smash | Rule::st_own_smash_en => StaticKind::SmashFromOwnArea,
        Rule::st_timing_here | Rule::st_timing_here_en => StaticKind::PlayTiming(timing_of(&what)?),
        other => return Err(internal(sp(&what), &format!("predicate {other:?}"))),
    })
}

/// 相手は中央エリアにユニットをプレイできない / `opponent can't play units in centre area`.
fn no_play(p: &Pair<'_, Rule>) -> Result<StaticKind, DslError> {
    let who = find(p, &[Rule::st_player, Rule::st_player_en])
        .ok_or_else(|| internal(sp(p), "no player"))?;
    let side = if matches!(
        who.as_str().to_ascii_lowercase().as_str(),
        "相手は" | "opponent"
    ) {
        Side::Opponent
    } else {
        Side::Own
    };
    let noun = find(p, &[Rule::noun, Rule::noun_en]).ok_or_else(|| internal(sp(p), "no noun"))?;
    if noun_kind(noun.as_str()) != Noun::Unit {
        return Err(DslError::new(
            sp(&noun),
            "this prohibition is about units played into squares: write ユニット (units)",
        ));
    }
    let place =
        find(p, &[Rule::st_area, Rule::st_place_en]).ok_or_else(|| internal(sp(p), "no area"))?;
    match place_word(place.as_str()) {
        Some(GroupPlace::Area(a)) => Ok(StaticKind::NoPlay(side, a)),
        _ => Err(DslError::new(
            sp(&place),
            "name an area: in own area, in centre area or in enemy area",
        )),
    }
}

/// 相手のエネルギーゾーンにあるユニットのカードは、相手のリリースフェイズにリリースされない.
fn no_release(p: &Pair<'_, Rule>) -> Result<StaticKind, DslError> {
    let sides: Vec<Pair<'_, Rule>> = p
        .clone()
        .into_inner()
        .filter(|c| matches!(c.as_rule(), Rule::side | Rule::side_en))
        .collect();
    let side = sides
        .first()
        .map(|s| side_word(s.as_str()))
        .ok_or_else(|| internal(sp(p), "no side"))?;
    if let Some(second) = sides.get(1)
        && side_word(second.as_str()) != side
    {
        return Err(DslError::new(
            sp(second),
            "cards are released in their owner's release phase (R4.2): name the same player twice",
        ));
    }
    let noun = find(p, &[Rule::st_card_kind, Rule::noun_en])
        .ok_or_else(|| internal(sp(p), "no card kind"))?;
    let text = noun.as_str().replace("のカード", "カード");
    let kind = match noun_kind(&text) {
        Noun::Unit => Some(CardKind::Unit),
        Noun::Base => Some(CardKind::Base),
        Noun::Card(k) => k,
    };
    Ok(StaticKind::NoRelease(side, kind))
}

/// The timing of a `st_timing_word` or `timing_word` child of `p`.
pub(crate) fn timing_of(p: &Pair<'_, Rule>) -> Result<Timing, DslError> {
    let w = find(p, &[Rule::st_timing_word, Rule::timing_word])
        .ok_or_else(|| internal(sp(p), "no timing"))?;
    let t = w.as_str().to_ascii_lowercase();
    Ok(if t.starts_with("バトル") || t == "battle" {
        Timing::Battle
    } else if t.starts_with("クイック") || t == "quick" {
        Timing::Quick
    } else {
        Timing::Normal
    })
}
