//! Reading Lua arguments: cards, players, squares, stack items, strings, integers, names and
//! lists, each failing with a misuse error that names the function and what it expected.

use crate::context::copied_string;
use crate::convert;
use crate::error::{key_text, misuse};
use crate::objects::values::{CardRef, ItemRef, PlayerRef, SquareRef, type_name};
use dzero_core::{CardId, ItemId, Player, Query, Square, ZoneSet};
use mlua::{Lua, Value};

/// Reads an argument held by userdata of type `U`; `what` names the function and argument and
/// `noun` what was expected, for the error.
fn userdata_arg<U: 'static, R>(
    lua: &Lua,
    v: &Value,
    what: &str,
    noun: &str,
    get: impl FnOnce(&U) -> R,
) -> mlua::Result<R> {
    if let Value::UserData(ud) = v
        && let Ok(u) = ud.borrow::<U>()
    {
        return Ok(get(&u));
    }
    Err(misuse(
        lua,
        format!("{what}: {noun} was expected, got {}", type_name(v)),
    ))
}

/// Reads a card argument; `what` names the function and argument for the error.
pub(crate) fn card_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<CardId> {
    userdata_arg(lua, v, what, "a card", |c: &CardRef| c.0)
}

/// Reads a card argument with the object it names, if the handle names one (R7.3).
pub(crate) fn object_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<(CardId, Option<u16>)> {
    userdata_arg(lua, v, what, "a card", |c: &CardRef| (c.0, c.1))
}

/// Reads a player argument.
pub(crate) fn player_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Player> {
    userdata_arg(lua, v, what, "a player", |p: &PlayerRef| p.0)
}

/// Reads a square argument: a square object or a name such as `"b2"` / `"P1-base1"`.
pub(crate) fn square_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Square> {
    match v {
        Value::UserData(ud) => {
            if let Ok(s) = ud.borrow::<SquareRef>() {
                return Ok(s.0);
            }
        }
        Value::String(s) => {
            let name = copied_string(lua, s, what)?;
            return convert::square(&name).ok_or_else(|| {
                misuse(
                    lua,
                    format!(
                        "{what}: no square named '{}' (a1–c3, P1-base1–P2-base3)",
                        key_text(v)
                    ),
                )
            });
        }
        _ => {}
    }
    Err(misuse(
        lua,
        format!("{what}: a square was expected, got {}", type_name(v)),
    ))
}

/// Reads a string argument.
pub(crate) fn str_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<String> {
    match v {
        Value::String(s) => copied_string(lua, s, what),
        _ => Err(misuse(
            lua,
            format!("{what}: a string was expected, got {}", type_name(v)),
        )),
    }
}

/// Reads an integer argument (floats with an integral value are accepted).
pub(crate) fn int_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(n) if n.fract() == 0.0 && n.is_finite() => Ok(*n as i64),
        _ => Err(misuse(
            lua,
            format!("{what}: an integer was expected, got {}", type_name(v)),
        )),
    }
}

/// Reads an integer that fits an `i32` (power, damage amounts).
pub(crate) fn i32_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<i32> {
    let n = int_arg(lua, v, what)?;
    i32::try_from(n).map_err(|_| misuse(lua, format!("{what}: {n} is out of range")))
}

/// Reads a list of cards.
pub(crate) fn card_list_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Vec<CardId>> {
    let Value::Table(t) = v else {
        return Err(misuse(
            lua,
            format!("{what}: a list of cards was expected, got {}", type_name(v)),
        ));
    };
    let mut out = Vec::new();
    for i in 1..=t.raw_len() {
        out.push(card_arg(lua, &t.raw_get(i)?, &format!("{what}[{i}]"))?);
    }
    Ok(out)
}

/// Reads a stack-item argument (as `e.target` holds it for `target.item`).
pub(crate) fn item_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<ItemId> {
    if let Value::UserData(ud) = v
        && let Ok(i) = ud.borrow::<ItemRef>()
    {
        return Ok(i.0);
    }
    Err(misuse(
        lua,
        format!("{what}: a stack item was expected, got {}", type_name(v)),
    ))
}

/// Checks that a card belongs to the game in view.
pub(crate) fn valid(lua: &Lua, v: &Query<'_>, c: CardId) -> mlua::Result<CardId> {
    if v.exists(c) {
        Ok(c)
    } else {
        Err(misuse(
            lua,
            format!("card #{} is not a card of this game", c.0),
        ))
    }
}

/// Reads a name or a list of names.
pub(crate) fn names(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Vec<String>> {
    match v {
        Value::String(s) => Ok(vec![copied_string(lua, s, what)?]),
        Value::Table(t) => (1..=t.raw_len())
            .map(|i| str_arg(lua, &t.raw_get(i)?, what))
            .collect(),
        other => Err(misuse(
            lua,
            format!(
                "{what} must be a name or a list of names, not {}",
                other.type_name()
            ),
        )),
    }
}

/// Reads a zone name or a list of them as a set.
pub(crate) fn zones(lua: &Lua, v: &Value, what: &str) -> mlua::Result<ZoneSet> {
    let n = names(lua, v, what)?;
    convert::zone_set(n.iter().map(String::as_str)).map_err(|e| misuse(lua, format!("{what}: {e}")))
}
