//! 隊列召喚 compiled (R17.10, A23): a ☆ play method from the hand into the squares the
//! formation names (docs/dsl.md, "隊列召喚 kinds").

use super::context::{CompileCtx, unit_only};
use crate::ast::{Formation, FormationKind};
use crate::error::DslError;
use dzero_core::{
    Ability, Area, CardId, PlayMethod, PlayModifier, Query, Square, SquareRule, SquareSet, ZoneSet,
};

/// R17.10, A23: a ☆ play method from the hand, paying the 隊列召喚 cost, into the squares the
/// formation names; RE7 does not apply.
pub(crate) fn formation(f: &Formation, ctx: &CompileCtx) -> Result<Ability, DslError> {
    unit_only(ctx, f.span, "隊列召喚")?;
    Ok(Ability::Play(PlayModifier::Method(PlayMethod {
        name: format!("隊列召喚―{}", f.title()),
        from: ZoneSet::HAND,
        cost: Some(f.cost.cost),
        timing: None,
        squares: Some(formation_rule(f.kind)),
        centre_exempt: true,
        condition: None,
    })))
}

/// The square rule of a formation kind (docs/dsl.md, "隊列召喚 kinds").
pub fn formation_rule(kind: FormationKind) -> SquareRule {
    Box::new(move |view: &Query<'_>, me: CardId| formation_squares(kind, view, me))
}

/// The destination squares of `kind` for the controller of `me` (its owner outside the
/// squares) in the current position.
pub fn formation_squares(kind: FormationKind, view: &Query<'_>, me: CardId) -> SquareSet {
    if !view.exists(me) {
        return SquareSet::NONE;
    }
    let p = view.owner(me);
    let holds = |s: Square| {
        view.field()
            .iter()
            .any(|&c| view.controller(c) == p && view.square(c) == Some(s))
    };
    let own: Vec<Square> = Square::battle_squares()
        .filter(|s| s.area(p) == Some(Area::Own))
        .collect();
    let destinations: Vec<Square> = match kind {
        FormationKind::Column => Square::battle_squares()
            .filter(|s| s.area(p) == Some(Area::Centre))
            .filter(|s| own.iter().any(|&o| o.same_line(*s) && holds(o)))
            .collect(),
        FormationKind::Row => own
            .iter()
            .copied()
            .filter(|&s| own.iter().filter(|&&o| o != s).all(|&o| holds(o)))
            .collect(),
        FormationKind::Centre => {
            if own.iter().all(|&o| holds(o)) {
                vec![Square::battle(1, 1)]
            } else {
                Vec::new()
            }
        }
        FormationKind::Squares(sq) => return sq.destinations(p, holds),
    };
    // A square already holding a card of yours is never a destination (R8.2).
    destinations.into_iter().filter(|&s| !holds(s)).collect()
}
