//! Building 「〜てもよい」 (you may) and 「そうしたなら、…」 (if you do) from the pest tree: the
//! sentence they mark, its condition (「…ならば、」), and the check that そうしたなら follows an
//! optional sentence.

use super::printed_static::build_sentence_condition;
use super::tree::Rule;
use crate::ast::{Action, Step};
use crate::error::DslError;
use crate::span::Span;
use pest::iterators::Pair;

/// The sentence's own rule: the first child that is not a そうしたなら / `you may` marker or a
/// condition.
pub(crate) fn body<'i>(p: &Pair<'i, Rule>) -> Option<Pair<'i, Rule>> {
    p.clone().into_inner().find(|c| {
        !matches!(
            c.as_rule(),
            Rule::if_done | Rule::may_en | Rule::comma | Rule::sent_cond
        )
    })
}

/// `action` wrapped as the sentence `p` marks it: 〜てもよい / `you may` make it optional, a
/// condition (「…ならば、」) makes it happen only while that holds, そうしたなら / `if you do` make
/// it depend on the optional sentence before.
pub(crate) fn wrap(
    p: &Pair<'_, Rule>,
    body: &Pair<'_, Rule>,
    action: Action,
) -> Result<Action, DslError> {
    let has = |r: Rule| p.clone().into_inner().any(|c| c.as_rule() == r);
    let may = has(Rule::may_en)
        || body.as_str().ends_with("てもよい")
        || body.as_str().ends_with("てよい");
    let action = if may {
        Action::May(Box::new(action))
    } else {
        action
    };
    let action = match p
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::sent_cond)
    {
        Some(c) => Action::If(build_sentence_condition(&c)?, Box::new(action)),
        None => action,
    };
    Ok(if has(Rule::if_done) {
        Action::IfDone(Box::new(action))
    } else {
        action
    })
}

/// A そうしたなら sentence follows an optional one (or another そうしたなら sentence).
pub(crate) fn check(steps: &[Step]) -> Result<(), DslError> {
    let mut prev: Option<&Action> = None;
    for s in steps {
        if matches!(s.action, Action::IfDone(_))
            && !matches!(prev, Some(Action::May(_) | Action::IfDone(_)))
        {
            return Err(DslError::new(
                Span::new(s.span.start, s.span.start),
                "そうしたなら (if you do) follows a sentence ending in 〜てもよい (you may)",
            ));
        }
        prev = Some(&s.action);
    }
    Ok(())
}
