//! Costs in Lua: a cost as a table of energy per colour and the rest, and a cost read from a
//! printed string or such a table.

use crate::context::copied_string;
use crate::convert;
use crate::docs::{Alias, Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{int_arg, str_arg};
use crate::objects::values::type_name;
use dzero_core::{Cost, XEnergy};
use mlua::{Lua, Table, Value};

/// A cost as a Lua table: colour counts, `colourless`, `x`, `freeze`, `discard`, `total`.
pub(crate) fn cost_table(lua: &Lua, c: &Cost) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (name, col) in convert::COLOURS {
        t.raw_set(name, c.coloured[col.index()])?;
    }
    t.raw_set("colourless", c.colourless)?;
    match c.x {
        Some(XEnergy::Colourless) => t.raw_set("x", "colourless")?,
        Some(XEnergy::Colour(col)) => t.raw_set("x", convert::colour_name(col))?,
        None => {}
    }
    t.raw_set("freeze", c.freeze_self)?;
    t.raw_set("discard", c.discard_self)?;
    t.raw_set("total", c.total())?;
    Ok(t)
}

/// Reads a cost: a printed string (`"赤1 無2"`) or a table as made by [`cost_table`].
pub(crate) fn cost_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Cost> {
    match v {
        Value::String(s) => convert::cost(&copied_string(lua, s, what)?)
            .map_err(|e| misuse(lua, format!("{what}: {e}"))),
        Value::Integer(0) => Ok(Cost::FREE),
        Value::Table(t) => {
            let mut c = Cost::FREE;
            for pair in t.pairs::<Value, Value>() {
                let (k, val) = pair?;
                let key = str_arg(lua, &k, what)?;
                let count = |val: &Value| -> mlua::Result<u8> {
                    let n = int_arg(lua, val, &format!("{what}.{key}"))?;
                    Ok(n.clamp(0, 255) as u8)
                };
                match key.as_str() {
                    "colourless" | "colorless" => c.colourless = count(&val)?,
                    "freeze" => c.freeze_self = val.as_boolean().unwrap_or(false),
                    "discard" => c.discard_self = val.as_boolean().unwrap_or(false),
                    "total" => {}
                    "x" => {
                        c.x = match &val {
                            Value::Nil | Value::Boolean(false) => None,
                            Value::String(s) if s.as_bytes() == b"colourless".as_slice() => {
                                Some(XEnergy::Colourless)
                            }
                            Value::String(s) => {
                                let n = copied_string(lua, s, what)?;
                                Some(XEnergy::Colour(convert::colour(&n).ok_or_else(|| {
                                    misuse(lua, format!("{what}.x: unknown colour '{n}'"))
                                })?))
                            }
                            _ => {
                                return Err(misuse(
                                    lua,
                                    format!("{what}.x: a colour name or \"colourless\" expected"),
                                ));
                            }
                        }
                    }
                    name => match convert::colour(name) {
                        Some(col) => c.coloured[col.index()] = count(&val)?,
                        None => {
                            return Err(misuse(
                                lua,
                                format!("{what}: unknown cost field '{name}'"),
                            ));
                        }
                    },
                }
            }
            Ok(c)
        }
        _ => Err(misuse(
            lua,
            format!(
                "{what}: a cost was expected (\"赤1 無2\" or a table), got {}",
                type_name(v)
            ),
        )),
    }
}

/// Documents the named type `CostSpec`.
pub(crate) const COST_SPEC_ALIAS: Alias = (
    "CostSpec",
    "string|Cost",
    "A cost as printed (`\"赤1 無2 フリーズ\"`) or as a table.",
);

/// Documents the `Cost` class.
pub(crate) const COST_CLASS: Class = Class {
    name: "Cost",
    reached: "`card.cost`, cost hooks",
    doc: "A cost as a table: energy per colour plus the rest.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Cost",
        Field,
        "red",
        [],
        "integer",
        "Red energy.",
        "cost.red = cost.red + 1"
    ),
    entry!(
        "Cost",
        Field,
        "black",
        [],
        "integer",
        "Black energy.",
        "cost.black = 0"
    ),
    entry!(
        "Cost",
        Field,
        "blue",
        [],
        "integer",
        "Blue energy.",
        "local b = cost.blue"
    ),
    entry!(
        "Cost",
        Field,
        "white",
        [],
        "integer",
        "White energy.",
        "local w = cost.white"
    ),
    entry!(
        "Cost",
        Field,
        "green",
        [],
        "integer",
        "Green energy.",
        "local gr = cost.green"
    ),
    entry!(
        "Cost",
        Field,
        "colourless",
        [],
        "integer",
        "Colourless energy (無).",
        "cost.colourless = math.max(0, cost.colourless - 1)"
    ),
    entry!(
        "Cost",
        Field,
        "x",
        [],
        "ColourName|\"colourless\"?",
        "The energy an X part is paid with.",
        "if cost.x then end"
    ),
    entry!(
        "Cost",
        Field,
        "freeze",
        [],
        "boolean",
        "Freeze this card (フリーズ).",
        "cost.freeze = true"
    ),
    entry!(
        "Cost",
        Field,
        "discard",
        [],
        "boolean",
        "Put this card into the graveyard (廃棄).",
        "cost.discard = false"
    ),
    entry!(
        "Cost",
        Field,
        "total",
        [],
        "integer",
        "Total printed energy (read only).",
        "if cost.total > 3 then end"
    ),
];
