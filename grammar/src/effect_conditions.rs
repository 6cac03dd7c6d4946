//! Effect-level conditions written as printed (issue 11): 「〜なら、…。そうでなければ…」 on the
//! target's state (寒符「リンガリングコールド」) and 「プランゾーンからプレイした場合は代わりに…」
//! on how the card was played (紅符「スカーレット・シュート」, R9.6). The verbs after them act on
//! the subject already named ([`Bare`]).

use crate::ast::{Span, Stat};
use crate::ast_effect::{Action, Choice, Filter, Step, Subject, Until};
use crate::error::DslError;
use crate::parse_effect::{MAX_EFFECT_NUMBER, build_subject_en, build_subject_with};
use crate::parser::{Rule, child, internal, number, sp};
use pest::iterators::Pair;
use std::fmt;

/// 〜なら…。そうでなければ… on the state of the (one) target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IfTarget {
    /// The target the condition reads and the verbs act on.
    pub subject: Subject,
    /// The condition: 使用コストがN以下 (`cost<=N`) or パワーがN以下 (`power<=N`).
    pub test: Filter,
    /// What happens when it holds.
    pub then: Bare,
    /// そうでなければ… / `otherwise …`: what happens when it does not.
    pub otherwise: Option<Bare>,
}

/// A verb acting on a subject named before (破壊する, 8000ダメージを与える, ターン終了時までパワー-2000).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bare {
    /// 破壊する / `destroy it`.
    Destroy,
    /// フリーズする / `freeze it`.
    Freeze,
    /// リリースする / `release it`.
    Release,
    /// Nダメージを与える / `deal N damage`.
    Damage(u32),
    /// UNTILパワーを±Nする / `until …, power ±N`.
    Boost(Until, Stat, i32),
}

impl Bare {
    /// The sentence this verb makes on `s`.
    pub fn on(self, s: &Subject) -> Action {
        let s = s.clone();
        match self {
            Bare::Destroy => Action::Destroy(s),
            Bare::Freeze => Action::Freeze(s),
            Bare::Release => Action::Release(s),
            Bare::Damage(n) => Action::Damage(s, n),
            Bare::Boost(u, stat, d) => Action::Boost(u, s, stat, d),
        }
    }
}

/// Builds the sentences of this file, `None` for other rules.
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
        Rule::choose_act => {
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
            if s.clone()
                .into_inner()
                .any(|c| c.as_rule() == Rule::adjacent_me)
            {
                subject.filters.insert(0, Filter::AdjacentToThis);
            }
            bare(&child(s, Rule::bare_act)?)?.on(&subject)
        }
        _ => return Ok(None),
    }))
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

fn bare(p: &Pair<'_, Rule>) -> Result<Bare, DslError> {
    let v = p
        .clone()
        .into_inner()
        .next()
        .ok_or_else(|| internal(sp(p), "empty verb"))?;
    let amount = || number(&child(&v, Rule::amount)?, MAX_EFFECT_NUMBER);
    Ok(match v.as_rule() {
        Rule::bare_verb => match v.as_str().to_ascii_lowercase().chars().next() {
            Some('破' | 'd') => Bare::Destroy,
            Some('フ' | 'f') => Bare::Freeze,
            _ => Bare::Release,
        },
        Rule::bare_damage => Bare::Damage(amount()?),
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

impl fmt::Display for Bare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bare::Destroy => f.write_str("破壊する"),
            Bare::Freeze => f.write_str("フリーズする"),
            Bare::Release => f.write_str("リリースする"),
            Bare::Damage(n) => write!(f, "{n}ダメージを与える"),
            Bare::Boost(u, stat, d) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                write!(f, "{u}{stat}を{sign}{}する", d.unsigned_abs())
            }
        }
    }
}

/// Canonical Japanese of the sentences of this file.
pub(crate) fn write(a: &Action, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match a {
        Action::IfTarget(c) => (|| {
            write!(f, "{}の", c.subject)?;
            match c.test {
                Filter::PowerAtMost(n) => write!(f, "パワーが{n}以下")?,
                Filter::CostAtMost(n) => write!(f, "使用コストが{n}以下")?,
                _ => {}
            }
            write!(f, "なら{}", c.then)?;
            match c.otherwise {
                Some(o) => write!(f, "。そうでなければ{o}"),
                None => Ok(()),
            }
        })(),
        Action::FromPlan(a, b) => write!(f, "{a}。プランゾーンからプレイした場合は代わりに{b}"),
        _ => return None,
    })
}

/// The readable label of a rule of this file, `None` for the other rules.
pub(crate) fn label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::if_target | Rule::nara => "なら",
        Rule::cond_test | Rule::le_kw => "使用コストがN以下|パワーがN以下",
        Rule::otherwise_kw => "そうでなければ",
        Rule::bare_act | Rule::bare_verb | Rule::bare_damage | Rule::bare_boost => {
            "破壊する|フリーズする|リリースする|Nダメージを与える|ターン終了時までパワー±N"
        }
        Rule::from_plan | Rule::from_plan_kw => "プランゾーンからプレイした場合は代わりに",
        Rule::if_target_en | Rule::if_kw => "if",
        Rule::cost_word_en => "cost",
        Rule::otherwise_en => "otherwise",
        Rule::from_plan_en | Rule::from_plan_kw_en => "if played from the plan zone, instead",
        Rule::power_word_en => "power",
        Rule::choose_act => "選び、",
        Rule::adjacent_me => "このカードと隣接するスクエアにある",
        Rule::adjacent_mod_en => "adjacent",
        _ => return None,
    })
}
