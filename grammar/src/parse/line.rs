//! Parsing one line of card text or one cost: the entry points, and the lines that are no
//! single ability (keywords, 盟約, zone effects, ○ effects, additional costs).

use super::ability::{build_ability, build_effect, timing};
use super::cost::build_cost;
use super::formation::build_formation;
use super::labels::convert_error;
use super::printed_cost::build_play_costs;
use super::tree::{DslParser, Rule, child, children, find, internal, sp};
use crate::ast::{
    CostExpr, Covenant, CovenantWrapper, Line, Name, SpellLine, ZoneEffect, ZoneName,
};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::Cost;
use pest::Parser;
use pest::iterators::Pair;

/// Parses a cost such as `青2 無3`, `黒1 無1 廃棄`, `U2 C3`, `無X フリーズ` or `0`.
pub fn parse_cost(text: &str) -> Result<Cost, DslError> {
    parse_cost_expr(text).map(|c| c.cost)
}

/// Parses a cost and keeps its terms and spans.
pub fn parse_cost_expr(text: &str) -> Result<CostExpr, DslError> {
    let top = parse_rule(Rule::cost_line, text)?;
    let cost = child(&top, Rule::cost)?;
    build_cost(cost)
}

/// Parses one line of card text: a keyword (加速, 速攻, 隊列召喚, 盟約, a zone effect) or an
/// ability (★ modifier, ● activated, ★/◆ pointing to Lua).
pub fn parse_line(text: &str) -> Result<Line, DslError> {
    let top = parse_rule(Rule::line, text)?;
    let body = top
        .into_inner()
        .find(|p| p.as_rule() != Rule::EOI)
        .ok_or_else(|| internal(Span::new(0, text.len()), "empty line tree"))?;
    build_line(body)
}

/// The parse tree of `text` read as `rule`; a syntax error says what was expected.
fn parse_rule(rule: Rule, text: &str) -> Result<Pair<'_, Rule>, DslError> {
    let mut pairs = DslParser::parse(rule, text).map_err(|e| convert_error(text, e))?;
    pairs
        .next()
        .ok_or_else(|| internal(Span::new(0, text.len()), "no parse tree"))
}

/// A whole line from its body pair.
fn build_line(body: Pair<'_, Rule>) -> Result<Line, DslError> {
    let span = sp(&body);
    match body.as_rule() {
        Rule::accel => Ok(Line::Accel(span)),
        Rule::haste => Ok(Line::Haste(span)),
        Rule::formation => build_formation(&body).map(Line::Formation),
        Rule::covenant => build_covenant(&body).map(Line::Covenant),
        Rule::covenant_zone => build_covenant_zone(&body).map(Line::Covenant),
        Rule::zone_effect => build_zone_effect(&body).map(Line::Zone),
        Rule::spell | Rule::bare_spell => build_spell(&body).map(Line::Spell),
        Rule::play_costs => build_play_costs(&body).map(Line::PlayCosts),
        _ => build_ability(body).map(Line::Ability),
    }
}

/// ○ a strategy's effect written as printed.
fn build_spell(p: &Pair<'_, Rule>) -> Result<SpellLine, DslError> {
    Ok(SpellLine {
        span: sp(p),
        marked: p.as_rule() == Rule::spell,
        body: build_effect(&child(p, Rule::effect)?)?,
    })
}

/// 盟約―<「A」+「B」>\[cost\].
fn build_covenant(p: &Pair<'_, Rule>) -> Result<Covenant, DslError> {
    let names = children(p, Rule::card_name)
        .iter()
        .map(build_name)
        .collect::<Result<Vec<_>, _>>()?;
    let [a, b]: [Name; 2] = names
        .try_into()
        .map_err(|_| internal(sp(p), "盟約 without two names"))?;
    let cost = build_cost(child(&child(p, Rule::cost_bracket)?, Rule::cost)?)?;
    Ok(Covenant {
        span: sp(p),
        a,
        b,
        cost,
        wrapper: None,
    })
}

/// ●○○ゾーン効果『盟約―…』《timing》: the 盟約 with the zone and timing of its wrapper.
fn build_covenant_zone(p: &Pair<'_, Rule>) -> Result<Covenant, DslError> {
    let kw = child(p, Rule::zone_kw)?;
    let timing_pair = child(p, Rule::timing)?;
    let mut c = build_covenant(&child(p, Rule::covenant)?)?;
    c.span = sp(p);
    c.wrapper = Some(CovenantWrapper {
        zone: zone_name(&kw)?,
        zone_span: sp(&kw),
        timing: timing(&timing_pair)?,
        timing_span: sp(&timing_pair),
    });
    Ok(c)
}

/// A card name in 「」 or "".
fn build_name(p: &Pair<'_, Rule>) -> Result<Name, DslError> {
    let inner = p
        .clone()
        .into_inner()
        .find(|c| {
            matches!(
                c.as_rule(),
                Rule::jp_name | Rule::ascii_name | Rule::bare_name
            )
        })
        .ok_or_else(|| internal(sp(p), "card name without text"))?;
    let text = inner
        .as_str()
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\u{3000}'));
    if text.is_empty() {
        return Err(DslError::new(sp(p), "the card name is empty"));
    }
    Ok(Name {
        text: text.to_owned(),
        span: sp(p),
    })
}

/// ○○ゾーン効果『ability』.
fn build_zone_effect(p: &Pair<'_, Rule>) -> Result<ZoneEffect, DslError> {
    let kw = child(p, Rule::zone_kw)?;
    let zone_span = sp(&kw);
    let zone = zone_name(&kw)?;
    let ability = p
        .clone()
        .into_inner()
        .find(|c| {
            matches!(
                c.as_rule(),
                Rule::activated
                    | Rule::triggered
                    | Rule::scripted
                    | Rule::modifier
                    | Rule::replacement
                    | Rule::static_line
                    | Rule::play_line
                    | Rule::play_set
                    | Rule::cost_per
                    | Rule::play_forbid
                    | Rule::self_static
                    | Rule::grant_static
            )
        })
        .ok_or_else(|| internal(sp(p), "zone effect without an ability"))?;
    // ●プランゾーン効果『[無0]《ノーマル》…』: the ● printed before the zone word marks the
    // activated ability inside; ◆プランゾーン効果『ターン開始時、…』 the triggered one.
    if let Some(mark) = find(p, &[Rule::zone_act]) {
        let triggered = mark.as_str() == "◆";
        if triggered && ability.as_rule() != Rule::triggered {
            return Err(DslError::new(
                sp(&mark),
                "◆ before the zone effect marks a triggered ability: write its condition in 『』",
            ));
        }
        if !triggered && ability.as_rule() != Rule::activated {
            return Err(DslError::new(
                sp(&mark),
                "● before the zone effect marks an activated ability: write [cost]《timing》 in 『』",
            ));
        }
    }
    Ok(ZoneEffect {
        span: sp(p),
        zone,
        zone_span,
        ability: build_ability(ability)?,
    })
}

/// The zone of a `zone_kw` pair.
fn zone_name(kw: &Pair<'_, Rule>) -> Result<ZoneName, DslError> {
    let word = kw
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::zone_name | Rule::zone_ascii))
        .ok_or_else(|| internal(sp(kw), "zone keyword without a zone"))?;
    Ok(match word.as_str().to_ascii_lowercase().as_str() {
        "墓地" | "graveyard" => ZoneName::Graveyard,
        "手札" | "hand" => ZoneName::Hand,
        "プラン" | "plan" => ZoneName::Plan,
        "エネルギー" | "energy" => ZoneName::Energy,
        "スマッシュ" | "smash" => ZoneName::Smash,
        "リムーブ" | "remove" => ZoneName::Remove,
        other => return Err(internal(sp(kw), &format!("zone '{other}'"))),
    })
}
