//! The syntax tree of a unit put by an effect into a square next to another, as D0 prints
//! it: 「そのユニットと隣接する自分のユニットのない前方のバトルスペースのスクエアに
//! リリース/フリーズ状態を変更せずに置く」 (A69).

use dzero_core::Side;
use std::fmt;

/// Which card the new square is next to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveNear {
    /// そのユニットと隣接する: the moved unit's own square.
    Itself,
    /// このカードと隣接する (このカードに隣接する): the ability's card.
    ThisCard,
}

/// Which units the new square must be free of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveClear {
    /// Not written: no unit of the moved unit's controller (R1.13: one unit of each player).
    Implied,
    /// ユニットのない: no unit at all.
    AnyUnit,
    /// 自分のユニットのない / 相手のユニットのない: no unit of that player (seen from the
    /// ability's controller).
    SideUnit(Side),
}

/// How the moved unit stands in its new square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveState {
    /// リリース/フリーズ状態を変更せずに, 向きを変えずに: as it was.
    Keep,
    /// フリーズ状態で.
    Frozen,
    /// リリース状態で, リリースして.
    Released,
}

/// The square a unit is put into: next to `near`, in the battle space, free of `clear`
/// units, the one in front of it when `forward` (前方: toward the opponent of the ability's
/// controller).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveTo {
    /// Which card the square is next to.
    pub near: MoveNear,
    /// Which units the square must be free of.
    pub clear: MoveClear,
    /// 前方の: only the adjacent square toward the opponent.
    pub forward: bool,
    /// How the unit stands there.
    pub state: MoveState,
}

impl fmt::Display for MoveTo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.near {
            MoveNear::Itself => "そのユニットと隣接する",
            MoveNear::ThisCard => "このカードと隣接する",
        })?;
        f.write_str(match self.clear {
            MoveClear::Implied => "",
            MoveClear::AnyUnit => "ユニットのない",
            MoveClear::SideUnit(Side::Opponent) => "相手のユニットのない",
            MoveClear::SideUnit(_) => "自分のユニットのない",
        })?;
        if self.forward {
            f.write_str("前方の")?;
        }
        f.write_str("バトルスペースのスクエアに")?;
        f.write_str(match self.state {
            MoveState::Keep => "リリース/フリーズ状態を変更せずに",
            MoveState::Frozen => "フリーズ状態で",
            MoveState::Released => "リリース状態で",
        })?;
        f.write_str("置く")
    }
}
