//! The `game` table: queries about the game as a whole while an ability runs.

use crate::context::Shared;
use crate::convert;
use crate::error::misuse;
use crate::objects::args::{int_arg, player_arg, square_arg};
use crate::objects::memory::{mem_key, mem_scope, mem_value, recalled};
use crate::objects::values::{card_list, card_value, player_value, square_value};
use dzero_core::{Player, Square};
use mlua::{Lua, Table, Value};
use std::rc::Rc;

/// The `game` table: queries about the game as a whole.
pub(crate) fn game_table(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "active",
            lua.create_function(move |lua, ()| {
                let p = sh.view(lua, "game.active", |v| Ok(v.active()))?;
                player_value(lua, &sh, p)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "phase",
            lua.create_function(move |lua, ()| {
                sh.view(lua, "game.phase", |v| {
                    Ok(convert::phase_name(v.game.phase()))
                })
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "turn",
            lua.create_function(move |lua, ()| sh.view(lua, "game.turn", |v| Ok(v.game.turn())))?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "field",
            lua.create_function(move |lua, ()| {
                let cards = sh.view(lua, "game.field", |v| Ok(v.field().to_vec()))?;
                card_list(lua, &sh, cards)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "square",
            lua.create_function(move |lua, name: Value| {
                let s = square_arg(lua, &name, "game.square(name)")?;
                square_value(lua, &sh, s)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "battle_squares",
            lua.create_function(move |lua, ()| {
                let t = lua.create_table()?;
                for (i, s) in Square::battle_squares().enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, s)?)?;
                }
                Ok(t)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "base_squares",
            lua.create_function(move |lua, p: Value| {
                let p = player_arg(lua, &p, "game.base_squares(player)")?;
                let t = lua.create_table()?;
                for (i, s) in Square::base_squares(p).enumerate() {
                    t.raw_set(i + 1, square_value(lua, &sh, s)?)?;
                }
                Ok(t)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "player",
            lua.create_function(
                move |lua, n: Value| match int_arg(lua, &n, "game.player(n)")? {
                    1 => player_value(lua, &sh, Player::One),
                    2 => player_value(lua, &sh, Player::Two),
                    other => Err(misuse(
                        lua,
                        format!("game.player({other}): players are 1 and 2"),
                    )),
                },
            )?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "recall",
            lua.create_function(move |lua, (k, scope): (Value, Value)| {
                let what = "game.recall(key, scope)";
                let key = mem_key(lua, &k, what)?;
                let scope = mem_scope(lua, &scope, None, what)?;
                let m = sh.view(lua, "game.recall", |v| Ok(recalled(v, scope, key)))?;
                mem_value(lua, &sh, m)
            })?,
        )?;
    }
    {
        let sh = Rc::clone(sh);
        t.raw_set(
            "battle",
            lua.create_function(move |lua, ()| {
                let b = sh.view(lua, "game.battle", |v| Ok(v.game.battle().cloned()))?;
                let Some(b) = b else { return Ok(Value::Nil) };
                let t = lua.create_table()?;
                t.raw_set("square", square_value(lua, &sh, b.square)?)?;
                let [f0, f1] = b.fighters;
                let (att, def) = if f1.attacker && !f0.attacker {
                    (f1, f0)
                } else {
                    (f0, f1)
                };
                t.raw_set("attacker", card_value(lua, &sh, att.unit.card)?)?;
                t.raw_set("defender", card_value(lua, &sh, def.unit.card)?)?;
                t.raw_set("step", convert::step_name(b.step))?;
                Ok(Value::Table(t))
            })?,
        )?;
    }
    Ok(t)
}
