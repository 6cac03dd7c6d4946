//! `card:grantable { name = …, trigger|static|replace|activated = {…} }`: an ability the card's effects
//! grant for a duration (`g:grant_ability`, `g:add_rule`, `g:delay`); inactive on the card.

use crate::decl::declaration::{Decl, parse_activated, parse_replace, parse_static, parse_trigger};
use crate::docs::{Class, Entry, entry};
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

/// Documents the `GrantableSpec` class.
pub(crate) const GRANTABLE_SPEC_CLASS: Class = Class {
    name: "GrantableSpec",
    reached: "`card:grantable { ... }`",
    doc: "An ability this card's effects grant for a duration (「…は『…』を得る」, a temporary rule, a delayed trigger). It does nothing on the card itself; `g:grant_ability` gives it to a card, `g:add_rule` to the game, `g:delay` to the game until it has triggered once.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "GrantableSpec",
        Field,
        "name",
        [],
        "string",
        "The name effects grant it by; unique within the card.",
        "card:grantable { name = \"ward\", static = { untargetable = \"opponent\" } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "trigger",
        [],
        "TriggerSpec?",
        "A ◆ ability: granted to a card, `self` is that card; held by the game (`g:add_rule`, `g:delay`), `self` is this card and it triggers wherever this card is.",
        "card:grantable { name = \"later\", trigger = { on = \"turn_began\", player = \"me\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "static",
        [],
        "StaticSpec?",
        "A ★ ability: granted to a card it works in the zones it names, with that card as `self`; held by the game it works everywhere with this card as `self` (a temporary rule). Its changes apply at the grant's timestamp (R16.3).",
        "card:grantable { name = \"no_strategies\", static = { forbid_play = function(self, c) return c.is_strategy and c.owner ~= self.owner end } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "replace",
        [],
        "ReplaceSpec?",
        "A ★ replacement (as `card:replace`): granted to a card with `applies_to = \"self\"` it replaces that card's moves; held by the game (`g:add_rule`) it is a temporary replacement, e.g. 「このターン、墓地に置かれるカードはかわりにリムーブゾーンに置く」.",
        "card:grantable { name = \"exile\", replace = { event = \"to_graveyard\", applies_to = \"any\", instead = \"remove\" } }"
    ),
    entry!(
        "GrantableSpec",
        Field,
        "activated",
        [],
        "ActivatedSpec?",
        "A ● ability the card it is granted to can activate.",
        "card:grantable { name = \"ping\", activated = { cost = \"無1\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
];
