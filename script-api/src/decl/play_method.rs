//! `card:play_method{...}`: a ☆ declaration (an alternative way to play the card) read from its
//! table.

use crate::decl::fields::{fields, func, timing};
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
