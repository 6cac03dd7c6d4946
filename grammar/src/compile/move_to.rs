//! A unit put by an effect into a square next to a card, as D0 prints it (A69): the squares
//! offered, and the move.

use super::verbs::put_in_chosen_square;
use crate::ast::{MoveClear, MoveNear, MoveState, MoveTo};
use dzero_core::{CardId, EffectError, Loc, Player, Query, Resolve, Side, Square};

/// The battle squares `unit` may be put into: adjacent (R1.13) to the square of `near`'s card
/// (the ability's card in its last square once it has left, A59), only the one toward the
/// ability controller's opponent when `forward`, and free of the units `clear` names; a unit
/// never shares a square with another of its controller's units (R1.13).
fn squares(
    view: &Query<'_>,
    me: Player,
    src: Option<CardId>,
    unit: CardId,
    to: &MoveTo,
) -> Vec<Square> {
    let at = |c: CardId| match view.loc(c) {
        Loc::Square(s) => Some(s),
        _ => view.last_known(c).map(|l| l.square),
    };
    let from = match to.near {
        MoveNear::Itself => at(unit),
        MoveNear::ThisCard => src.and_then(at),
    };
    let Some(from) = from else {
        return Vec::new();
    };
    let mover = view.controller(unit);
    let ahead = |s: Square| match me {
        Player::One => s.row() > from.row(),
        Player::Two => s.row() < from.row(),
    };
    let free_of = |p: Player, s: Square| view.unit_at(p, s).is_none_or(|c| c == unit);
    from.neighbours()
        .filter(|&s| s.is_battle() && free_of(mover, s))
        .filter(|&s| !to.forward || (s.col() == from.col() && ahead(s)))
        .filter(|&s| match to.clear {
            MoveClear::Implied => true,
            MoveClear::AnyUnit => free_of(Player::One, s) && free_of(Player::Two, s),
            MoveClear::SideUnit(Side::Opponent) => free_of(me.opponent(), s),
            MoveClear::SideUnit(_) => free_of(me, s),
        })
        .collect()
}

/// Puts `unit` into one of its squares, chosen by the ability's controller (asked only with
/// two or more): a unit already in a square keeps its frozen or released state unless the text
/// gives one. Nothing happens when no square qualifies. A square holding an opponent's unit
/// then battles (RE8).
pub(crate) fn move_to(r: &mut Resolve<'_>, unit: CardId, to: &MoveTo) -> Result<(), EffectError> {
    let view = r.view();
    let frozen = match to.state {
        MoveState::Keep => view.frozen(unit),
        MoveState::Frozen => true,
        MoveState::Released => false,
    };
    let squares = squares(&view, r.controller(), r.source(), unit, to);
    put_in_chosen_square(r, unit, &squares, frozen)
}
