//! The pest parser generated from `dsl.pest`, `dsl_sentences.pest` and `dsl_printed.pest` (one
//! grammar in three files), and helpers reading its parse tree.

use crate::error::DslError;
use crate::span::Span;
use pest::iterators::Pair;
use pest_derive::Parser;

/// The parser of the card-text grammar; its [`Rule`]s name the grammar's rules.
#[derive(Parser)]
#[grammar = "dsl.pest"]
#[grammar = "dsl_sentences.pest"]
#[grammar = "dsl_printed.pest"]
pub(crate) struct DslParser;

/// An error that the grammar should have made impossible.
pub(crate) fn internal(span: Span, what: &str) -> DslError {
    DslError::new(span, format!("internal DSL error: {what}"))
}

/// The span of a pair.
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
pub(crate) fn children<'i>(p: &Pair<'i, Rule>, rule: Rule) -> Vec<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .filter(|c| c.as_rule() == rule)
        .collect()
}

/// The first child of `p` with one of `rules`.
pub(crate) fn find<'i>(p: &Pair<'i, Rule>, rules: &[Rule]) -> Option<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .find(|c| rules.contains(&c.as_rule()))
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
