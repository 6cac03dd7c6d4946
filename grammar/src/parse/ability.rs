//! Building the recursive core of the syntax tree from the pest tree: an ability, the effect
//! bodies it holds, their sentences, and the clauses that hold abilities again (『…』を得る) or
//! effect bodies (a replacement's そうしたなら). These builders call each other, so they share
//! this file.

use super::clause_terms::{forbidden, instead};
use super::effect_terms::{boost_of, discard, gained_keyword, search, stat, until};
use super::given_replacement::{given_replacement, repl_event};
use super::limits::{MAX_DRAW, MAX_EFFECT_NUMBER};
use super::modifier::build_modifier;
use super::printed_cost::activation_cost;
use super::printed_static::{
    build_cost_per, build_play_forbid, build_play_set, build_self_static, build_self_while,
};
use super::static_line::{build_play, build_static};
use super::subject::{build_subject_any, this_card};
use super::tree::{Rule, child, find, internal, number, sp};
use super::trigger::build_when;
use super::{effect_choices, effect_conditions, grant, optional};
use crate::ast::{
    AbilityLine, Action, ActivatedLine, Choice, Clause, DeckTopDest, DelayWhen, EffectBody,
    EffectSource, Gift, ItemNoun, PutDest, ReplEvent, ReplWho, Replacement, ScriptKind, ScriptRef,
    ScriptedLine, Step, Subject, TriggeredLine, When,
};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::Timing;
use pest::iterators::Pair;

/// An ability: ★, ◆, ● or ☆, written with Lua or as printed.
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
        Rule::play_set => build_play_set(&p).map(AbilityLine::PlaySet),
        Rule::cost_per => build_cost_per(&p).map(AbilityLine::CostPer),
        Rule::play_forbid => build_play_forbid(&p).map(AbilityLine::PlayForbid),
        Rule::self_static => build_self_static(&p).map(AbilityLine::SelfStatic),
        Rule::self_while => build_self_while(&p).map(AbilityLine::SelfStatic),
        Rule::st_bare => build_static(&p).map(AbilityLine::Static),
        Rule::grant_static => grant::group_grant(&p, granted(&p)?).map(AbilityLine::GroupGrant),
        other => Err(internal(span, &format!("unexpected {other:?}"))),
    }
}

/// A `lua:name` reference.
fn build_script_ref(p: &Pair<'_, Rule>) -> Result<ScriptRef, DslError> {
    Ok(ScriptRef {
        name: child(p, Rule::lua_name)?.as_str().to_owned(),
        span: sp(p),
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

/// ◆ a trigger condition as printed, then an effect body.
fn build_triggered(p: &Pair<'_, Rule>) -> Result<TriggeredLine, DslError> {
    let w = p
        .clone()
        .into_inner()
        .find(|c| matches!(c.as_rule(), Rule::trigger_when | Rule::d_switch))
        .ok_or_else(|| internal(sp(p), "no trigger condition"))?;
    let when = match w.as_rule() {
        Rule::d_switch => When::DSwitch,
        _ => build_when(&w)?,
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
                if effect_conditions::fold_from_plan(&c, &mut steps)? {
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
    optional::check(&steps)?;
    Ok(EffectBody { span: sp(p), steps })
}

/// One sentence of an effect body, with its 〜てもよい / そうしたなら marks.
fn build_step(p: &Pair<'_, Rule>) -> Result<Step, DslError> {
    let s = optional::body(p).ok_or_else(|| internal(sp(p), "empty sentence"))?;
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
    if let Some(action) =
        effect_choices::build(&s)?.map_or_else(|| effect_conditions::build(&s), |a| Ok(Some(a)))?
    {
        return Ok(Step {
            span: sp(p),
            action: optional::wrap(p, &s, action)?,
        });
    }
    let action = match s.as_rule() {
        Rule::draw | Rule::draw_en => Action::Draw(amount(MAX_DRAW)? as u8),
        Rule::shuffle_dims | Rule::shuffle_dims_en => Action::ShuffleDimensionDeck,
        Rule::energy_redeal => Action::EnergyThroughDeck,
        Rule::reveal_random => match amount(MAX_DRAW)? {
            0 => return Err(DslError::new(sp(&s), "reveal at least one card")),
            n => Action::RevealRandom(n as u8),
        },
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
            let frozen = s
                .clone()
                .into_inner()
                .any(|c| c.as_rule() == Rule::put_frozen);
            if frozen && dest != PutDest::Energy {
                return Err(DslError::new(
                    sp(&d),
                    "only the energy zone holds frozen cards: エネルギーゾーンにフリーズ状態で置く",
                ));
            }
            Action::Put(
                subject()?,
                if frozen && dest == PutDest::Energy {
                    PutDest::EnergyFrozen
                } else {
                    dest
                },
            )
        }
        Rule::search | Rule::search_en => Action::Search(search(&s)?),
        Rule::move_it | Rule::move_en => Action::Move(subject()?),
        Rule::move_self => super::move_to::move_self(&s)?,
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
        action: optional::wrap(p, &s, action)?,
    })
}

/// Whether `rule` is a clause sentence (built by [`build_clause`]).
fn is_clause(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::rule_replace
            | Rule::rule_forbid
            | Rule::rule_en
            | Rule::delayed
            | Rule::delayed_en
            | Rule::grant
            | Rule::grant_en
            | Rule::control
            | Rule::control_en
            | Rule::counter_it
            | Rule::counter_en
            | Rule::mill
            | Rule::mill_en
            | Rule::boost_gain
            | Rule::boost_gain_en
            | Rule::grant_printed
            | Rule::grant_repl
    )
}

/// A `replacement` (or its `repl_jp` / `repl_en` part).
fn build_replacement(p: &Pair<'_, Rule>) -> Result<Replacement, DslError> {
    let body = find(p, &[Rule::repl_jp, Rule::repl_en]).unwrap_or_else(|| p.clone());
    let who_pair = find(&body, &[Rule::repl_who, Rule::repl_who_en])
        .ok_or_else(|| internal(sp(p), "replacement without a subject"))?;
    let who = match who_pair.as_str().to_ascii_lowercase().as_str() {
        "このカードが" | "このユニットが" | "this card" | "this unit" => ReplWho::This,
        "あなたのカードが" | "your card" => ReplWho::Own,
        "相手のカードが" | "an opponent's card" => ReplWho::Opponent,
        _ => ReplWho::Any,
    };
    let event = find(&body, &[Rule::repl_event, Rule::would_en])
        .ok_or_else(|| internal(sp(p), "replacement without an event"))?;
    let event = repl_event(&event);
    let (instead, optional) = instead(&body)?;
    let payoff = match find(&body, &[Rule::effect]) {
        Some(e) if optional => Some(build_effect(&e)?),
        Some(e) => {
            return Err(DslError::new(
                sp(&e),
                "そうしたなら (if you do) follows an optional replacement: write 〜てもよい (you may)",
            ));
        }
        None => None,
    };
    Ok(Replacement {
        span: sp(p),
        who,
        event,
        instead,
        optional,
        payoff,
    })
}

/// A clause sentence: a turn-long rule, delayed trigger, grant, control change, counter or
/// mill.
fn build_clause(s: &Pair<'_, Rule>) -> Result<Clause, DslError> {
    Ok(match s.as_rule() {
        Rule::rule_replace => {
            let who = match find(s, &[Rule::side]).map(|c| c.as_str()) {
                Some("あなたの" | "自分の") => ReplWho::Own,
                Some(_) => ReplWho::Opponent,
                None => ReplWho::Any,
            };
            let event = if child(s, Rule::rule_event)?.as_str() == "破壊される" {
                ReplEvent::Destroyed
            } else {
                ReplEvent::ToGraveyard
            };
            let (instead, optional) = instead(s)?;
            Clause::RuleReplace(Replacement {
                span: sp(s),
                who,
                event,
                instead,
                optional,
                payoff: None,
            })
        }
        Rule::rule_en => match find(s, &[Rule::repl_en]) {
            Some(r) => {
                let r = build_replacement(&r)?;
                if r.who == ReplWho::This || r.optional || r.payoff.is_some() {
                    return Err(DslError::new(
                        r.span,
                        "a rule for the turn replaces every card's move, always: write a card, your card or an opponent's card, without you may",
                    ));
                }
                Clause::RuleReplace(r)
            }
            None => Clause::RuleForbid(forbidden(s)?),
        },
        Rule::rule_forbid => Clause::RuleForbid(forbidden(s)?),
        Rule::delayed | Rule::delayed_en => {
            let w = find(s, &[Rule::delay_when, Rule::delay_when_en])
                .ok_or_else(|| internal(sp(s), "delayed trigger without a time"))?;
            let when = if matches!(
                w.as_str().to_ascii_lowercase().as_str(),
                "ターン終了時" | "at end of turn"
            ) {
                DelayWhen::EndOfTurn
            } else {
                DelayWhen::YourNextTurn
            };
            Clause::Delayed(when, Box::new(build_step(&child(s, Rule::sentence)?)?))
        }
        Rule::grant_printed => grant::printed_grant(s, granted(s)?)?,
        Rule::grant_repl => given_replacement(s)?,
        Rule::grant | Rule::grant_en => {
            Clause::Grant(until(s)?, build_subject_any(s)?, granted(s)?)
        }
        Rule::boost_gain | Rule::boost_gain_en => {
            let (stat, d) = boost_of(s)?;
            let gift = match gained_keyword(s) {
                Some(k) => Gift::Keyword(k),
                None => Gift::Abilities(granted(s)?),
            };
            Clause::BoostGain(until(s)?, build_subject_any(s)?, stat, d, gift)
        }
        Rule::control | Rule::control_en => Clause::Control(until(s)?, build_subject_any(s)?),
        Rule::counter_it | Rule::counter_en => {
            if let Some(a) = find(s, &[Rule::amount])
                && number(&a, 1)? != 1
            {
                return Err(DslError::new(sp(&a), "a counter names one item: write 1"));
            }
            let noun = find(s, &[Rule::item_noun, Rule::item_en])
                .ok_or_else(|| internal(sp(s), "counter without an item"))?;
            Clause::Counter(
                match noun.as_str().to_ascii_lowercase().as_str() {
                    "ストラテジー" | "strategy" => ItemNoun::Strategy,
                    "移動" | "move" => ItemNoun::Move,
                    _ => ItemNoun::Ability,
                },
                find(s, &[Rule::made]).is_some(),
            )
        }
        Rule::mill | Rule::mill_en => {
            // 「山札の一番上のカード」 is one card; otherwise the amount is written.
            let take = find(s, &[Rule::deck_top_take]).unwrap_or_else(|| s.clone());
            let n = match find(&take, &[Rule::amount]) {
                Some(a) => number(&a, MAX_DRAW)?,
                None => 1,
            };
            if n == 0 {
                return Err(DslError::new(sp(s), "put at least one card"));
            }
            let to = find(s, &[Rule::deck_top_dest]).and_then(|d| d.into_inner().next());
            let dest = match to {
                Some(d) if d.as_rule() == Rule::to_energy => DeckTopDest::Energy,
                Some(d) if d.as_rule() == Rule::to_smash => DeckTopDest::Smash,
                Some(d) if d.as_rule() == Rule::to_remove => DeckTopDest::Remove,
                _ => DeckTopDest::Graveyard,
            };
            Clause::Mill(n as u8, dest)
        }
        other => return Err(internal(sp(s), &format!("clause {other:?}"))),
    })
}

/// The abilities in 『』 of a sentence.
fn granted(s: &Pair<'_, Rule>) -> Result<Vec<AbilityLine>, DslError> {
    s.clone()
        .into_inner()
        .filter(|c| c.as_rule() == Rule::granted)
        .map(|g| {
            let a = g
                .clone()
                .into_inner()
                .find(|c| !matches!(c.as_rule(), Rule::zone_open | Rule::zone_close))
                .ok_or_else(|| internal(sp(&g), "empty 『』"))?;
            build_ability(a)
        })
        .collect()
}
