//! Building ★ lines about this card and ☆ set lines as D0 prints them, and their conditions,
//! from the pest tree.

use super::condition::{build_condition, side_word};
use super::cost::{build_cost, colour};
use super::limits::{MAX_CONDITION_COUNT, MAX_ENERGY, MAX_POWER_DELTA, MAX_SMASH_DELTA};
use super::static_line::timing_of;
use super::tree::{Rule, child, children, find, internal, number, sp};
use crate::ast::{
    CardCondition, CardConditionKind, CostChange, CostPerLine, PlayForbidLine, PlaySetLine,
    SelfPart, SelfStatic, Stat, ZoneCompare, ZoneCount, ZoneHas, ZoneName,
};
use crate::error::DslError;
use dzero_core::{Area, Colour, Side};
use pest::iterators::Pair;

/// ★ このカードのパワーを+Nする, one part per sentence.
pub(crate) fn build_self_static(p: &Pair<'_, Rule>) -> Result<SelfStatic, DslError> {
    let parts = children(p, Rule::self_part)
        .iter()
        .map(self_part)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SelfStatic { span: sp(p), parts })
}

/// ★ このカードは〜にある限りパワー+N、〜にある限りパワー+M: one part per condition.
pub(crate) fn build_self_while(p: &Pair<'_, Rule>) -> Result<SelfStatic, DslError> {
    let parts = children(p, Rule::while_part)
        .iter()
        .map(|part| {
            let (stat, delta) = stat_change(part)?;
            Ok(SelfPart {
                span: sp(part),
                condition: Some(card_condition(&child(part, Rule::while_cond)?)?),
                stat,
                delta,
                per: None,
            })
        })
        .collect::<Result<Vec<_>, DslError>>()?;
    Ok(SelfStatic { span: sp(p), parts })
}

/// The stat a part changes and by how much (`stat`, `sign`, `amount`).
fn stat_change(p: &Pair<'_, Rule>) -> Result<(Stat, i32), DslError> {
    let stat = if child(p, Rule::stat)?.as_str() == "パワー" {
        Stat::Power
    } else {
        Stat::Smash
    };
    let max = match stat {
        Stat::Power => MAX_POWER_DELTA,
        Stat::Smash => MAX_SMASH_DELTA,
    };
    let n = number(&child(p, Rule::amount)?, max)? as i32;
    let plus = matches!(child(p, Rule::sign)?.as_str(), "+" | "＋");
    Ok((stat, if plus { n } else { -n }))
}

/// One sentence: its condition, the stat, the change and what it counts.
fn self_part(p: &Pair<'_, Rule>) -> Result<SelfPart, DslError> {
    let condition = match find(p, &[Rule::card_cond]) {
        Some(c) => Some(card_condition(&c)?),
        None => None,
    };
    let (stat, delta) = stat_change(p)?;
    let per = match find(p, &[Rule::per_count]) {
        Some(c) => {
            let one = child(&c, Rule::amount)?;
            if number(&one, MAX_CONDITION_COUNT)? != 1 {
                return Err(DslError::new(
                    sp(&one),
                    "a change counts per card: write 1枚につき",
                ));
            }
            Some((
                side_word(child(&c, Rule::side)?.as_str()),
                zone_word(&child(&c, Rule::count_zone)?)?,
            ))
        }
        None => None,
    };
    Ok(SelfPart {
        span: sp(p),
        condition,
        stat,
        delta,
        per,
    })
}

/// ☆ このカードの使用コストを[無0]にし、使用タイミングを《バトル》にする (and its other forms).
pub(crate) fn build_play_set(p: &Pair<'_, Rule>) -> Result<PlaySetLine, DslError> {
    let condition = match find(p, &[Rule::card_cond]) {
        Some(c) => Some(card_condition(&c)?),
        None => None,
    };
    let cost = match find(p, &[Rule::cost_bracket]) {
        Some(b) => Some(build_cost(child(&b, Rule::cost)?)?),
        None => None,
    };
    let timing = match find(p, &[Rule::timing]) {
        Some(t) => Some(timing_of(&t)?),
        None => None,
    };
    Ok(PlaySetLine {
        span: sp(p),
        condition,
        cost,
        timing,
    })
}

/// あなたのスマッシュゾーンのカードの枚数が相手より少なければ: the other zone is the same one
/// when only a player is named.
fn zone_compare(p: &Pair<'_, Rule>) -> Result<ZoneCompare, DslError> {
    let side = side_word(child(p, Rule::side)?.as_str());
    let zone = zone_word(&child(p, Rule::count_zone)?)?;
    let other = child(p, Rule::zcmp_other)?;
    let other_side = if child(&other, Rule::zcmp_side)?
        .as_str()
        .starts_with("あなた")
    {
        Side::Own
    } else {
        Side::Opponent
    };
    let other_zone = match find(&other, &[Rule::count_zone]) {
        Some(z) => zone_word(&z)?,
        None => zone,
    };
    if (side, zone) == (other_side, other_zone) {
        return Err(DslError::new(
            sp(&other),
            "a zone compared with itself: name the other player's zone",
        ));
    }
    Ok(ZoneCompare {
        side,
        zone,
        other_side,
        other_zone,
        fewer: find(p, &[Rule::zcmp_less]).is_some(),
    })
}

/// A condition before an effect sentence: 「…ならば、SENTENCE」.
pub(crate) fn build_sentence_condition(p: &Pair<'_, Rule>) -> Result<CardCondition, DslError> {
    card_condition(&child(p, Rule::card_cond)?)
}

/// A condition: about this card, a zone's card count, a comparison of two, or the board.
fn card_condition(p: &Pair<'_, Rule>) -> Result<CardCondition, DslError> {
    let what = p
        .clone()
        .into_inner()
        .find(|c| c.as_rule() != Rule::this_card_ga)
        .ok_or_else(|| internal(sp(p), "condition without a kind"))?;
    let kind = match what.as_rule() {
        Rule::this_area => {
            let area = child(&what, Rule::st_area)?;
            CardConditionKind::ThisInArea(match area.as_str() {
                "自軍エリア" => Area::Own,
                "中央エリア" => Area::Centre,
                _ => Area::Enemy,
            })
        }
        Rule::this_state => CardConditionKind::ThisFrozen(what.as_str() == "フリーズ状態"),
        Rule::this_zone => {
            CardConditionKind::ThisInZone(zone_word(&child(&what, Rule::count_zone)?)?)
        }
        Rule::zone_count => {
            let amount = child(&what, Rule::amount)?;
            let n = number(&amount, MAX_CONDITION_COUNT)?;
            if n == 0 {
                return Err(DslError::new(
                    sp(&amount),
                    "0 or more always holds: write at least 1",
                ));
            }
            CardConditionKind::ZoneCount(ZoneCount {
                side: side_word(child(&what, Rule::side)?.as_str()),
                zone: zone_word(&child(&what, Rule::count_zone)?)?,
                at_least: n as u8,
            })
        }
        Rule::board_cond => CardConditionKind::Board(build_condition(&what)?),
        Rule::zone_compare => CardConditionKind::Compare(zone_compare(&what)?),
        other => return Err(internal(sp(&what), &format!("condition {other:?}"))),
    };
    Ok(CardCondition { span: sp(p), kind })
}

/// The zone a `count_zone` names.
fn zone_word(p: &Pair<'_, Rule>) -> Result<ZoneName, DslError> {
    Ok(match p.as_str() {
        "スマッシュゾーン" => ZoneName::Smash,
        "墓地" => ZoneName::Graveyard,
        "エネルギーゾーン" => ZoneName::Energy,
        "リムーブゾーン" => ZoneName::Remove,
        "プランゾーン" => ZoneName::Plan,
        "手札" => ZoneName::Hand,
        other => return Err(internal(sp(p), &format!("zone '{other}'"))),
    })
}

/// 「あなたのエネルギーゾーンに青のカードがなければ、あなたはこのカードをプレイできない。」
pub(crate) fn build_play_forbid(p: &Pair<'_, Rule>) -> Result<PlayForbidLine, DslError> {
    let h = child(p, Rule::zone_has)?;
    let colour = match find(&h, &[Rule::colour_of]) {
        Some(c) => Some(colour_word(&child(&c, Rule::colour_jp)?)?),
        None => None,
    };
    Ok(PlayForbidLine {
        span: sp(p),
        when: ZoneHas {
            side: side_word(child(&h, Rule::side)?.as_str()),
            zone: zone_word(&child(&h, Rule::count_zone)?)?,
            colour,
            present: find(&h, &[Rule::zh_some]).is_some(),
        },
    })
}

/// The colour a `colour_jp` names.
fn colour_word(p: &Pair<'_, Rule>) -> Result<Colour, DslError> {
    Ok(match p.as_str() {
        "赤" => Colour::Red,
        "黒" => Colour::Black,
        "青" => Colour::Blue,
        "白" => Colour::White,
        "緑" => Colour::Green,
        other => return Err(internal(sp(p), &format!("colour '{other}'"))),
    })
}

/// ☆ このカードをプレイするにあたり、あなたの…にあるカードN枚につき、支払うべき使用コストを-[無1]してよい。
pub(crate) fn build_cost_per(p: &Pair<'_, Rule>) -> Result<CostPerLine, DslError> {
    let per = child(p, Rule::amount)?;
    let n = number(&per, MAX_CONDITION_COUNT)?;
    if n == 0 {
        return Err(DslError::new(
            sp(&per),
            "count at least 1 card: e.g. 2枚につき",
        ));
    }
    let energy = child(p, Rule::energy)?;
    let Some(amount) = find(&energy, &[Rule::amount]) else {
        return Err(DslError::new(
            sp(&energy),
            "a cost changes by a number of energy, not X: e.g. 無1",
        ));
    };
    let e = number(&amount, MAX_ENERGY)?;
    if e == 0 {
        return Err(DslError::new(
            sp(&amount),
            "change the cost by at least 1 energy",
        ));
    }
    let less = matches!(child(p, Rule::sign)?.as_str(), "-" | "－" | "−");
    Ok(CostPerLine {
        span: sp(p),
        side: side_word(child(p, Rule::side)?.as_str()),
        zone: zone_word(&child(p, Rule::count_zone)?)?,
        per: n,
        change: CostChange {
            colour: colour(&child(&energy, Rule::colour)?)?,
            delta: if less { -(e as i32) } else { e as i32 },
        },
    })
}
