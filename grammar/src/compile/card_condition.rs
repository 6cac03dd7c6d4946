//! Printed conditions (「…場合」, 「…ならば」, 「…より少なければ」) compiled once and read by ★ and ☆
//! lines and by effect sentences: about this card, a zone's card count, two zones compared, or
//! the board.

use super::static_line::Condition;
use crate::ast::{CardCondition, CardConditionKind, ZoneCompare, ZoneCount, ZoneName};
use crate::error::DslError;
use dzero_core::{Area, CardId, Player, Query, Side, Zone};

/// A condition compiled.
#[derive(Clone, Debug)]
pub(crate) enum Check {
    InArea(Area),
    Frozen(bool),
    InZone(Zone),
    Count(ZoneCount),
    Board(Condition),
    Compare(ZoneCompare),
}

impl Check {
    /// Compiles a printed condition.
    pub(crate) fn new(c: &CardCondition) -> Result<Check, DslError> {
        Ok(match &c.kind {
            CardConditionKind::ThisInArea(a) => Check::InArea(*a),
            CardConditionKind::ThisFrozen(f) => Check::Frozen(*f),
            CardConditionKind::ThisInZone(z) => Check::InZone(z.zone()),
            CardConditionKind::ZoneCount(n) => Check::Count(*n),
            CardConditionKind::Board(b) => Check::Board(Condition::new(b)?),
            CardConditionKind::Compare(c) => Check::Compare(*c),
        })
    }

    /// Whether it holds for the card `me` of the player `you`.
    pub(crate) fn holds(&self, view: &Query<'_>, me: CardId, you: Player) -> bool {
        match self {
            // R1.11: the area is seen from the card's controller.
            Check::InArea(a) => view.area(me) == Some(*a),
            Check::Frozen(f) => view.square(me).is_some() && view.frozen(me) == *f,
            Check::InZone(z) => view.ability_zone(me) == *z,
            Check::Count(n) => zone_cards(view, you, n.side, n.zone) >= usize::from(n.at_least),
            Check::Board(b) => b.holds(view, me, you),
            // Strictly fewer (少ない) or strictly more (多い): equal counts never hold (A62).
            Check::Compare(c) => {
                let mine = zone_cards(view, you, c.side, c.zone);
                let theirs = zone_cards(view, you, c.other_side, c.other_zone);
                if c.fewer {
                    mine < theirs
                } else {
                    mine > theirs
                }
            }
        }
    }
}

/// The cards in the zone of the player on `side` of `you`.
pub(crate) fn zone_cards(view: &Query<'_>, you: Player, side: Side, zone: ZoneName) -> usize {
    let player = if side == Side::Opponent {
        you.opponent()
    } else {
        you
    };
    view.zone_size(player, zone.zone())
}
