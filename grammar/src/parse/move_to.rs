//! Parses a unit put into a square next to a card (`bare_move`, A69) and the sentence that
//! names the unit first (`move_self`).

use super::subject::build_subject_with;
use super::tree::{Rule, child, sp};
use crate::ast::{Action, Choice, MoveClear, MoveNear, MoveState, MoveTo};
use crate::error::DslError;
use dzero_core::Side;
use pest::iterators::Pair;

/// 「そのユニットと隣接する…スクエアに…置く」 (`p` is a `bare_move`).
pub(crate) fn move_to(p: &Pair<'_, Rule>) -> Result<MoveTo, DslError> {
    let mut to = MoveTo {
        near: MoveNear::ThisCard,
        clear: MoveClear::Implied,
        forward: false,
        state: MoveState::Keep,
    };
    for c in p.clone().into_inner() {
        let t = c.as_str();
        match c.as_rule() {
            Rule::mv_near if t.starts_with("その") => to.near = MoveNear::Itself,
            Rule::mv_clear => {
                to.clear = if t.starts_with("相手") {
                    MoveClear::SideUnit(Side::Opponent)
                } else if t.starts_with("ユニット") {
                    MoveClear::AnyUnit
                } else {
                    MoveClear::SideUnit(Side::Own)
                }
            }
            Rule::mv_forward => to.forward = true,
            Rule::mv_state if t.starts_with("フリーズ") => to.state = MoveState::Frozen,
            Rule::mv_state => to.state = MoveState::Released,
            _ => {}
        }
    }
    Ok(to)
}

/// 「このカードを、このカードに隣接する…スクエアに…置く」 (`p` is a `move_self`); after a chosen
/// subject, そのユニット is that subject.
pub(crate) fn move_self(p: &Pair<'_, Rule>) -> Result<Action, DslError> {
    let subject = build_subject_with(&child(p, Rule::subject)?, false)?;
    let to = move_to(&child(p, Rule::bare_move)?)?;
    if to.near == MoveNear::Itself && subject.mode == Choice::This {
        return Err(DslError::new(
            sp(p),
            "そのユニット names the unit chosen before: write …を1枚選び、そのユニットと隣接する…",
        ));
    }
    Ok(Action::MoveTo(subject, to))
}
