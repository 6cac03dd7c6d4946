//! Building effect-level conditions written as printed from the pest tree: 「〜なら、…。
//! そうでなければ…」 on the target's state, 「プランゾーンからプレイした場合は代わりに…」 folded
//! into the sentence before (R9.6), and the verbs that act on the subject already named.

use super::limits::MAX_EFFECT_NUMBER;
use super::subject::{build_subject_en, build_subject_with};
use super::tree::{Rule, child, internal, number, sp};
use crate::ast::{Action, Bare, Choice, Filter, IfTarget, PutDest, Stat, Step, Subject, Until};
use crate::error::DslError;
use crate::span::Span;
use pest::iterators::Pair;

/// Builds an effect-level condition, or a verb on targets chosen with 選び, `None` for other
/// rules.
pub(crate) fn build(s: &Pair<'_, Rule>) -> Result<Option<Action>, DslError> {
    Ok(Some(match s.as_rule() {
        Rule::if_target | Rule::if_target_en => {
            let subject = match s
                .clone()
                .into_inner()
                .find(|c| c.as_rule() == Rule::subject)
            {
                Some(j) => build_subject_with(&j, true)?,
                None => build_subject_en(&child(s, Rule::subject_en)?)?,
            };
            if !matches!(subject.mode, Choice::Target { count: 1, .. }) {
                return Err(DslError::new(
                    subject.span,
                    "〜なら reads one target: 対象の…1体",
                ));
            }
            let t = child(s, Rule::cond_test)?;
            let n = number(&child(&t, Rule::amount)?, MAX_EFFECT_NUMBER)?;
            let power = t
                .clone()
                .into_inner()
                .any(|c| matches!(c.as_rule(), Rule::power_kw | Rule::power_word_en));
            let test = if power {
                Filter::PowerAtMost(n)
            } else {
                Filter::CostAtMost(n)
            };
            let mut acts = s
                .clone()
                .into_inner()
                .filter(|c| c.as_rule() == Rule::bare_act)
                .map(|c| bare(&c));
            let then = acts
                .next()
                .ok_or_else(|| internal(sp(s), "condition without a verb"))??;
            Action::IfTarget(Box::new(IfTarget {
                subject,
                test,
                then,
                otherwise: acts.next().transpose()?,
            }))
        }
        Rule::choose_act => bare(&child(s, Rule::bare_act)?)?.on(&chosen_subject(s)?),
        _ => return Ok(None),
    }))
}

/// The targets of 「…にある対象のユニットをN枚(まで)選び、」 (`s` holds the subject, its count and
/// where it is).
pub(crate) fn chosen_subject(s: &Pair<'_, Rule>) -> Result<Subject, DslError> {
    let mut subject = build_subject_with(&child(s, Rule::subject)?, true)?;
    let count = child(s, Rule::count)?;
    let n = number(
        &child(&count, Rule::amount)?,
        dzero_core::MAX_TARGETS as u32,
    )?;
    if n == 0 || subject.mode == Choice::Each {
        return Err(DslError::new(
            sp(&count),
            "選び chooses 1体 or more targets",
        ));
    }
    subject.mode = Choice::Target {
        count: n as u8,
        up_to: count
            .clone()
            .into_inner()
            .any(|m| m.as_rule() == Rule::made),
    };
    for c in s.clone().into_inner() {
        match c.as_rule() {
            Rule::adjacent_me => subject.filters.insert(0, Filter::AdjacentToThis),
            Rule::same_line_me => subject.filters.insert(0, Filter::SameLineAsThis),
            _ => {}
        }
    }
    Ok(subject)
}

/// Folds a 「プランゾーンからプレイした場合は代わりに…」 sentence `s` into the step before it;
/// `Ok(false)` when `s` is another sentence.
pub(crate) fn fold_from_plan(s: &Pair<'_, Rule>, steps: &mut Vec<Step>) -> Result<bool, DslError> {
    let Some(inner) = s.clone().into_inner().next() else {
        return Ok(false);
    };
    if !matches!(inner.as_rule(), Rule::from_plan | Rule::from_plan_en) {
        return Ok(false);
    }
    let b = bare(&child(&inner, Rule::bare_act)?)?;
    match steps.pop() {
        Some(prev) if prev.action.subject().is_some() => {
            steps.push(Step {
                span: Span::new(prev.span.start, sp(s).end),
                action: Action::FromPlan(Box::new(prev.action), b),
            });
            Ok(true)
        }
        _ => Err(DslError::new(
            sp(s),
            "代わりに (instead) replaces the sentence before, which names what it acts on",
        )),
    }
}

/// A verb acting on the subject named before.
fn bare(p: &Pair<'_, Rule>) -> Result<Bare, DslError> {
    let v = p
        .clone()
        .into_inner()
        .next()
        .ok_or_else(|| internal(sp(p), "empty verb"))?;
    let amount = || number(&child(&v, Rule::amount)?, MAX_EFFECT_NUMBER);
    Ok(match v.as_rule() {
        Rule::bare_verb => {
            let verb = v.as_str().to_ascii_lowercase();
            let verb = verb.trim_start_matches("持ち主の");
            match verb.chars().next() {
                Some('破' | 'd') => Bare::Destroy,
                Some('フ' | 'f') => Bare::Freeze,
                Some('手') => Bare::ReturnToHand,
                Some('墓') => Bare::Put(PutDest::Graveyard),
                Some('ゲ' | '除' | 'リ') if verb != "リリースする" => {
                    Bare::Put(PutDest::Remove)
                }
                _ => Bare::Release,
            }
        }
        Rule::bare_damage => Bare::Damage(amount()?),
        Rule::bare_move => Bare::MoveTo(super::move_to::move_to(&v)?),
        Rule::bare_boost => {
            let stat = match child(&v, Rule::stat)?
                .as_str()
                .to_ascii_lowercase()
                .as_str()
            {
                "パワー" | "power" => Stat::Power,
                _ => Stat::Smash,
            };
            let n = amount()? as i32;
            let plus = matches!(child(&v, Rule::sign)?.as_str(), "+" | "＋");
            let u = v
                .clone()
                .into_inner()
                .find(|c| matches!(c.as_rule(), Rule::until | Rule::until_en))
                .ok_or_else(|| internal(sp(&v), "no duration"))?;
            let t = u.as_str().to_ascii_lowercase();
            let until = if t.starts_with("ターン") || t == "until end of turn" {
                Until::EndOfTurn
            } else if t.starts_with("バトル") || t.ends_with("battle") {
                Until::EndOfBattle
            } else {
                Until::EndOfYourNextTurn
            };
            Bare::Boost(until, stat, if plus { n } else { -n })
        }
        other => return Err(internal(sp(&v), &format!("verb {other:?}"))),
    })
}
