//! `card:play_method{...}`: a ☆ declaration (an alternative way to play the card) read from its
//! table.

use crate::decl::fields::{fields, func, timing};
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{str_arg, zones};
use crate::objects::cost::cost_arg;
use dzero_core::{Cost, Timing, ZoneSet};
use mlua::{Function, Lua, Value};

/// A ☆ declaration.
pub(crate) struct MethodDecl {
    /// The name shown to players.
    pub name: String,
    /// The zones the card may be played from this way.
    pub from: ZoneSet,
    /// Replaces the use cost, if set.
    pub cost: Option<Cost>,
    /// Replaces the printed timing, if set.
    pub timing: Option<Timing>,
    /// `(self) -> {Square}`: the squares the card may be put into, if restricted.
    pub squares: Option<Function>,
    /// RE7 does not destroy a unit played into the centre this way (R17.10).
    pub centre_exempt: bool,
    /// `(self, player) -> bool`: whether the method is available now.
    pub condition: Option<Function>,
}

/// Reads the table of `card:play_method{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<MethodDecl> {
    const KNOWN: &[&str] = &[
        "name",
        "from",
        "cost",
        "timing",
        "squares",
        "centre_exempt",
        "condition",
    ];
    let mut name = None;
    let mut from = ZoneSet::HAND;
    let (mut cost, mut t, mut squares, mut exempt) = (None, None, None, false);
    let mut condition = None;
    for (k, v) in fields(lua, spec, "card:play_method", KNOWN)? {
        let what = format!("card:play_method{{{k}}}");
        match k.as_str() {
            "name" => name = Some(str_arg(lua, &v, &what)?),
            "from" => from = zones(lua, &v, &what)?,
            "cost" => cost = Some(cost_arg(lua, &v, &what)?),
            "timing" => t = Some(timing(lua, &v, &what)?),
            "squares" => squares = Some(func(lua, v, &what)?),
            "centre_exempt" => exempt = v.as_boolean().unwrap_or(false),
            "condition" => condition = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let name = name.ok_or_else(|| misuse(lua, "card:play_method needs name = \"...\""))?;
    Ok(MethodDecl {
        name,
        from,
        cost,
        timing: t,
        squares,
        centre_exempt: exempt,
        condition,
    })
}

/// Documents the `PlayMethodSpec` class.
pub(crate) const PLAY_METHOD_SPEC_CLASS: Class = Class {
    name: "PlayMethodSpec",
    reached: "`card:play_method { ... }`",
    doc: "☆ an alternative way to play this card (works from any zone).",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "PlayMethodSpec",
        Field,
        "name",
        [],
        "string",
        "The method's name shown to players.",
        "card:play_method { name = \"隊列召喚―縦列\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "from",
        [],
        "ZoneName|ZoneName[]?",
        "Zones the card may be played from (default \"hand\").",
        "card:play_method { name = \"転生\", from = \"graveyard\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "cost",
        [],
        "CostSpec?",
        "Replaces the use cost.",
        "card:play_method { name = \"安価\", cost = \"無1\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "timing",
        [],
        "TimingName?",
        "Replaces the printed timing.",
        "card:play_method { name = \"奇襲\", timing = \"battle\" }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "squares",
        [],
        "fun(self: Card): (Square|string)[]?",
        "The squares this method may play the card into.",
        "card:play_method { name = \"縦列\", squares = function(self) return { \"b2\" } end }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "centre_exempt",
        [],
        "boolean?",
        "A unit played into the centre this way is not destroyed by RE7.",
        "card:play_method { name = \"隊列召喚\", centre_exempt = true }"
    ),
    entry!(
        "PlayMethodSpec",
        Field,
        "condition",
        [],
        "fun(self: Card, player: Player): boolean?",
        "The method can only be used while this holds for the player playing the card.",
        "card:play_method { name = \"援軍\", timing = \"battle\", condition = function(self, p) return #p:units() >= 3 end }"
    ),
];
