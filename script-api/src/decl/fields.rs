//! Reading declaration tables: known fields only, functions, timings, target specs, and which
//! cards a ★ declaration applies to.

use crate::convert;
use crate::error::misuse;
use crate::objects::args::str_arg;
use crate::objects::relation::Relation;
use crate::objects::values::TargetDesc;
use dzero_core::Timing;
use mlua::{Function, Lua, Value};

/// A target spec with its optional filter.
pub(crate) struct TargetDecl {
    /// The spec.
    pub desc: TargetDesc,
    /// `(self, candidate, e) -> bool`: which candidates are legal.
    pub filter: Option<Function>,
}

/// Which cards a ★ characteristic change applies to.
pub(crate) enum Applies {
    /// A built-in relation, checked in Rust.
    Rel(Relation),
    /// A function `(self, card) -> bool`.
    Fn(Function),
}

/// Reads the fields of a declaration table, failing on unknown keys.
pub(crate) fn fields(
    lua: &Lua,
    spec: &Value,
    what: &str,
    known: &[&str],
) -> mlua::Result<Vec<(String, Value)>> {
    let Value::Table(t) = spec else {
        return Err(misuse(
            lua,
            format!(
                "{what} takes a table, e.g. {what} {{ ... }}, not {}",
                spec.type_name()
            ),
        ));
    };
    let mut out = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let key = str_arg(lua, &k, what)?;
        if !known.contains(&key.as_str()) {
            return Err(misuse(
                lua,
                format!(
                    "{what}: unknown field '{key}' (known: {})",
                    known.join(", ")
                ),
            ));
        }
        out.push((key, v));
    }
    Ok(out)
}

/// Reads a function.
pub(crate) fn func(lua: &Lua, v: Value, what: &str) -> mlua::Result<Function> {
    match v {
        Value::Function(f) => Ok(f),
        other => Err(misuse(
            lua,
            format!("{what} must be a function, not {}", other.type_name()),
        )),
    }
}

/// Reads a timing name.
pub(crate) fn timing(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Timing> {
    let n = str_arg(lua, v, what)?;
    convert::timing(&n).ok_or_else(|| {
        misuse(
            lua,
            format!("{what}: unknown timing '{n}' (normal, quick, battle)"),
        )
    })
}

/// Reads a target spec made by `target.*` with its filter.
pub(crate) fn target(lua: &Lua, v: Value, what: &str) -> mlua::Result<TargetDecl> {
    if let Value::UserData(ud) = &v
        && let Ok(desc) = ud.borrow::<TargetDesc>()
    {
        let filter = match ud.user_value::<Value>()? {
            Value::Function(f) => Some(f),
            _ => None,
        };
        return Ok(TargetDecl {
            desc: *desc,
            filter,
        });
    }
    Err(misuse(
        lua,
        format!(
            "{what} must be a target spec such as target.unit(), not {}",
            v.type_name()
        ),
    ))
}
