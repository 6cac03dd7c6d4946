//! Engine-kept memory in Lua: the keys, scopes and values of `g:remember`, `card:recall` and
//! `game.recall`.

use crate::context::Shared;
use crate::docs::Alias;
use crate::error::misuse;
use crate::objects::args::{card_arg, int_arg, player_arg, square_arg, str_arg, valid};
use crate::objects::values::{
    CardRef, PlayerRef, SquareRef, card_value, player_value, square_value, type_name,
};
use dzero_core::{CardId, MemKey, MemScope, MemValue, Query};
use mlua::{Lua, Value};

/// Reads a memory key: a name of 1 to [`MemKey::MAX`] bytes.
pub(crate) fn mem_key(lua: &Lua, v: &Value, what: &str) -> mlua::Result<MemKey> {
    let name = str_arg(lua, v, what)?;
    MemKey::new(&name).ok_or_else(|| {
        misuse(
            lua,
            format!(
                "{what}: memory keys are 1 to {} bytes, not '{name}'",
                MemKey::MAX
            ),
        )
    })
}

/// Reads a memory scope: for a card `"object"` (default: until it changes zones), `"turn"` or
/// `"game"`; for the game as a whole (`card` = `None`) `"game"` (default) or `"turn"`.
pub(crate) fn mem_scope(
    lua: &Lua,
    v: &Value,
    card: Option<CardId>,
    what: &str,
) -> mlua::Result<MemScope> {
    let name = match v {
        Value::Nil => None,
        v => Some(str_arg(lua, v, what)?),
    };
    match (card, name.as_deref()) {
        (Some(c), None | Some("object")) => Ok(MemScope::Object(c)),
        (Some(c), Some("turn")) => Ok(MemScope::CardTurn(c)),
        (Some(c), Some("game")) => Ok(MemScope::CardGame(c)),
        (None, None | Some("game")) => Ok(MemScope::Game),
        (None, Some("turn")) => Ok(MemScope::Turn),
        (Some(_), Some(other)) => Err(misuse(
            lua,
            format!("{what}: unknown scope '{other}' (\"object\", \"turn\" or \"game\")"),
        )),
        (None, Some(other)) => Err(misuse(
            lua,
            format!("{what}: unknown scope '{other}' (\"turn\" or \"game\")"),
        )),
    }
}

/// Reads a value to remember: an integer, a boolean, a card (as the object it is now), a
/// player or a square; nil forgets.
pub(crate) fn mem_value_arg(
    lua: &Lua,
    view: &Query<'_>,
    v: &Value,
    what: &str,
) -> mlua::Result<Option<MemValue>> {
    Ok(Some(match v {
        Value::Nil => return Ok(None),
        Value::Boolean(b) => MemValue::Bool(*b),
        Value::Integer(_) | Value::Number(_) => MemValue::Int(int_arg(lua, v, what)?),
        Value::UserData(ud) if ud.borrow::<CardRef>().is_ok() => {
            let c = valid(lua, view, card_arg(lua, v, what)?)?;
            MemValue::Card(view.object(c).ok_or_else(|| misuse(lua, "no such card"))?)
        }
        Value::UserData(ud) if ud.borrow::<PlayerRef>().is_ok() => {
            MemValue::Player(player_arg(lua, v, what)?)
        }
        Value::UserData(ud) if ud.borrow::<SquareRef>().is_ok() => {
            MemValue::Square(square_arg(lua, v, what)?)
        }
        other => {
            return Err(misuse(
                lua,
                format!(
                    "{what}: can remember an integer, a boolean, a card, a player or a square, \
                     not {}",
                    type_name(other)
                ),
            ));
        }
    }))
}

/// The value remembered under `key` in `scope`; a remembered card that has changed zones since
/// is another object (R7.3) and reads as nothing.
pub(crate) fn recalled(v: &Query<'_>, scope: MemScope, key: MemKey) -> Option<MemValue> {
    v.recall(scope, key)
        .filter(|m| !matches!(m, MemValue::Card(r) if !v.is_current(*r)))
}

/// A remembered value as Lua.
pub(crate) fn mem_value(lua: &Lua, sh: &Shared, m: Option<MemValue>) -> mlua::Result<Value> {
    match m {
        None => Ok(Value::Nil),
        Some(MemValue::Int(n)) => Ok(Value::Integer(n)),
        Some(MemValue::Bool(b)) => Ok(Value::Boolean(b)),
        Some(MemValue::Card(r)) => card_value(lua, sh, r.card),
        Some(MemValue::Player(p)) => player_value(lua, sh, p),
        Some(MemValue::Square(s)) => square_value(lua, sh, s),
    }
}

/// Documents the named type `MemoryScope`.
pub(crate) const MEMORY_SCOPE_ALIAS: Alias = (
    "MemoryScope",
    r#""object"|"turn"|"game""#,
    "How long a remembered value lasts: `object` until the card changes zones (it is then a new object, R7.3), `turn` until the end of the turn (A31), `game` for the whole game.",
);

/// Documents the named type `MemoryValue`.
pub(crate) const MEMORY_VALUE_ALIAS: Alias = (
    "MemoryValue",
    "integer|boolean|Card|Player|Square",
    "A value the engine remembers for a card or the game; a remembered card that has since changed zones reads back as nil.",
);
