//! Building ★ lines about other cards, ☆ lines and board conditions from the pest tree.

use crate::ast::Stat;
use crate::ast_condition::{BoardCondition, ConditionKind, Group, GroupPlace};
use crate::ast_effect::{Filter, Noun};
use crate::ast_static::{CostChange, PlayKind, PlayLine, StaticKind, StaticLine};
use crate::error::DslError;
use crate::parse_effect::{MAX_EFFECT_NUMBER, filter_of, noun_kind};
use crate::parser::{
    MAX_ENERGY, MAX_POWER_DELTA, MAX_SMASH_DELTA, Rule, child, colour, internal, number, sp,
};
use dzero_core::{Area, CardKind, DamageKind, Side, Timing};
use pest::iterators::Pair;

/// Largest smash-zone count of 「…N枚になるまで敗北しない」.
pub const MAX_SMASH_LOSS: u32 = 99;
/// Largest unit count of a condition 「…がN体以上」.
pub const MAX_CONDITION_COUNT: u32 = 20;

/// The first child of `p` with one of `rules`.
fn find<'i>(p: &Pair<'i, Rule>, rules: &[Rule]) -> Option<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .find(|c| rules.contains(&c.as_rule()))
}

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
fn timing_of(p: &Pair<'_, Rule>) -> Result<Timing, DslError> {
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

fn side_word(s: &str) -> Side {
    if matches!(s.to_ascii_lowercase().as_str(), "あなたの" | "own" | "your") {
        Side::Own
    } else {
        Side::Opponent
    }
}

/// A place of a group: 同じラインの…, 敵軍エリア, `in this line`, `in enemy area`.
fn place_word(s: &str) -> Option<GroupPlace> {
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
fn build_group(p: &Pair<'_, Rule>) -> Result<Group, DslError> {
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

/// The readable label of a ★/☆ line rule, `None` for the other rules.
pub(crate) fn static_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::static_line => "★",
        Rule::play_line | Rule::play_mark => "☆",
        Rule::st_group_line | Rule::st_group | Rule::st_group_line_en | Rule::st_group_en => {
            "cards such as 相手のユニット|同じラインのあなたのユニット"
        }
        Rule::st_cost_change | Rule::st_use_cost => "使用コストは",
        Rule::st_less_more => "少なくなる|多くなる",
        Rule::st_less_more_en => "less|more",
        Rule::st_takes => "が受けるダメージを",
        Rule::st_no_move => "このカードに隣接するスクエアに移動できない",
        Rule::st_cost_en => "costs",
        Rule::st_take_en => "take",
        Rule::st_no_move_en => "can't move next to this card",
        Rule::st_place | Rule::st_line_place | Rule::st_area_place => {
            "a place 同じラインにある|敵軍エリアのスクエアにある"
        }
        Rule::st_area => "an area 自軍エリア|中央エリア|敵軍エリア",
        Rule::st_square_at => "のスクエアにある",
        Rule::st_race | Rule::st_race_name => "a race メイデンの",
        Rule::st_place_en => "in this line|in own area|in centre area|in enemy area",
        Rule::st_this | Rule::st_this_kw => "このカードは",
        Rule::st_this_en | Rule::st_this_kw_en => "this card",
        Rule::st_no_damage | Rule::st_damage_source => "ストラテジー",
        Rule::st_no_damage_end => "から受けるダメージを受けない",
        Rule::st_untargetable | Rule::st_target_end => "カードの対象にならない",
        Rule::st_diagonal => "斜めに移動できる",
        Rule::st_own_smash => "自軍エリアからスマッシュできる",
        Rule::st_timing_here | Rule::st_timing_word => {
            "a timing バトルタイミング|クイックタイミング|ノーマルタイミング"
        }
        Rule::st_can_play => "でプレイできる",
        Rule::st_no_damage_en => "takes no damage from strategies",
        Rule::st_untargetable_en | Rule::st_target_by_en => "can't be targeted by",
        Rule::st_cards_en => "cards",
        Rule::st_diagonal_en => "can move diagonally",
        Rule::st_own_smash_en => "can smash from own area",
        Rule::st_timing_here_en | Rule::st_played_at_en => "can be played at",
        Rule::st_timing_kw_en => "timing",
        Rule::st_no_play | Rule::st_player => "あなたは|相手は",
        Rule::st_cannot_play => "プレイできない",
        Rule::st_no_play_en | Rule::st_player_en => "opponent|you",
        Rule::st_cant_play_en => "can't play",
        Rule::st_no_release => "あなたの|相手の",
        Rule::st_energy_at => "エネルギーゾーンにある",
        Rule::st_card_kind => "ユニットのカード|カード",
        Rule::st_release_end => "リリースフェイズにリリースされない",
        Rule::st_no_release_en => "own|opponent",
        Rule::st_in_energy_en => "in energy zone",
        Rule::st_not_released_en => "aren't released in their release phase",
        Rule::st_smash_loss | Rule::st_you => "あなたは",
        Rule::st_smash_cards => "スマッシュゾーンのカードが",
        Rule::st_until_lose => "枚になるまで敗北しない",
        Rule::st_smash_loss_en | Rule::st_dont_lose_en => "you don't lose until",
        Rule::st_smash_cards_en => "cards in smash zone",
        Rule::play_cost | Rule::play_this_cost => "このカードの使用コストは",
        Rule::play_timing => "このカードは",
        Rule::play_also => "でもプレイできる",
        Rule::play_cost_en | Rule::play_timing_en => "this card",
        Rule::play_also_en => "can also be played at",
        Rule::board_cond | Rule::cond_exists | Rule::cond_in_battle | Rule::cond_at_least => {
            "a condition バトルスペースに…がある|…がN体以上"
        }
        Rule::cond_is_there => "がある",
        Rule::cond_ga => "が",
        Rule::cond_or_more => "以上",
        Rule::cond_if => "なら",
        Rule::cond_if_en => "if",
        Rule::board_cond_en | Rule::cond_exists_en | Rule::cond_there_is_en => "there is",
        Rule::cond_at_least_en | Rule::cond_you_have_en => "there are",
        Rule::cond_or_more_en => "or more",
        _ => return None,
    })
}
