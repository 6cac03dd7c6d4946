//! `g:show(card, player)`: showing a hand card to a player (「公開する」, A47).

use crate::context::Shared;
use crate::docs::{Entry, entry};
use crate::effects::args::{check_self, current};
use crate::objects::args::{object_arg, player_arg};
use mlua::{Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// Adds `show` to the `g` table.
pub(crate) fn add_show(lua: &Lua, sh: &Rc<Shared>, t: &Table) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    t.raw_set(
        "show",
        lua.create_function(move |lua, a: MultiValue| {
            let a = a.into_vec();
            let arg = |i: usize| a.get(i).unwrap_or(&Value::Nil);
            check_self(lua, arg(0), "show")?;
            let what = "g:show(card, player)";
            let (c, pin) = object_arg(lua, arg(1), what)?;
            let to = player_arg(lua, arg(2), what)?;
            sh.resolve(lua, "show", |r| {
                if !current(lua, r, c, pin)? {
                    return Ok(false);
                }
                Ok(r.show(c, to))
            })
        })?,
    )
}

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[entry!(
    "Resolve",
    Method,
    "show",
    [("card", "Card"), ("player", "Player")],
    "boolean",
    "Shows a card in a hand to `player` (「公開する」, A47): that player's seat sees it until it leaves the hand; no other seat does. False for a card not in a hand.",
    "g:show(e.target, e.controller:opponent())"
)];
