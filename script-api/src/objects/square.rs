//! The `Square` userdata: a battle or base square, its neighbours and the cards in it.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Class, Entry, entry};
use crate::error::unknown_field;
use crate::objects::args::{player_arg, square_arg};
use crate::objects::values::{SquareRef, card_list, card_value, player_value, square_value};
use mlua::{Lua, MetaMethod, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// Registers the `Square` userdata type.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<SquareRef>(move |reg| {
        reg.add_field_method_get("name", |_, s: &SquareRef| Ok(s.0.to_string()));
        reg.add_field_method_get("row", |_, s: &SquareRef| Ok(i64::from(s.0.row()) + 1));
        reg.add_field_method_get("col", |_, s: &SquareRef| Ok(i64::from(s.0.col()) + 1));
        reg.add_field_method_get("is_battle", |_, s: &SquareRef| Ok(s.0.is_battle()));
        reg.add_field_method_get("is_base", |_, s: &SquareRef| Ok(!s.0.is_battle()));
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("owner", move |lua, s: &SquareRef| {
                s.0.base_owner()
                    .map_or(Ok(Value::Nil), |p| player_value(lua, &sh, p))
            });
        }
        reg.add_method("area", |lua, s: &SquareRef, p: Value| {
            let p = player_arg(lua, &p, "square:area(player)")?;
            Ok(s.0.area(p).map(convert::area_name))
        });
        reg.add_method("line", |lua, s: &SquareRef, p: Value| {
            let p = player_arg(lua, &p, "square:line(player)")?;
            Ok(convert::line_name(s.0.line(p)))
        });
        reg.add_method("adjacent", |lua, s: &SquareRef, o: Value| {
            Ok(s.0.adjacent(square_arg(lua, &o, "square:adjacent(other)")?))
        });
        reg.add_method("same_line", |lua, s: &SquareRef, o: Value| {
            Ok(s.0.same_line(square_arg(lua, &o, "square:same_line(other)")?))
        });
        {
            let sh = Rc::clone(&sh);
            reg.add_method("neighbours", move |lua, s: &SquareRef, ()| {
                let t = lua.create_table()?;
                for (i, n) in s.0.neighbours().enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, n)?)?;
                }
                Ok(t)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("cards", move |lua, s: &SquareRef, ()| {
                let cards = sh.view(lua, "square:cards", |v| {
                    Ok(v.field()
                        .iter()
                        .copied()
                        .filter(|&c| v.square(c) == Some(s.0))
                        .collect::<Vec<_>>())
                })?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("unit", move |lua, s: &SquareRef, p: Value| {
                let p = player_arg(lua, &p, "square:unit(player)")?;
                let c = sh.view(lua, "square:unit", |v| Ok(v.unit_at(p, s.0)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        reg.add_meta_method(MetaMethod::ToString, |_, s: &SquareRef, ()| Ok(s.0.to_string()));
        reg.add_meta_method(MetaMethod::Eq, |_, this: &SquareRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<SquareRef>().is_ok_and(|s| s.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _s: &SquareRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "square", &k))
        });
    })
}

/// Documents the `Square` class.
pub(crate) const SQUARE_CLASS: Class = Class {
    name: "Square",
    reached: "`card.square`, `game.square(\"b2\")`",
    doc: "A square: battle squares `a1`–`c3` (column a–c from player 1's left, row 1–3 from player 1's side) and base squares `P1-base1`…`P2-base3`.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Square",
        Field,
        "name",
        [],
        "string",
        "`a1`–`c3` or `P1-base1`…",
        "print(s.name)"
    ),
    entry!(
        "Square",
        Field,
        "row",
        [],
        "integer",
        "Row 1–3 from player 1's side (0 / 4 for base squares).",
        "if s.row == 2 then end"
    ),
    entry!(
        "Square",
        Field,
        "col",
        [],
        "integer",
        "Column 1–3 from player 1's left.",
        "local c = s.col"
    ),
    entry!(
        "Square",
        Field,
        "is_battle",
        [],
        "boolean",
        "Whether it is a battle square.",
        "if s.is_battle then end"
    ),
    entry!(
        "Square",
        Field,
        "is_base",
        [],
        "boolean",
        "Whether it is a base square.",
        "if s.is_base then end"
    ),
    entry!(
        "Square",
        Field,
        "owner",
        [],
        "Player?",
        "The owner of a base square.",
        "if s.owner == self.owner then end"
    ),
    entry!(
        "Square",
        Method,
        "area",
        [("player", "Player")],
        "AreaName?",
        "Its area seen from a player.",
        "if s:area(self.owner) == \"centre\" then end"
    ),
    entry!(
        "Square",
        Method,
        "line",
        [("player", "Player")],
        "LineName",
        "Its line seen from a player.",
        "local l = s:line(self.owner)"
    ),
    entry!(
        "Square",
        Method,
        "adjacent",
        [("other", "Square|string")],
        "boolean",
        "Orthogonally adjacent battle squares (R1.13).",
        "if s:adjacent(\"b2\") then end"
    ),
    entry!(
        "Square",
        Method,
        "same_line",
        [("other", "Square|string")],
        "boolean",
        "Same line (column).",
        "if s:same_line(self.square) then end"
    ),
    entry!(
        "Square",
        Method,
        "neighbours",
        [],
        "Square[]",
        "Adjacent battle squares.",
        "for _, n in ipairs(s:neighbours()) do end"
    ),
    entry!(
        "Square",
        Method,
        "cards",
        [],
        "Card[]",
        "Cards in the square.",
        "if #s:cards() == 0 then end"
    ),
    entry!(
        "Square",
        Method,
        "unit",
        [("player", "Player")],
        "Card?",
        "A player's unit in the square.",
        "local foe = s:unit(self.owner.opponent)"
    ),
];
