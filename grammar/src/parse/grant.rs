//! Building abilities granted as printed from the pest tree: 「…を1枚選び、ターン終了時まで以下の
//! 能力を与える。『…』」 (a grant clause) and 「★ …すべてのあなたのユニットに以下の能力を与える。
//! 『…』」 (a group grant). The abilities in 『』 come built by `ability.rs`.

use super::condition::build_group;
use super::effect_conditions::chosen_subject;
use super::effect_terms::until;
use super::subject::build_subject_with;
use super::tree::{Rule, child, find, internal, number, sp};
use crate::ast::{AbilityLine, Clause, GroupGrantLine};
use crate::error::DslError;
use pest::iterators::Pair;

/// 「以下のNつの能力を与える」 names as many abilities as follow in 『』.
fn check_count(p: &Pair<'_, Rule>, abilities: usize) -> Result<(), DslError> {
    let Some(c) = find(p, &[Rule::grant_count]) else {
        return Ok(());
    };
    let n = number(&child(&c, Rule::amount)?, 9)?;
    if n as usize != abilities {
        return Err(DslError::new(
            sp(&c),
            format!("{n}つの names {n} abilities, but {abilities} follow in 『』"),
        ));
    }
    Ok(())
}

/// A `grant_printed` sentence: the chosen targets, or the units named, gain the abilities
/// until the duration ends.
pub(crate) fn printed_grant(
    s: &Pair<'_, Rule>,
    abilities: Vec<AbilityLine>,
) -> Result<Clause, DslError> {
    check_count(s, abilities.len())?;
    let who = find(s, &[Rule::grant_chosen, Rule::grant_to])
        .ok_or_else(|| internal(sp(s), "grant without a subject"))?;
    let subject = match who.as_rule() {
        Rule::grant_chosen => chosen_subject(&who)?,
        _ => build_subject_with(&child(&who, Rule::subject)?, false)?,
    };
    Ok(Clause::Grant(until(s)?, subject, abilities))
}

/// A `grant_static` line: the group and its abilities.
pub(crate) fn group_grant(
    p: &Pair<'_, Rule>,
    abilities: Vec<AbilityLine>,
) -> Result<GroupGrantLine, DslError> {
    check_count(p, abilities.len())?;
    Ok(GroupGrantLine {
        span: sp(p),
        group: build_group(&child(p, Rule::grant_group)?)?,
        abilities,
    })
}
