//! Building a replacement given to a chosen unit for a while from the pest tree: 「ターン終了時まで、
//! そのユニットがスクエアから墓地に置かれる時、かわりにゲームから取り除く。」 is the unit gaining
//! the replacement 「このカードが…、かわりに…」 until then (A64).

use super::clause_terms::instead;
use super::effect_terms::until;
use super::subject::{noun_kind, this_card};
use super::tree::{Rule, child, internal, sp};
use crate::ast::{AbilityLine, Choice, Clause, ReplEvent, ReplWho, Replacement, Subject};
use crate::error::DslError;
use crate::span::Span;
use pest::iterators::Pair;

/// The moves a `repl_event` / `would_en` names.
pub(crate) fn repl_event(p: &Pair<'_, Rule>) -> ReplEvent {
    let event = p.as_str().to_ascii_lowercase();
    if event.starts_with("破壊される") || event == "would be destroyed" {
        ReplEvent::Destroyed
    } else if event.starts_with("スクエアから") {
        ReplEvent::FromSquare
    } else {
        ReplEvent::ToGraveyard
    }
}

/// A `grant_repl` sentence: その names the unit the sentence before chose, which gains the
/// replacement until the duration ends.
pub(crate) fn given_replacement(s: &Pair<'_, Rule>) -> Result<Clause, DslError> {
    let sono = child(s, Rule::sono)?;
    let noun = child(s, Rule::noun)?;
    let subject = Subject {
        mode: Choice::Same,
        noun: noun_kind(noun.as_str()),
        ..this_card(Span::new(sp(&sono).start, sp(&noun).end))
    };
    let event = repl_event(&child(s, Rule::repl_event)?);
    let (instead, optional) = instead(s)?;
    if optional {
        return Err(internal(sp(s), "a given replacement always applies"));
    }
    Ok(Clause::Grant(
        until(s)?,
        subject,
        vec![AbilityLine::Replacement(Replacement {
            span: sp(s),
            who: ReplWho::This,
            event,
            instead,
            optional,
            payoff: None,
        })],
    ))
}
