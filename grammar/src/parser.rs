//! The pest parser and the conversion of its parse tree into the typed AST.

use crate::ast::{
    AbilityLine, ActivatedLine, Amount, Condition, CostExpr, CostTerm, CostTermKind, Covenant,
    CovenantWrapper, EffectSource, Formation, FormationKind, Line, Modifier, Name, Place,
    ScriptKind, ScriptRef, ScriptedLine, Span, Stat, ZoneEffect, ZoneName,
};
use crate::ast_formation::FormationSquares;
use crate::costs_printed::{PrintedCost, build_card_cost, build_play_costs};
use crate::error::DslError;
use crate::labels::convert_error;
use crate::parse_clause::build_replacement;
use crate::parse_effect::{build_effect, build_spell, build_triggered};
use crate::parse_static::{build_play, build_static};
use dzero_core::{Area, Colour, Cost, Line as BoardLine, Timing, XEnergy};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "dsl.pest"]
pub(crate) struct DslParser;

/// Largest amount of one energy term.
pub const MAX_ENERGY: u32 = 99;
/// Largest power change of a ★ modifier.
pub const MAX_POWER_DELTA: u32 = 1_000_000;
/// Largest smash change of a ★ modifier.
pub const MAX_SMASH_DELTA: u32 = 99;

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

fn parse_rule(rule: Rule, text: &str) -> Result<Pair<'_, Rule>, DslError> {
    let mut pairs = DslParser::parse(rule, text).map_err(|e| convert_error(text, e))?;
    pairs
        .next()
        .ok_or_else(|| internal(Span::new(0, text.len()), "no parse tree"))
}

pub(crate) fn internal(span: Span, what: &str) -> DslError {
    DslError::new(span, format!("internal DSL error: {what}"))
}

// --------------------------------------------------------------------------------- tree --

pub(crate) fn sp(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

/// The first child of `p` with rule `rule`.
pub(crate) fn child<'i>(p: &Pair<'i, Rule>, rule: Rule) -> Result<Pair<'i, Rule>, DslError> {
    p.clone()
        .into_inner()
        .find(|c| c.as_rule() == rule)
        .ok_or_else(|| internal(sp(p), &format!("{rule:?} has no {rule:?} child")))
}

/// The children of `p` with rule `rule`.
fn children<'i>(p: &Pair<'i, Rule>, rule: Rule) -> Vec<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .filter(|c| c.as_rule() == rule)
        .collect()
}

fn build_line(body: Pair<'_, Rule>) -> Result<Line, DslError> {
    let span = sp(&body);
    match body.as_rule() {
        Rule::accel => Ok(Line::Accel(span)),
        Rule::haste => Ok(Line::Haste(span)),
        Rule::formation => build_formation(&body).map(Line::Formation),
        Rule::covenant => build_covenant(&body).map(Line::Covenant),
        Rule::covenant_zone => build_covenant_zone(&body).map(Line::Covenant),
        Rule::zone_effect => build_zone_effect(&body).map(Line::Zone),
        Rule::spell => build_spell(&body).map(Line::Spell),
        Rule::play_costs => build_play_costs(&body).map(Line::PlayCosts),
        _ => build_ability(body).map(Line::Ability),
    }
}

fn build_formation(p: &Pair<'_, Rule>) -> Result<Formation, DslError> {
    if let Ok(named) = child(p, Rule::formation_named) {
        return build_named_formation(p, &named);
    }
    let kind_pair = child(p, Rule::formation_kind)?;
    let kind_span = sp(&kind_pair);
    let kind = FormationKind::from_name(kind_pair.as_str()).ok_or_else(|| {
        let known: Vec<String> = FormationKind::ALL
            .iter()
            .map(|k| format!("{} ({})", k.name(), k.ascii()))
            .collect();
        DslError {
            span: kind_span,
            message: format!(
                "unknown 隊列召喚 kind '{}'; known kinds: {}",
                kind_pair.as_str(),
                known.join(", ")
            ),
            expected: FormationKind::ALL
                .iter()
                .map(|k| k.name().to_owned())
                .collect(),
        }
    })?;
    let cost = build_cost(child(&child(p, Rule::cost_bracket)?, Rule::cost)?)?;
    Ok(Formation {
        span: sp(p),
        kind,
        name: None,
        kind_span,
        cost,
    })
}

/// 隊列召喚―鶴翼<a1+c1→b2>[無2]: the squares named on the card.
fn build_named_formation(
    p: &Pair<'_, Rule>,
    named: &Pair<'_, Rule>,
) -> Result<Formation, DslError> {
    let squares: Vec<(&str, Span)> = children(named, Rule::sq_name)
        .iter()
        .map(|s| (s.as_str(), sp(s)))
        .collect();
    let Some((&dest, required)) = squares.split_last() else {
        return Err(internal(sp(named), "formation without squares"));
    };
    let name = child(named, Rule::formation_kind).ok();
    if let Some(n) = &name
        && FormationKind::from_name(n.as_str()).is_some()
    {
        return Err(DslError::new(
            sp(n),
            format!(
                "{} is a built-in kind with its own squares: give this formation another name",
                n.as_str()
            ),
        ));
    }
    Ok(Formation {
        span: sp(p),
        kind: FormationKind::Squares(FormationSquares::parse(required, dest)?),
        name: name.as_ref().map(|n| n.as_str().to_owned()),
        kind_span: sp(named),
        cost: build_cost(child(&child(p, Rule::cost_bracket)?, Rule::cost)?)?,
    })
}

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

fn build_name(p: &Pair<'_, Rule>) -> Result<Name, DslError> {
    let inner = p
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::jp_name | Rule::ascii_name))
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
            )
        })
        .ok_or_else(|| internal(sp(p), "zone effect without an ability"))?;
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

/// The timing of a `timing` pair.
pub(crate) fn timing(timing_pair: &Pair<'_, Rule>) -> Result<Timing, DslError> {
    let word = child(timing_pair, Rule::timing_word)?;
    Ok(match word.as_str().to_ascii_lowercase().as_str() {
        "ノーマル" | "normal" => Timing::Normal,
        "クイック" | "quick" => Timing::Quick,
        "バトル" | "battle" => Timing::Battle,
        other => return Err(internal(sp(&word), &format!("timing '{other}'"))),
    })
}

pub(crate) fn build_ability(p: Pair<'_, Rule>) -> Result<AbilityLine, DslError> {
    let span = sp(&p);
    match p.as_rule() {
        Rule::activated => {
            let (cost, card_costs) = activation_cost(&p)?;
            let timing_pair = child(&p, Rule::timing)?;
            let timing = timing(&timing_pair)?;
            Ok(AbilityLine::Activated(ActivatedLine {
                span,
                cost,
                card_costs,
                timing,
                timing_span: sp(&timing_pair),
                effect: match p.clone().into_inner().find(|c| c.as_rule() == Rule::effect) {
                    Some(e) => EffectSource::Text(build_effect(&e)?),
                    None => EffectSource::Lua(build_script_ref(&child(&p, Rule::script_ref)?)?),
                },
            }))
        }
        Rule::scripted => {
            let kind = if p
                .clone()
                .into_inner()
                .any(|c| c.as_rule() == Rule::trigger_mark)
            {
                ScriptKind::Triggered
            } else {
                ScriptKind::Static
            };
            Ok(AbilityLine::Scripted(ScriptedLine {
                span,
                kind,
                script: build_script_ref(&child(&p, Rule::script_ref)?)?,
            }))
        }
        Rule::modifier => build_modifier(&p).map(AbilityLine::Modifier),
        Rule::triggered => build_triggered(&p).map(AbilityLine::Triggered),
        Rule::replacement => build_replacement(&p).map(AbilityLine::Replacement),
        Rule::static_line => build_static(&p).map(AbilityLine::Static),
        Rule::play_line => build_play(&p).map(AbilityLine::Play),
        other => Err(internal(span, &format!("unexpected {other:?}"))),
    }
}

/// The cost of a ● line: energy terms, and the costs paid with cards of an `act_cost`.
fn activation_cost(p: &Pair<'_, Rule>) -> Result<(CostExpr, Vec<PrintedCost>), DslError> {
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

fn build_script_ref(p: &Pair<'_, Rule>) -> Result<ScriptRef, DslError> {
    Ok(ScriptRef {
        name: child(p, Rule::lua_name)?.as_str().to_owned(),
        span: sp(p),
    })
}

fn build_modifier(p: &Pair<'_, Rule>) -> Result<Modifier, DslError> {
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

/// The value of a run of ASCII or full-width digits, at most `max`.
pub(crate) fn number(p: &Pair<'_, Rule>, max: u32) -> Result<u32, DslError> {
    let too_big = || DslError::new(sp(p), format!("the number is too large (at most {max})"));
    p.as_str().chars().try_fold(0u32, |acc, c| {
        let d = c
            .to_digit(10)
            .or_else(|| ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32))
            .ok_or_else(|| internal(sp(p), "digit"))?;
        acc.checked_mul(10)
            .and_then(|v| v.checked_add(d))
            .filter(|&v| v <= max)
            .ok_or_else(too_big)
    })
}

/// Colour of a colour token; `None` for colourless (無 / C).
pub(crate) fn colour(p: &Pair<'_, Rule>) -> Result<Option<Colour>, DslError> {
    Ok(match p.as_str().to_ascii_lowercase().as_str() {
        "赤" | "r" => Some(Colour::Red),
        "黒" | "b" => Some(Colour::Black),
        "青" | "u" => Some(Colour::Blue),
        "白" | "w" => Some(Colour::White),
        "緑" | "g" => Some(Colour::Green),
        "無" | "c" => None,
        other => return Err(internal(sp(p), &format!("colour '{other}'"))),
    })
}

fn colour_symbol(c: Option<Colour>) -> &'static str {
    c.map_or("無", Colour::symbol)
}

/// Builds a cost from a `cost` pair, checking repeated terms and the single X.
fn build_cost(p: Pair<'_, Rule>) -> Result<CostExpr, DslError> {
    let span = sp(&p);
    let mut terms: Vec<CostTerm> = Vec::new();
    let mut cost = Cost::FREE;
    for t in p.into_inner() {
        let tspan = sp(&t);
        let kind = match t.as_rule() {
            Rule::free => CostTermKind::Free,
            Rule::discard => CostTermKind::Discard,
            Rule::freeze | Rule::freeze_this => CostTermKind::Freeze,
            Rule::lone_x => CostTermKind::Energy {
                colour: None,
                amount: Amount::X,
            },
            Rule::energy => {
                let c = colour(&child(&t, Rule::colour)?)?;
                let amount = match t.clone().into_inner().find(|i| i.as_rule() == Rule::amount) {
                    Some(a) => {
                        let n = number(&a, MAX_ENERGY)?;
                        Amount::N(u8::try_from(n).map_err(|_| internal(sp(&a), "amount"))?)
                    }
                    None => Amount::X,
                };
                CostTermKind::Energy { colour: c, amount }
            }
            other => return Err(internal(tspan, &format!("cost term {other:?}"))),
        };
        let repeated = terms.iter().any(|old| same_slot(old.kind, kind));
        if repeated {
            return Err(DslError::new(tspan, repeat_message(kind)));
        }
        match kind {
            CostTermKind::Free => {}
            CostTermKind::Discard => cost.discard_self = true,
            CostTermKind::Freeze => cost.freeze_self = true,
            CostTermKind::Energy {
                colour,
                amount: Amount::N(n),
            } => match colour {
                Some(c) => cost = cost.and(c, n),
                None => cost = cost.and_colourless(n),
            },
            CostTermKind::Energy {
                colour,
                amount: Amount::X,
            } => {
                cost.x = Some(match colour {
                    Some(c) => XEnergy::Colour(c),
                    None => XEnergy::Colourless,
                })
            }
        }
        terms.push(CostTerm { kind, span: tspan });
    }
    Ok(CostExpr { span, terms, cost })
}

/// Whether two terms fill the same part of a cost (so the second one is a mistake).
fn same_slot(a: CostTermKind, b: CostTermKind) -> bool {
    use CostTermKind::*;
    match (a, b) {
        (Discard, Discard) | (Freeze, Freeze) | (Free, Free) => true,
        (
            Energy {
                amount: Amount::X, ..
            },
            Energy {
                amount: Amount::X, ..
            },
        ) => true,
        (
            Energy {
                colour: c1,
                amount: Amount::N(_),
            },
            Energy {
                colour: c2,
                amount: Amount::N(_),
            },
        ) => c1 == c2,
        _ => false,
    }
}

fn repeat_message(kind: CostTermKind) -> String {
    match kind {
        CostTermKind::Free => "0 appears twice".to_owned(),
        CostTermKind::Discard => "廃棄 appears twice in this cost".to_owned(),
        CostTermKind::Freeze => "フリーズ appears twice in this cost".to_owned(),
        CostTermKind::Energy {
            amount: Amount::X, ..
        } => "only one X is allowed in a cost".to_owned(),
        CostTermKind::Energy { colour, .. } => format!(
            "{} appears twice in this cost; write it once with the total",
            colour_symbol(colour)
        ),
    }
}
