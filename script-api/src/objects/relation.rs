//! Built-in relations between a card and an ability's own card (`applies_to = "own_units"`,
//! `card = "self"`), checked in Rust without calling Lua.

use crate::docs::Alias;
use crate::error::misuse;
use crate::objects::args::str_arg;
use dzero_core::{CardId, CardKind, Query, Square};
use mlua::{Lua, Value};

/// A built-in relation between a card and the ability's own card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Relation {
    /// The card itself.
    Me,
    /// Cards of the same controller (owner outside the squares).
    Own,
    /// Cards of the other player.
    Opponent,
    /// Any card.
    Any,
    /// The controller's units in the battle space.
    OwnUnits,
    /// The opponent's units in the battle space.
    OpponentUnits,
    /// All units in the battle space.
    Units,
    /// The controller's units in the same line as this card.
    LineUnits,
    /// Units in squares adjacent to this card's square.
    AdjacentUnits,
}

impl Relation {
    /// Parses a relation name.
    pub(crate) fn parse(name: &str) -> Option<Relation> {
        Some(match name {
            "self" | "me" => Relation::Me,
            "own" | "mine" => Relation::Own,
            "opponent" | "theirs" => Relation::Opponent,
            "any" => Relation::Any,
            "own_units" => Relation::OwnUnits,
            "opponent_units" => Relation::OpponentUnits,
            "units" => Relation::Units,
            "line_units" => Relation::LineUnits,
            "adjacent_units" => Relation::AdjacentUnits,
            _ => return None,
        })
    }
}

/// Reads a relation name.
pub(crate) fn relation(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Relation> {
    let n = str_arg(lua, v, what)?;
    Relation::parse(&n).ok_or_else(|| {
        misuse(
            lua,
            format!(
                "{what}: unknown relation '{n}' (self, own, opponent, any, own_units, \
                 opponent_units, units, line_units, adjacent_units)"
            ),
        )
    })
}

/// Whether `card` matches a built-in `applies_to` / `card =` relation to `me`.
pub(crate) fn relation_holds(v: &Query<'_>, rel: Relation, me: CardId, card: CardId) -> bool {
    if !v.exists(card) || !v.exists(me) {
        return false;
    }
    let unit_in_play =
        || v.def(card).kind == CardKind::Unit && v.square(card).is_some_and(Square::is_battle);
    match rel {
        Relation::Me => card == me,
        Relation::Own => v.controller(card) == v.controller(me),
        Relation::Opponent => v.controller(card) != v.controller(me),
        Relation::Any => true,
        Relation::OwnUnits => v.controller(card) == v.controller(me) && unit_in_play(),
        Relation::OpponentUnits => v.controller(card) != v.controller(me) && unit_in_play(),
        Relation::Units => unit_in_play(),
        Relation::LineUnits => {
            unit_in_play()
                && v.controller(card) == v.controller(me)
                && matches!((v.square(me), v.square(card)), (Some(a), Some(b)) if a.same_line(b))
        }
        Relation::AdjacentUnits => {
            unit_in_play()
                && matches!((v.square(me), v.square(card)), (Some(a), Some(b)) if a.adjacent(b))
        }
    }
}

/// Documents the named type `Relation`.
pub(crate) const RELATION_ALIAS: Alias = (
    "Relation",
    r#""self"|"own"|"opponent"|"any"|"own_units"|"opponent_units"|"units"|"line_units"|"adjacent_units""#,
    "A card's relation to the ability's own card; \"own\" and \"opponent\" compare controllers (owners outside the squares).",
);
