//! Building what an effect sentence acts on from the pest tree: 対象の…N体, すべての…, このカード,
//! and the filters its cards meet (パワーN以下の, 〈種族〉の, 赤の, …), in either spelling.

use super::limits::MAX_EFFECT_NUMBER;
use super::tree::{Rule, child, find, internal, number, sp};
use crate::ast::{CardZone, Choice, EntryWay, Filter, Noun, Subject};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::{CardKind, Colour, Side};
use pest::iterators::Pair;

/// The subject of a sentence, in either spelling.
pub(crate) fn build_subject_any(s: &Pair<'_, Rule>) -> Result<Subject, DslError> {
    let jp = s
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::subject);
    match jp {
        Some(j) => build_subject(&j),
        None => build_subject_en(&child(s, Rule::subject_en)?),
    }
}

/// このユニット / このカード (`this unit` / `this card`), if `p` is that subject.
fn this_subject(p: &Pair<'_, Rule>) -> Option<Subject> {
    let t = p
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::this_card | Rule::this_card_en))?;
    let unit = matches!(
        t.as_str().to_ascii_lowercase().as_str(),
        "このユニット" | "this unit"
    );
    Some(Subject {
        span: sp(p),
        mode: Choice::This,
        side: None,
        zone: None,
        filters: Vec::new(),
        noun: if unit { Noun::Unit } else { Noun::Card(None) },
    })
}

/// The filter a subject or search part states, `None` for other parts.
pub(crate) fn filter_of(c: &Pair<'_, Rule>) -> Result<Option<Filter>, DslError> {
    Ok(Some(match c.as_rule() {
        Rule::power_le | Rule::power_le_en => {
            Filter::PowerAtMost(number(&child(c, Rule::amount)?, MAX_EFFECT_NUMBER)?)
        }
        Rule::cost_le | Rule::cost_le_en => {
            Filter::CostAtMost(number(&child(c, Rule::amount)?, MAX_EFFECT_NUMBER)?)
        }
        Rule::race | Rule::race_en => race_text(c)?,
        Rule::adjacent_me | Rule::adjacent_mod_en => Filter::AdjacentToThis,
        Rule::same_line_me => Filter::SameLineAsThis,
        Rule::other_kw => Filter::Other,
        Rule::damaged_kw => Filter::Damaged,
        Rule::entered_turn => Filter::EnteredThisTurn(
            if child(c, Rule::entered_how)?.as_str() == "カードの効果で" {
                EntryWay::ByEffect
            } else {
                EntryWay::NotMovedNorPlayed
            },
        ),
        Rule::colour_of => {
            let word = child(c, Rule::colour_jp)?;
            Filter::Colour(colour_word(word.as_str()).ok_or_else(|| internal(sp(&word), "colour"))?)
        }
        Rule::colour_en => {
            Filter::Colour(colour_word(c.as_str()).ok_or_else(|| internal(sp(c), "colour"))?)
        }
        _ => return Ok(None),
    }))
}

/// Records a side, zone or filter of a subject; a second side or zone is an error.
struct Parts {
    side: Option<Side>,
    zone: Option<CardZone>,
    filters: Vec<Filter>,
}

impl Parts {
    fn new() -> Parts {
        Parts {
            side: None,
            zone: None,
            filters: Vec::new(),
        }
    }

    fn side(&mut self, side: Side, span: Span) -> Result<(), DslError> {
        if self.side.replace(side).is_some() {
            return Err(DslError::new(span, "a subject names whose cards only once"));
        }
        Ok(())
    }

    fn zone(&mut self, zone: CardZone, span: Span) -> Result<(), DslError> {
        if self.zone.replace(zone).is_some() {
            return Err(DslError::new(span, "a subject names one zone"));
        }
        Ok(())
    }

    /// The finished subject; checks that a zone goes with a card noun and the count with the
    /// mode.
    fn finish(
        self,
        span: Span,
        mode: Choice,
        noun: Noun,
        noun_span: Span,
    ) -> Result<Subject, DslError> {
        match (self.zone, noun) {
            (Some(_), Noun::Unit | Noun::Base) => {
                return Err(DslError::new(
                    noun_span,
                    "a card in a zone is a card: write ユニットカード (unit card) or カード",
                ));
            }
            (None, Noun::Card(_)) => {
                return Err(DslError::new(
                    noun_span,
                    "say where the card is: e.g. あなたの墓地にあるユニットカード (own unit card in graveyard)",
                ));
            }
            _ => {}
        }
        Ok(Subject {
            span,
            mode,
            side: self.side,
            zone: self.zone,
            filters: self.filters,
            noun,
        })
    }
}

/// The race of a `race` / `race_en` filter.
fn race_text(p: &Pair<'_, Rule>) -> Result<Filter, DslError> {
    let name = p
        .clone()
        .into_inner()
        .find(|c| {
            matches!(
                c.as_rule(),
                Rule::race_name | Rule::race_bare | Rule::jp_name
            )
        })
        .ok_or_else(|| internal(sp(p), "race without a name"))?;
    let text = name
        .as_str()
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\u{3000}'));
    if text.is_empty() {
        return Err(DslError::new(sp(p), "the race is empty"));
    }
    Ok(Filter::Race(text.to_owned()))
}

/// The colour a word names (赤, `red`, …).
fn colour_word(s: &str) -> Option<Colour> {
    Some(match s.to_ascii_lowercase().as_str() {
        "赤" | "red" => Colour::Red,
        "黒" | "black" => Colour::Black,
        "青" | "blue" => Colour::Blue,
        "白" | "white" => Colour::White,
        "緑" | "green" => Colour::Green,
        _ => return None,
    })
}

/// The card type a noun names (ユニット, ユニットカード, `unit card`, …).
pub(crate) fn noun_kind(s: &str) -> Noun {
    let t = s.to_ascii_lowercase();
    let t = t.trim_end_matches('s');
    if t == "ユニット" || t == "unit" {
        Noun::Unit
    } else if t == "ベース" || t == "base" {
        Noun::Base
    } else if t.starts_with("ユニット") || t.starts_with("unit") {
        Noun::Card(Some(CardKind::Unit))
    } else if t.starts_with("ストラテジー") || t.starts_with("strategy") {
        Noun::Card(Some(CardKind::Strategy))
    } else if t.starts_with("ベース") || t.starts_with("base") {
        Noun::Card(Some(CardKind::Base))
    } else {
        Noun::Card(None)
    }
}

/// A number of targets: at least one, at most `MAX_TARGETS`.
fn target_count(p: &Pair<'_, Rule>) -> Result<u8, DslError> {
    let n = number(p, dzero_core::MAX_TARGETS as u32)?;
    if n == 0 {
        return Err(DslError::new(sp(p), "at least one target"));
    }
    Ok(n as u8)
}

/// このカード / `this card`: the ability's own card, acted on like a unit.
pub(crate) fn this_card(span: Span) -> Subject {
    Subject {
        span,
        mode: Choice::This,
        side: None,
        zone: None,
        filters: Vec::new(),
        noun: Noun::Unit,
    }
}

/// A subject in Japanese; 対象の… needs a number.
fn build_subject(p: &Pair<'_, Rule>) -> Result<Subject, DslError> {
    build_subject_with(p, false)
}

/// A subject; with `one_if_unsaid`, 対象の… without a number is one target (「対象のユニットの
/// 使用コストが2以下なら」).
pub(crate) fn build_subject_with(
    p: &Pair<'_, Rule>,
    one_if_unsaid: bool,
) -> Result<Subject, DslError> {
    if let Some(s) = this_subject(p) {
        return Ok(s);
    }
    if let Some(t) = p
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::that_one)
    {
        return Ok(Subject {
            span: sp(p),
            mode: Choice::Same,
            side: None,
            zone: None,
            filters: Vec::new(),
            noun: if t.as_str().ends_with("ユニット") {
                Noun::Unit
            } else {
                Noun::Card(None)
            },
        });
    }
    let each = p
        .clone()
        .into_inner()
        .any(|c| matches!(c.as_rule(), Rule::each_kw | Rule::all_kw));
    let mut parts = Parts::new();
    let mut noun = None;
    let mut mode = Choice::Each;
    for c in p.clone().into_inner() {
        let span = sp(&c);
        match c.as_rule() {
            Rule::side => parts.side(
                if c.as_str() != "相手の" {
                    Side::Own
                } else {
                    Side::Opponent
                },
                span,
            )?,
            Rule::zone_at => {
                let z = match child(&c, Rule::zone_place)?.as_str() {
                    "墓地" => CardZone::Graveyard,
                    "エネルギーゾーン" => CardZone::Energy,
                    _ => CardZone::Remove,
                };
                if find(&c, &[Rule::zone_own]).is_some() {
                    parts.side(Side::Own, span)?;
                }
                parts.zone(z, span)?
            }
            Rule::power_le
            | Rule::cost_le
            | Rule::race
            | Rule::colour_of
            | Rule::adjacent_me
            | Rule::same_line_me
            | Rule::other_kw
            | Rule::damaged_kw
            | Rule::entered_turn => parts.filters.extend(filter_of(&c)?),
            Rule::noun => noun = Some((noun_kind(c.as_str()), span)),
            Rule::count => {
                if each {
                    return Err(DslError::new(
                        span,
                        "すべての (each) takes every match: remove the number",
                    ));
                }
                mode = Choice::Target {
                    count: target_count(&child(&c, Rule::amount)?)?,
                    up_to: c.clone().into_inner().any(|m| m.as_rule() == Rule::made),
                };
            }
            _ => {}
        }
    }
    let (noun, noun_span) = noun.ok_or_else(|| internal(sp(p), "subject without a noun"))?;
    if !each && mode == Choice::Each && one_if_unsaid {
        mode = Choice::Target {
            count: 1,
            up_to: false,
        };
    } else if !each && mode == Choice::Each {
        return Err(DslError::new(
            Span::new(noun_span.end, noun_span.end),
            "say how many targets: e.g. 1体 (one), 2体まで (up to two)",
        ));
    }
    parts.finish(sp(p), mode, noun, noun_span)
}

/// A subject in ASCII: `target …`, `each …`, `this card`.
pub(crate) fn build_subject_en(p: &Pair<'_, Rule>) -> Result<Subject, DslError> {
    if let Some(s) = this_subject(p) {
        return Ok(s);
    }
    let each = p.clone().into_inner().any(|c| c.as_rule() == Rule::each_en);
    let up_to = p
        .clone()
        .into_inner()
        .any(|c| c.as_rule() == Rule::up_to_en);
    let mut parts = Parts::new();
    let mut noun = None;
    let mut count = 1;
    for c in p.clone().into_inner() {
        let span = sp(&c);
        match c.as_rule() {
            Rule::amount => count = target_count(&c)?,
            Rule::side_en => parts.side(
                if matches!(c.as_str().to_ascii_lowercase().as_str(), "own" | "your") {
                    Side::Own
                } else {
                    Side::Opponent
                },
                span,
            )?,
            Rule::power_le_en
            | Rule::cost_le_en
            | Rule::race_en
            | Rule::colour_en
            | Rule::adjacent_mod_en => parts.filters.extend(filter_of(&c)?),
            Rule::noun_en => noun = Some((noun_kind(c.as_str()), span)),
            Rule::in_zone_en => {
                let z = if child(&c, Rule::zone_en)?
                    .as_str()
                    .eq_ignore_ascii_case("graveyard")
                {
                    CardZone::Graveyard
                } else {
                    CardZone::Remove
                };
                parts.zone(z, span)?
            }
            _ => {}
        }
    }
    let (noun, noun_span) = noun.ok_or_else(|| internal(sp(p), "subject without a noun"))?;
    let mode = if each {
        Choice::Each
    } else {
        Choice::Target { count, up_to }
    };
    parts.finish(sp(p), mode, noun, noun_span)
}
