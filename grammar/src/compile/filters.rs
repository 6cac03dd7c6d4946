//! The filters of a subject compiled (パワーN以下の, 使用コストがN以下の, 〈種族〉の, 赤の, このカードと隣接する
//! スクエアにある) as plain data, checked against a card's current state.

use crate::ast::{EntryWay, Filter};
use dzero_core::{CardId, Cause, Colour, Loc, Query};

/// The filters of a subject as plain data, checked against a card's current state.
#[derive(Clone, Debug)]
pub(crate) struct Filters {
    power_at_most: Option<i32>,
    cost_at_most: Option<u32>,
    races: Vec<String>,
    /// 種族「A」か種族「B」の: each list needs one of its races.
    any_races: Vec<Vec<String>>,
    colours: Vec<Colour>,
    /// このカードと隣接するスクエアにある: in a square adjacent to the ability's card (R1.13).
    adjacent: bool,
    /// このカードと同じラインにある: in a square of the ability's card's line (R1.12).
    same_line: bool,
    /// 他の: not the ability's own card.
    other: bool,
    /// ダメージを受けている: damage on it.
    damaged: bool,
    /// このターンの間、…でスクエアに置かれた (A48).
    entered: Option<EntryWay>,
}

impl Filters {
    /// The filters of a subject, merged: the lowest bound of each kind, every race and colour.
    pub(crate) fn new(filters: &[Filter]) -> Filters {
        let mut out = Filters {
            power_at_most: None,
            cost_at_most: None,
            races: Vec::new(),
            any_races: Vec::new(),
            colours: Vec::new(),
            adjacent: false,
            same_line: false,
            other: false,
            damaged: false,
            entered: None,
        };
        for f in filters {
            match f {
                Filter::PowerAtMost(n) => {
                    let n = i32::try_from(*n).unwrap_or(i32::MAX);
                    out.power_at_most = Some(out.power_at_most.map_or(n, |o| o.min(n)));
                }
                Filter::CostAtMost(n) => {
                    out.cost_at_most = Some(out.cost_at_most.map_or(*n, |o| o.min(*n)));
                }
                Filter::Race(r) => out.races.push(r.clone()),
                Filter::RaceAny(rs) => out.any_races.push(rs.clone()),
                Filter::Colour(c) => out.colours.push(*c),
                Filter::AdjacentToThis => out.adjacent = true,
                Filter::SameLineAsThis => out.same_line = true,
                Filter::Other => out.other = true,
                Filter::Damaged => out.damaged = true,
                Filter::EnteredThisTurn(w) => out.entered = Some(*w),
            }
        }
        out
    }

    /// Power is the current one (R16); the use cost is the current one after ☆ and ★ cost
    /// changes (Lua's `use_cost`), its total energy with X counted 0; a race matches the printed
    /// race or one of its names separated by ・ or /; adjacency and the line need `me` in a square,
    /// or its last square once it has left (A59: a ● whose cost returns its card to the hand).
    pub(crate) fn accepts(&self, view: &Query<'_>, me: Option<CardId>, card: CardId) -> bool {
        let def = view.def(card);
        let at = |c| match view.loc(c) {
            Loc::Square(s) => Some(s),
            _ => None,
        };
        // A card that has left its square is seen in the square it was in (last-known
        // information: 「このカードがあったスクエアと隣接する…」).
        let mine = me.and_then(|m| at(m).or_else(|| view.last_known(m).map(|l| l.square)));
        let near = || matches!((mine, at(card)), (Some(a), Some(b)) if a.adjacent(b));
        let in_line = || matches!((mine, at(card)), (Some(a), Some(b)) if a.same_line(b));
        // Printed values first: current power and cost ask the ★ effects.
        self.colours.iter().all(|&c| def.colours.contains(c))
            && self
                .races
                .iter()
                .all(|r| def.race == *r || def.race.split(['・', '/']).any(|x| x == r))
            && self.any_races.iter().all(|rs| {
                rs.iter()
                    .any(|r| def.race == *r || def.race.split(['・', '/']).any(|x| x == r))
            })
            && (!self.adjacent || near())
            && (!self.same_line || in_line())
            && (!self.other || me != Some(card))
            && (!self.damaged || view.damage(card) > 0)
            && self
                .entered
                .is_none_or(|w| entered_this_turn(view, card, w))
            && self.power_at_most.is_none_or(|n| view.power(card) <= n)
            && self
                .cost_at_most
                .is_none_or(|n| view.play_cost(card, def.cost).total() <= n)
    }
}

/// Whether `card`, as the object it is now, entered a square this turn `way` (A48): put there
/// by a card's effect, or neither moved nor played.
fn entered_this_turn(view: &Query<'_>, card: CardId, way: EntryWay) -> bool {
    let Some(now) = view.object(card) else {
        return false;
    };
    view.entries_this_turn()
        .iter()
        .filter(|e| e.card == now)
        .any(|e| match (way, e.arrival.cause) {
            (EntryWay::ByEffect, Cause::Effect { card, .. }) => card.is_some(),
            (EntryWay::ByEffect, _) => false,
            (EntryWay::NotMovedNorPlayed, Cause::Moved | Cause::Played(_)) => false,
            (EntryWay::NotMovedNorPlayed, _) => true,
        })
}
