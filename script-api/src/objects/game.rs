//! The `game` table: queries about the game as a whole while an ability runs.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Class, Entry, entry};
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

/// Documents the `game` namespace.
pub(crate) const GAME_CLASS: Class = Class {
    name: "game",
    reached: "`game`",
    doc: "Queries about the game as a whole (while an ability runs).",
};

/// Documents the `BattleInfo` class.
pub(crate) const BATTLE_INFO_CLASS: Class = Class {
    name: "BattleInfo",
    reached: "`game.battle()`",
    doc: "The battle in progress.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "game",
        Function,
        "active",
        [],
        "Player",
        "The active player.",
        "if game.active() == self.owner then end"
    ),
    entry!(
        "game",
        Function,
        "phase",
        [],
        "PhaseName",
        "The current phase.",
        "if game.phase() == \"main\" then end"
    ),
    entry!(
        "game",
        Function,
        "turn",
        [],
        "integer",
        "The turn number, from 1.",
        "local t = game.turn()"
    ),
    entry!(
        "game",
        Function,
        "field",
        [],
        "Card[]",
        "Cards in squares, in arrival order.",
        "for _, c in ipairs(game.field()) do end"
    ),
    entry!(
        "game",
        Function,
        "square",
        [("name", "string")],
        "Square",
        "A square by name.",
        "local s = game.square(\"b2\")"
    ),
    entry!(
        "game",
        Function,
        "battle_squares",
        [],
        "Square[]",
        "The nine battle squares.",
        "for _, s in ipairs(game.battle_squares()) do end"
    ),
    entry!(
        "game",
        Function,
        "base_squares",
        [("player", "Player")],
        "Square[]",
        "A player's three base squares.",
        "local bs = game.base_squares(self.owner)"
    ),
    entry!(
        "game",
        Function,
        "player",
        [("n", "integer")],
        "Player",
        "Player 1 or 2.",
        "local p1 = game.player(1)"
    ),
    entry!(
        "game",
        Function,
        "battle",
        [],
        "BattleInfo?",
        "The battle in progress, if any.",
        "local b = game.battle() if b then print(b.attacker.name) end"
    ),
    entry!(
        "game",
        Function,
        "recall",
        [("key", "string"), ("scope?", "\"turn\"|\"game\"")],
        "MemoryValue?",
        "A value an effect remembered for the whole game with `g:remember_game` (default scope \"game\").",
        "local n = game.recall(\"strategies\", \"turn\") or 0"
    ),
    entry!(
        "BattleInfo",
        Field,
        "square",
        [],
        "Square",
        "Where it is fought.",
        "game.battle().square"
    ),
    entry!(
        "BattleInfo",
        Field,
        "attacker",
        [],
        "Card",
        "The attacker (R11.3).",
        "game.battle().attacker"
    ),
    entry!(
        "BattleInfo",
        Field,
        "defender",
        [],
        "Card",
        "The other unit.",
        "game.battle().defender"
    ),
    entry!(
        "BattleInfo",
        Field,
        "step",
        [],
        "\"first\"|\"second\"|\"end\"",
        "The battle step.",
        "game.battle().step"
    ),
];
