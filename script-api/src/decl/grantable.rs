//! `card:grantable { name = …, trigger|static|replace|activated = {…} }`: an ability the card's effects
//! grant for a duration (`g:grant_ability`, `g:add_rule`, `g:delay`); inactive on the card.

use crate::decl::declaration::{Decl, parse_activated, parse_replace, parse_static, parse_trigger};
use crate::error::misuse;
use crate::objects::args::str_arg;
use mlua::{Lua, Value};

/// Parses `card:grantable{...}`.
pub(crate) fn parse_grantable(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    let what = "card:grantable";
    let Value::Table(t) = spec else {
        return Err(misuse(
            lua,
            format!(
                "{what} takes a table, e.g. {what} {{ name = \"gift\", trigger = {{ ... }} }}, not {}",
                spec.type_name()
            ),
        ));
    };
    let mut name = None;
    let mut inner = None;
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let key = str_arg(lua, &k, what)?;
        let parsed = match key.as_str() {
            "name" => {
                let n = str_arg(lua, &v, "card:grantable{name}")?;
                if n.is_empty() {
                    return Err(misuse(lua, "card:grantable{name} must not be empty"));
                }
                name = Some(n);
                continue;
            }
            "static" => parse_static(lua, &v)?,
            "trigger" => parse_trigger(lua, &v)?,
            "activated" => parse_activated(lua, &v)?,
            "replace" => parse_replace(lua, &v)?,
            other => {
                return Err(misuse(
                    lua,
                    format!(
                        "{what}: unknown field '{other}' (known: name, static, replace, trigger, activated)"
                    ),
                ));
            }
        };
        if inner.replace(parsed).is_some() {
            return Err(misuse(
                lua,
                format!("{what}: give exactly one of static, replace, trigger or activated"),
            ));
        }
    }
    let Some(name) = name else {
        return Err(misuse(lua, format!("{what}: a name is required")));
    };
    let Some(inner) = inner else {
        return Err(misuse(
            lua,
            format!("{what}: give one of static, replace, trigger or activated"),
        ));
    };
    Ok(Decl::Grantable {
        name,
        ability: Box::new(inner),
    })
}
