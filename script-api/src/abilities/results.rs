//! What script functions return, read with errors located at the function's definition:
//! integers, truth values and costs.

use crate::error::fn_misuse;
use crate::objects::cost::cost_arg;
use dzero_core::Cost;
use mlua::{Function, Lua, Value};

/// Reads the integer a script function returned.
pub(crate) fn int_result(f: &Function, v: Value, what: &str) -> mlua::Result<i32> {
    match v {
        Value::Integer(n) => {
            i32::try_from(n).map_err(|_| fn_misuse(f, format!("{what} returned {n}, out of range")))
        }
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e9 => Ok(n as i32),
        other => Err(fn_misuse(
            f,
            format!("{what} must return an integer, not {}", other.type_name()),
        )),
    }
}

/// Whether a value counts as true in Lua (anything but nil and false).
pub(crate) fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Nil | Value::Boolean(false))
}

/// Reads the cost a play-cost function returned; nil keeps `old`.
pub(crate) fn cost_result(lua: &Lua, f: &Function, v: Value, old: Cost) -> mlua::Result<Cost> {
    match v {
        Value::Nil => Ok(old),
        v @ (Value::Table(_) | Value::String(_)) => cost_arg(lua, &v, "play_cost result"),
        other => Err(fn_misuse(
            f,
            format!(
                "a play_cost function must return a cost table or nil, not {}",
                other.type_name()
            ),
        )),
    }
}
