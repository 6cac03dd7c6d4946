//! `card:activated{...}`: a ● declaration `[cost]《timing》effect` read from its table.

use crate::decl::card_costs::{CardCostDecl, card_cost};
use crate::decl::fields::{TargetDecl, fields, func, target, timing};
use crate::error::misuse;
use crate::objects::args::zones;
use crate::objects::cost::cost_arg;
use dzero_core::{Cost, Timing, ZoneSet};
use mlua::{Function, Lua, Value};

/// A ● declaration.
pub(crate) struct ActivatedDecl {
    /// Where the ability works.
    pub zones: ZoneSet,
    /// Its energy cost.
    pub cost: Cost,
    /// When it may be activated.
    pub timing: Timing,
    /// Its targets, if any.
    pub target: Option<TargetDecl>,
    /// Cards paid as part of the cost.
    pub card_costs: Vec<CardCostDecl>,
    /// `(self, uses) -> bool`: whether it may be activated now.
    pub condition: Option<Function>,
    /// The effect `(g, e)`.
    pub resolve: Function,
}

/// Reads the table of `card:activated{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<ActivatedDecl> {
    const KNOWN: &[&str] = &[
        "cost",
        "timing",
        "zones",
        "target",
        "card_costs",
        "condition",
        "resolve",
    ];
    let mut card_costs = Vec::new();
    let mut condition = None;
    let mut cost = Cost::FREE;
    let mut t = Timing::Quick;
    let mut z = ZoneSet::FIELD;
    let (mut tgt, mut resolve) = (None, None);
    for (k, v) in fields(lua, spec, "card:activated", KNOWN)? {
        let what = format!("card:activated{{{k}}}");
        match k.as_str() {
            "cost" => cost = cost_arg(lua, &v, &what)?,
            "timing" => t = timing(lua, &v, &what)?,
            "zones" => z = zones(lua, &v, &what)?,
            "target" => tgt = Some(target(lua, v, &what)?),
            "card_costs" => {
                let Value::Table(list) = v else {
                    return Err(misuse(lua, format!("{what} must be a list of tables")));
                };
                for i in 1..=list.raw_len() {
                    card_costs.push(card_cost(lua, &list.raw_get(i)?, &format!("{what}[{i}]"))?);
                }
            }
            "condition" => condition = Some(func(lua, v, &what)?),
            "resolve" => resolve = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:activated needs resolve = function(g, e)"))?;
    Ok(ActivatedDecl {
        zones: z,
        cost,
        timing: t,
        target: tgt,
        card_costs,
        condition,
        resolve,
    })
}
