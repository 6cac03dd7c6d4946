//! Building effect bodies (○ lines, sentences and subjects) from the pest tree.

use crate::ast::{Span, Stat};
use crate::ast_effect::Search;
use crate::ast_effect::{
    Action, CardZone, Choice, Discard, EffectBody, Filter, GainedKeyword, Noun, PutDest, SpellLine,
    Step, Subject, TriggeredLine, Until, When,
};
use crate::error::DslError;
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
    let w = child(p, Rule::trigger_when)?;
    let when = When::from_text(w.as_str()).ok_or_else(|| internal(sp(&w), "trigger condition"))?;
    Ok(TriggeredLine {
        span: sp(p),
        when,
        when_span: sp(&w),
        body: build_effect(&child(p, Rule::effect)?)?,
    })
}

pub(crate) fn build_effect(p: &Pair<'_, Rule>) -> Result<EffectBody, DslError> {
    let steps = p
        .clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::sentence)
        .map(|s| build_step(&s))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(EffectBody { span: sp(p), steps })
}

fn build_step(p: &Pair<'_, Rule>) -> Result<Step, DslError> {
    let s = p
        .clone()
        .into_inner()
        .next()
        .ok_or_else(|| internal(sp(p), "empty sentence"))?;
    let subject = || -> Result<Subject, DslError> {
        let jp = s
            .clone()
            .into_inner()
            .find(|c| c.as_rule() == Rule::subject);
        match jp {
            Some(j) => build_subject(&j),
            None => build_subject_en(&child(&s, Rule::subject_en)?),
        }
    };
    let amount = |max: u32| number(&child(&s, Rule::amount)?, max);
    let action = match s.as_rule() {
        Rule::draw | Rule::draw_en => Action::Draw(amount(MAX_DRAW)? as u8),
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
        Rule::freeze_it | Rule::freeze_en => Action::Freeze(subject()?),
        Rule::release_it | Rule::release_en => Action::Release(subject()?),
        Rule::boost | Rule::boost_en => {
            let stat = match child(&s, Rule::stat)?
                .as_str()
                .to_ascii_lowercase()
                .as_str()
            {
                "パワー" | "power" => Stat::Power,
                _ => Stat::Smash,
            };
            let n = amount(MAX_EFFECT_NUMBER)? as i32;
            let plus = matches!(child(&s, Rule::sign)?.as_str(), "+" | "＋");
            Action::Boost(until(&s)?, subject()?, stat, if plus { n } else { -n })
        }
        Rule::gain | Rule::gain_en => {
            let k = if s.clone().into_inner().any(|c| c.as_rule() == Rule::accel) {
                GainedKeyword::Accel
            } else {
                GainedKeyword::Haste
            };
            Action::Gain(until(&s)?, subject()?, k)
        }
        other => return Err(internal(sp(&s), &format!("sentence {other:?}"))),
    };
    Ok(Step {
        span: sp(p),
        action,
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

fn until(s: &Pair<'_, Rule>) -> Result<Until, DslError> {
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

fn build_subject(p: &Pair<'_, Rule>) -> Result<Subject, DslError> {
    let each = p.clone().into_inner().any(|c| c.as_rule() == Rule::each_kw);
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
            Rule::power_le | Rule::cost_le | Rule::race | Rule::colour_of => {
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
    if !each && mode == Choice::Each {
        return Err(DslError::new(
            Span::new(noun_span.end, noun_span.end),
            "say how many targets: e.g. 1体 (one), 2体まで (up to two)",
        ));
    }
    parts.finish(sp(p), mode, noun, noun_span)
}

fn build_subject_en(p: &Pair<'_, Rule>) -> Result<Subject, DslError> {
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
            Rule::power_le_en | Rule::cost_le_en | Rule::race_en | Rule::colour_en => {
                parts.filters.extend(filter_of(&c)?)
            }
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

/// The readable label of an effect-body rule, `None` for the other rules.
pub(crate) fn effect_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::spell | Rule::spell_mark => "○",
        Rule::triggered | Rule::trigger_when => {
            "a trigger condition このカードがスクエアに置かれた時|このユニットが破壊された時|このカードがスクエアから墓地に置かれた時|このユニットがスマッシュした時|あなたのメインフェイズの開始時"
        }
        Rule::effect | Rule::sentence => "an effect sentence",
        Rule::period => "。",
        Rule::draw | Rule::draw_cards => "カードを",
        Rule::you_do => "あなたは",
        Rule::draw_end => "枚引く",
        Rule::draw_en | Rule::draw_kw => "draw",
        Rule::cards_en => "cards",
        Rule::deal | Rule::destroy | Rule::bounce | Rule::freeze_it | Rule::release_it => {
            "a subject 対象の…|すべての…"
        }
        Rule::discard_it | Rule::hand_wo => "手札を",
        Rule::discarder => "あなたは|相手は",
        Rule::at_random => "ランダムに",
        Rule::mai => "枚",
        Rule::chosen_jp => "選んで",
        Rule::discard_end => "捨てる",
        Rule::discard_en | Rule::discard_kw => "discard",
        Rule::opponent_kw => "opponent",
        Rule::at_random_en => "at random",
        Rule::ni => "に",
        Rule::damage_end => "ダメージを与える",
        Rule::deal_en | Rule::deal_kw => "deal",
        Rule::damage_kw => "damage",
        Rule::to_kw => "to",
        Rule::wo => "を",
        Rule::destroy_end => "破壊する",
        Rule::destroy_en | Rule::destroy_kw => "destroy",
        Rule::whose_hand => "持ち主の",
        Rule::bounce_end => "手札に戻す",
        Rule::bounce_en | Rule::return_kw => "return",
        Rule::hand_kw => "hand",
        Rule::put_zone | Rule::dest_jp => {
            "a zone リムーブゾーン|スマッシュゾーン|エネルギーゾーン|墓地|デッキの上|デッキの下"
        }
        Rule::put_end => "に置く",
        Rule::put_en | Rule::put_kw => "put",
        Rule::into_kw => "into",
        Rule::dest_en => "a zone remove zone|smash zone|energy zone|graveyard|deck top|deck bottom",
        Rule::put_square | Rule::state_jp => "フリーズ状態で|リリース状態で",
        Rule::square_end => "スクエアに置く",
        Rule::put_square_en => "put",
        Rule::square_en => "a square",
        Rule::state_en => "frozen|released",
        Rule::move_it | Rule::adjacent_sq => "隣接するスクエアに",
        Rule::move_end => "移動する",
        Rule::move_en | Rule::move_kw => "move",
        Rule::adjacent_en => "an adjacent square",
        Rule::search | Rule::deck_from => "デッキから",
        Rule::search_end => "選んで手札に加え、デッキをシャッフルする",
        Rule::search_en | Rule::search_kw => "search",
        Rule::deck_for => "deck for",
        Rule::freeze_end => "フリーズする",
        Rule::release_end => "リリースする",
        Rule::freeze_en => "freeze",
        Rule::release_en | Rule::release_kw => "release",
        Rule::boost | Rule::gain | Rule::until => {
            "a duration ターン終了時まで|バトル終了時まで|次のあなたのターンの終了時まで"
        }
        Rule::boost_en | Rule::gain_en | Rule::until_en => {
            "a duration until end of turn|until end of battle|until end of your next turn"
        }
        Rule::no => "の",
        Rule::suru => "する",
        Rule::comma => "、",
        Rule::wa => "は",
        Rule::gain_end => "を得る",
        Rule::gains_kw => "gains",
        Rule::subject | Rule::target_kw | Rule::each_kw => "a subject 対象の…|すべての…",
        Rule::side => "あなたの|相手の",
        Rule::zone_at | Rule::zone_place => "墓地にある",
        Rule::at_kw => "にある",
        Rule::power_le | Rule::power_kw => "パワーN以下の",
        Rule::cost_le | Rule::cost_kw => "使用コストがN以下の",
        Rule::le_no => "以下の",
        Rule::race | Rule::race_open | Rule::race_kw => "a race 〈…〉の",
        Rule::race_close => "〉",
        Rule::race_name | Rule::race_bare => "a race name",
        Rule::colour_of | Rule::colour_jp => "a colour 赤|黒|青|白|緑",
        Rule::noun => "ユニット|ベース|ユニットカード|カード",
        Rule::count => "a number of targets (1体)",
        Rule::counter => "体|枚",
        Rule::made => "まで",
        Rule::subject_en | Rule::target_en | Rule::up_to_en => "a subject target …|each …",
        Rule::each_en => "each",
        Rule::mod_en | Rule::mod_jp => "a filter",
        Rule::side_en => "own|opponent",
        Rule::power_le_en => "power<=N",
        Rule::cost_le_en => "cost<=N",
        Rule::le_en => "<=",
        Rule::race_en => "a race 〈…〉",
        Rule::colour_en => "a colour red|black|blue|white|green",
        Rule::noun_en => "unit|base|unit card|card",
        Rule::in_zone_en => "in graveyard",
        Rule::zone_en => "graveyard|remove zone",
        _ => return None,
    })
}
