//! The globals a card script sees: every userdata type registered, and the raw API table (`g`,
//! `target`, `game`, `print`, the sandbox's helpers) from which the prelude builds each script's
//! environment.

use crate::context::Shared;
use crate::docs::{Class, Entry, entry};
use crate::effects::resolve::g_table;
use crate::effects::suspend::{CHOICES, suspend_marker};
use crate::objects::game::game_table;
use crate::objects::target_spec::{self, target_table};
use crate::objects::values::fill_caches;
use crate::objects::{card, player, square, stack_item};
use crate::{patterns, sandbox};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// Most bytes of one `print` call read into the log.
const PRINT_MAX: usize = 64 << 10;

/// Registers every userdata type scripts meet (cards, players, squares, stack items, target
/// specs) and fills the object caches.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    card::register(lua, sh)?;
    player::register(lua, sh)?;
    square::register(lua, sh)?;
    stack_item::register(lua, sh)?;
    target_spec::register(lua)?;
    fill_caches(lua, sh)
}

/// The raw API table the prelude builds each script's environment from.
pub(crate) fn raw_table(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<Table> {
    let raw = lua.create_table()?;
    raw.raw_set("g", g_table(lua, sh)?)?;
    raw.raw_set("choices", lua.create_sequence_from(CHOICES)?)?;
    raw.raw_set("target", target_table(lua)?)?;
    raw.raw_set("game", game_table(lua, sh)?)?;
    raw.raw_set("SUSPEND", suspend_marker())?;
    sandbox::register(lua, sh, &raw)?;
    patterns::library::register(lua, sh, &raw)?;
    raw.raw_set("print", print(lua, sh)?)?;
    Ok(raw)
}

/// `print(...)`: writes a line, tagged with the running card, to the host's bounded log.
fn print(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<Function> {
    let sh = Rc::clone(sh);
    lua.create_function(move |lua, args: MultiValue| {
        let mut line = String::new();
        for (i, v) in args.iter().enumerate() {
            if i > 0 {
                line.push('\t');
            }
            // Only what the log can keep is read: printing a huge string costs
            // no more than printing its first 64 KiB.
            match v {
                Value::String(s) => {
                    let b = s.as_bytes();
                    let n = b.len().min(PRINT_MAX);
                    line.push_str(&String::from_utf8_lossy(&b[..n]));
                }
                other => line.push_str(
                    &other
                        .to_string()
                        .unwrap_or_else(|_| other.type_name().to_owned()),
                ),
            }
            sh.charge(lua, 1 + line.len() as u64 / 64)?;
            if line.len() > PRINT_MAX {
                break;
            }
        }
        sh.log.borrow_mut().push(&sh.current_card(), &line);
        Ok(())
    })
}

/// Documents the `_G` namespace.
pub(crate) const GLOBALS_CLASS: Class = Class {
    name: "_G",
    reached: "globals",
    doc: "What every card script sees besides the safe Lua base (string, table, math, utf8, coroutine, pairs, pcall, …). There is no io, os, package, debug, load, dofile or require.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "_G",
        Field,
        "card",
        [],
        "CardDecl",
        "The card this script defines; its methods declare abilities.",
        "card:static { power = 1000 }"
    ),
    entry!(
        "_G",
        Field,
        "target",
        [],
        "target",
        "Target specs.",
        "target.unit { side = \"opponent\" }"
    ),
    entry!(
        "_G",
        Field,
        "game",
        [],
        "game",
        "Game queries.",
        "local units = game.field()"
    ),
    entry!(
        "_G",
        Function,
        "use",
        [("name", "string")],
        "any",
        "A shared module loaded by the host (tables are read-only).",
        "local common = use(\"common\")"
    ),
    entry!(
        "_G",
        Function,
        "print",
        [("...", "any")],
        "",
        "Writes a line to the host's log (not to the terminal).",
        "print(\"power\", self.power)"
    ),
];
