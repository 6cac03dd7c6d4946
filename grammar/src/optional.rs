//! 「〜てもよい」 (you may) and 「そうしたなら、…」 (if you do) in effect bodies: an optional
//! sentence asks its controller yes or no when it runs; a sentence after そうしたなら runs only
//! if the optional sentence before it was done.

use crate::ast::Span;
use crate::ast_effect::{Action, Step};
use crate::error::DslError;
use crate::parser::Rule;
use dzero_core::{Ask, ChoiceOption, EffectError, Resolve};
use pest::iterators::Pair;

/// The answer that does the optional sentence.
pub(crate) const YES: &str = "yes";
/// The answer that skips it.
pub(crate) const NO: &str = "no";

/// The sentence's own rule: the first child that is not a そうしたなら / `you may` marker.
pub(crate) fn body<'i>(p: &Pair<'i, Rule>) -> Option<Pair<'i, Rule>> {
    p.clone()
        .into_inner()
        .find(|c| !matches!(c.as_rule(), Rule::if_done | Rule::may_en | Rule::comma))
}

/// `action` wrapped as the sentence `p` marks it: 〜てもよい / `you may` make it optional,
/// そうしたなら / `if you do` make it depend on the optional sentence before.
pub(crate) fn wrap(p: &Pair<'_, Rule>, body: &Pair<'_, Rule>, action: Action) -> Action {
    let has = |r: Rule| p.clone().into_inner().any(|c| c.as_rule() == r);
    let may = has(Rule::may_en) || body.as_str().ends_with("てもよい");
    let action = if may {
        Action::May(Box::new(action))
    } else {
        action
    };
    if has(Rule::if_done) {
        Action::IfDone(Box::new(action))
    } else {
        action
    }
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

/// The printed form of a sentence made optional: its verb in the 〜てもよい form.
pub(crate) fn may_form(sentence: &str) -> String {
    const FORMS: [(&str, &str); 7] = [
        ("引く", "引いてもよい"),
        ("捨てる", "捨ててもよい"),
        ("与える", "与えてもよい"),
        ("戻す", "戻してもよい"),
        ("置く", "置いてもよい"),
        ("させる", "してもよい"),
        ("する", "してもよい"),
    ];
    for (plain, may) in FORMS {
        if let Some(stem) = sentence.strip_suffix(plain) {
            return format!("{stem}{may}");
        }
    }
    sentence.to_owned()
}

/// Asks the controller whether to do the optional sentence (declining is always allowed) and
/// does it on yes; whether it was done.
pub(crate) fn may(
    r: &mut Resolve<'_>,
    run: impl FnOnce(&mut Resolve<'_>) -> Result<(), EffectError>,
) -> Result<bool, EffectError> {
    let player = r.controller();
    let options = vec![
        ChoiceOption::Label(YES.into()),
        ChoiceOption::Label(NO.into()),
    ];
    let yes = r.choose(player, Ask::MayDo, options)? == Some(0);
    if yes {
        run(r)?;
    }
    Ok(yes)
}
