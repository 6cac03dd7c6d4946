//! Building effect bodies (○ lines, sentences and subjects) from the pest tree.

use crate::ast::{Span, Stat};
use crate::ast_effect::Search;
use crate::ast_effect::{
    Action, CardZone, Choice, Discard, EffectBody, Filter, GainedKeyword, Noun, PutDest, SpellLine,
    Step, Subject, TriggeredLine, Until, When,
};
use crate::error::DslError;
use crate::parse_clause::{build_clause, is_clause};
use crate::parser::{Rule, child, internal, number, sp};
use dzero_core::{CardKind, Colour, Side};
use pest::iterators::Pair;

/// Largest number of cards drawn or discarded by one sentence.
pub const MAX_DRAW: u32 = 60;
/// Largest damage, power change or power/cost bound of an effect.
pub const MAX_EFFECT_NUMBER: u32 = 1_000_000;

pub(crate) fn build_spell(p: &Pair<'_, Rule>) -> Result<SpellLine, DslError> {
    Ok(SpellLine {
        span: sp(p),
        body: build_effect(&child(p, Rule::effect)?)?,
    })
}

pub(crate) fn build_triggered(p: &Pair<'_, Rule>) -> Result<TriggeredLine, DslError> {
    let w = p
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::trigger_when | Rule::d_switch))
        .ok_or_else(|| internal(sp(p), "no trigger condition"))?;
    let when = match w.as_rule() {
        Rule::d_switch => When::DSwitch,
        _ => When::from_text(w.as_str()).ok_or_else(|| internal(sp(&w), "trigger condition"))?,
    };
    Ok(TriggeredLine {
        span: sp(p),
        when,
        when_span: sp(&w),
        body: build_effect(&child(p, Rule::effect)?)?,
    })
}

/// Sentences are separated by 。; a verb ending in し (フリーズし, 破壊し, リリースし) is followed
/// by 、 and the next sentence, and only such a verb is.
pub(crate) fn build_effect(p: &Pair<'_, Rule>) -> Result<EffectBody, DslError> {
    let mut steps = Vec::new();
    // The span of a sentence ending in し, waiting for its 、.
    let mut open: Option<Span> = None;
    for c in p.clone().into_inner() {
        match c.as_rule() {
            Rule::sentence => {
                if crate::effect_conditions::fold_from_plan(&c, &mut steps)? {
                    continue;
                }
                steps.push(build_step(&c)?);
                if c.as_str().ends_with('し') {
                    open = Some(sp(&c));
                }
            }
            Rule::comma if open.take().is_none() => {
                return Err(DslError::new(
                    sp(&c),
                    "sentences end with 。; 、 follows only a verb ending in し (フリーズし、)",
                ));
            }
            Rule::period => {
                if let Some(s) = open {
                    return Err(DslError::new(
                        Span::new(s.end, s.end),
                        "a verb ending in し continues with 、 and the next sentence",
                    ));
                }
            }
            _ => {}
        }
    }
    if let Some(s) = open {
        return Err(DslError::new(
            Span::new(s.end, s.end),
            "a verb ending in し continues with 、 and the next sentence",
        ));
    }
    crate::optional::check(&steps)?;
    Ok(EffectBody { span: sp(p), steps })
}

pub(crate) fn build_step(p: &Pair<'_, Rule>) -> Result<Step, DslError> {
    let s = crate::optional::body(p).ok_or_else(|| internal(sp(p), "empty sentence"))?;
    let subject = || -> Result<Subject, DslError> {
        if let Some(x) = s
            .clone()
            .into_inner()
            .find(|c| matches!(c.as_rule(), Rule::sono | Rule::sono_en))
        {
            return Ok(Subject {
                mode: Choice::Same,
                ..this_card(sp(&x))
            });
        }
        build_subject_any(&s)
    };
    let amount = |max: u32| number(&child(&s, Rule::amount)?, max);
    if let Some(action) = crate::effect_choices::build(&s)?
        .map_or_else(|| crate::effect_conditions::build(&s), |a| Ok(Some(a)))?
    {
        return Ok(Step {
            span: sp(p),
            action: crate::optional::wrap(p, &s, action),
        });
    }
    let action = match s.as_rule() {
        Rule::draw | Rule::draw_en => Action::Draw(amount(MAX_DRAW)? as u8),
        Rule::shuffle_dims | Rule::shuffle_dims_en => Action::ShuffleDimensionDeck,
        Rule::discard_it | Rule::discard_en => Action::Discard(discard(&s)?),
        Rule::deal | Rule::deal_en => Action::Damage(subject()?, amount(MAX_EFFECT_NUMBER)?),
        Rule::destroy | Rule::destroy_en => Action::Destroy(subject()?),
        Rule::bounce | Rule::bounce_en => Action::ReturnToHand(subject()?),
        Rule::put_zone | Rule::put_en => {
            let d = s
                .clone()
                .into_inner()
                .find(|c| matches!(c.as_rule(), Rule::dest_jp | Rule::dest_en))
                .ok_or_else(|| internal(sp(&s), "no zone"))?;
            let dest = PutDest::from_text(d.as_str()).ok_or_else(|| internal(sp(&d), "zone"))?;
            Action::Put(subject()?, dest)
        }
        Rule::search | Rule::search_en => Action::Search(search(&s)?),
        Rule::move_it | Rule::move_en => Action::Move(subject()?),
        Rule::put_square | Rule::put_square_en => {
            let frozen = s.clone().into_inner().any(|c| {
                matches!(c.as_rule(), Rule::state_jp | Rule::state_en)
                    && matches!(
                        c.as_str().to_ascii_lowercase().as_str(),
                        "フリーズ状態で" | "frozen"
                    )
            });
            Action::PutIntoSquare(subject()?, frozen)
        }
        Rule::remove_it | Rule::remove_en => Action::Put(subject()?, PutDest::Remove),
        Rule::freeze_it | Rule::freeze_en => Action::Freeze(subject()?),
        Rule::release_it | Rule::release_en => Action::Release(subject()?),
        Rule::boost_after | Rule::boost_en
            if s.clone()
                .into_inner()
                .any(|c| c.as_rule() == Rule::x_number) =>
        {
            let x = child(&s, Rule::x_number)?;
            let per = if x.as_str().chars().count() > 1 {
                1000
            } else {
                1
            };
            let plus = matches!(child(&s, Rule::sign)?.as_str(), "+" | "＋");
            Action::BoostX(
                until(&s)?,
                subject()?,
                stat(&s)?,
                if plus { per } else { -per },
            )
        }
        Rule::boost | Rule::boost_en | Rule::boost_after => {
            let stat = stat(&s)?;
            let n = amount(MAX_EFFECT_NUMBER)? as i32;
            let plus = matches!(child(&s, Rule::sign)?.as_str(), "+" | "＋");
            Action::Boost(until(&s)?, subject()?, stat, if plus { n } else { -n })
        }
        Rule::gain | Rule::gain_en => {
            let k = gained_keyword(&s).ok_or_else(|| internal(sp(&s), "no keyword"))?;
            Action::Gain(until(&s)?, subject()?, k)
        }
        r if is_clause(r) => Action::Clause(build_clause(&s)?),
        other => return Err(internal(sp(&s), &format!("sentence {other:?}"))),
    };
    Ok(Step {
        span: sp(p),
        action: crate::optional::wrap(p, &s, action),
    })
}

/// The keyword a gain sentence names, if any.
pub(crate) fn gained_keyword(s: &Pair<'_, Rule>) -> Option<GainedKeyword> {
    s.clone().into_inner().find_map(|c| match c.as_rule() {
        Rule::accel => Some(GainedKeyword::Accel),
        Rule::haste => Some(GainedKeyword::Haste),
        Rule::hexproof_kw => Some(GainedKeyword::Hexproof),
        _ => None,
    })
}

/// The stat and signed amount of a boost sentence.
pub(crate) fn boost_of(s: &Pair<'_, Rule>) -> Result<(Stat, i32), DslError> {
    let stat = match child(s, Rule::stat)?.as_str().to_ascii_lowercase().as_str() {
        "パワー" | "power" => Stat::Power,
        _ => Stat::Smash,
    };
    let n = number(&child(s, Rule::amount)?, MAX_EFFECT_NUMBER)? as i32;
    let plus = matches!(child(s, Rule::sign)?.as_str(), "+" | "＋");
    Ok((stat, if plus { n } else { -n }))
}

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

/// A discard sentence; ランダムに with 選んで is an error (the two pick differently).
fn discard(s: &Pair<'_, Rule>) -> Result<Discard, DslError> {
    let has = |r: Rule| s.clone().into_inner().find(|c| c.as_rule() == r);
    let opponent = has(Rule::opponent_kw).is_some()
        || has(Rule::discarder).is_some_and(|c| c.as_str() == "相手は");
    let random = has(Rule::at_random).is_some() || has(Rule::at_random_en).is_some();
    if let (true, Some(c)) = (random, has(Rule::chosen_jp)) {
        return Err(DslError::new(
            sp(&c),
            "ランダムに (at random) and 選んで (chosen) contradict: write one",
        ));
    }
    let n = number(&child(s, Rule::amount)?, MAX_DRAW)?;
    if n == 0 {
        return Err(DslError::new(sp(s), "discard at least one card"));
    }
    Ok(Discard {
        opponent,
        count: n as u8,
        random,
    })
}

/// A deck search: filters, a card noun (ユニット alone is an error: a card in the deck is a
/// card) and at least one card.
fn search(s: &Pair<'_, Rule>) -> Result<Search, DslError> {
    let mut filters = Vec::new();
    let mut kind = None;
    for c in s.clone().into_inner() {
        if let Some(f) = filter_of(&c)? {
            filters.push(f);
        } else if matches!(c.as_rule(), Rule::noun | Rule::noun_en) {
            match noun_kind(c.as_str()) {
                Noun::Card(k) => kind = k,
                Noun::Unit | Noun::Base => {
                    return Err(DslError::new(
                        sp(&c),
                        "a card in the deck is a card: write ユニットカード (unit card) or カード",
                    ));
                }
            }
        }
    }
    let n = number(&child(s, Rule::amount)?, MAX_DRAW)?;
    if n == 0 {
        return Err(DslError::new(sp(s), "search for at least one card"));
    }
    Ok(Search {
        filters,
        kind,
        count: n as u8,
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

fn stat(s: &Pair<'_, Rule>) -> Result<Stat, DslError> {
    Ok(
        match child(s, Rule::stat)?.as_str().to_ascii_lowercase().as_str() {
            "パワー" | "power" => Stat::Power,
            _ => Stat::Smash,
        },
    )
}

pub(crate) fn until(s: &Pair<'_, Rule>) -> Result<Until, DslError> {
    let u = s
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::until | Rule::until_en))
        .ok_or_else(|| internal(sp(s), "no duration"))?;
    let t = u.as_str().to_ascii_lowercase();
    Ok(
        if t.starts_with("ターン") || t.ends_with("turn") && !t.contains("next") {
            Until::EndOfTurn
        } else if t.starts_with("バトル") || t.ends_with("battle") {
            Until::EndOfBattle
        } else {
            Until::EndOfYourNextTurn
        },
    )
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
        if mode == Choice::Each && self.zone.is_some() {
            return Err(DslError::new(
                span,
                "すべての (each) is for cards in squares; cards in a zone are chosen as targets",
            ));
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

fn race_text(p: &Pair<'_, Rule>) -> Result<Filter, DslError> {
    let name = p
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::race_name | Rule::race_bare))
        .ok_or_else(|| internal(sp(p), "race without a name"))?;
    let text = name
        .as_str()
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\u{3000}'));
    if text.is_empty() {
        return Err(DslError::new(sp(p), "the race is empty"));
    }
    Ok(Filter::Race(text.to_owned()))
}

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

fn target_count(p: &Pair<'_, Rule>) -> Result<u8, DslError> {
    let n = number(p, dzero_core::MAX_TARGETS as u32)?;
    if n == 0 {
        return Err(DslError::new(sp(p), "at least one target"));
    }
    Ok(n as u8)
}

/// このカード / `this card`: the ability's own card, acted on like a unit.
fn this_card(span: Span) -> Subject {
    Subject {
        span,
        mode: Choice::This,
        side: None,
        zone: None,
        filters: Vec::new(),
        noun: Noun::Unit,
    }
}

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
                if c.as_str() == "あなたの" {
                    Side::Own
                } else {
                    Side::Opponent
                },
                span,
            )?,
            Rule::zone_at => {
                let z = if child(&c, Rule::zone_place)?.as_str() == "墓地" {
                    CardZone::Graveyard
                } else {
                    CardZone::Remove
                };
                parts.zone(z, span)?
            }
            Rule::power_le | Rule::cost_le | Rule::race | Rule::colour_of | Rule::adjacent_me => {
                parts.filters.extend(filter_of(&c)?)
            }
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
