//! `card:on_play{...}`: a strategy's ○ effect read from its table.

use crate::decl::fields::{TargetDecl, fields, func, target};
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use mlua::{Function, Lua, Value};

/// A ○ declaration.
pub(crate) struct SpellDecl {
    /// Its targets, if any.
    pub target: Option<TargetDecl>,
    /// The effect `(g, e)`.
    pub resolve: Function,
}

/// Reads the table of `card:on_play{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<SpellDecl> {
    const KNOWN: &[&str] = &["target", "resolve"];
    let (mut tgt, mut resolve) = (None, None);
    for (k, v) in fields(lua, spec, "card:on_play", KNOWN)? {
        let what = format!("card:on_play{{{k}}}");
        match k.as_str() {
            "target" => tgt = Some(target(lua, v, &what)?),
            "resolve" => resolve = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:on_play needs resolve = function(g, e)"))?;
    Ok(SpellDecl {
        target: tgt,
        resolve,
    })
}

/// Documents the `OnPlaySpec` class.
pub(crate) const ON_PLAY_SPEC_CLASS: Class = Class {
    name: "OnPlaySpec",
    reached: "`card:on_play { ... }`",
    doc: "○ a strategy's effect.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "OnPlaySpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets chosen when the strategy is played.",
        "card:on_play { target = target.unit(), resolve = function(g, e) end }"
    ),
    entry!(
        "OnPlaySpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:on_play { resolve = function(g, e) g:draw(e.controller, 2) end }"
    ),
];
