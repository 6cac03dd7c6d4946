//! `card:activated{...}`: a ● declaration `[cost]《timing》effect` read from its table.

use crate::decl::card_costs::{CardCostDecl, card_cost};
use crate::decl::fields::{TargetDecl, fields, func, target, timing};
use crate::docs::{Class, Entry, entry};
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
        "self_pays",
    ];
    let mut card_costs = Vec::new();
    let mut condition = None;
    let mut cost = Cost::FREE;
    let mut t = Timing::Quick;
    let mut z = ZoneSet::FIELD;
    let (mut tgt, mut resolve) = (None, None);
    let mut self_pays = false;
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
            "self_pays" => match v {
                Value::Boolean(b) => self_pays = b,
                other => {
                    return Err(misuse(
                        lua,
                        format!("{what} must be true or false, not {}", other.type_name()),
                    ));
                }
            },
            _ => {}
        }
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:activated needs resolve = function(g, e)"))?;
    cost.self_pays = self_pays;
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

/// Documents the `ActivatedSpec` class.
pub(crate) const ACTIVATED_SPEC_CLASS: Class = Class {
    name: "ActivatedSpec",
    reached: "`card:activated { ... }`",
    doc: "● an activated ability `[cost]《timing》effect` (R17.3).",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "ActivatedSpec",
        Field,
        "cost",
        [],
        "CostSpec?",
        "The activation cost (default free).",
        "card:activated { cost = \"黒1 無1 廃棄\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "self_pays",
        [],
        "boolean?",
        "「このカードもこのコストの支払いに使える」: this card may pay the cost's energy too, frozen like any energy card of its zone (R5.2, R5.3, A51); without it the card whose ability it is pays none of it.",
        "card:activated { zones = \"energy\", cost = \"無2\", self_pays = true, resolve = function(g, e) g:draw(e.controller) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "timing",
        [],
        "TimingName?",
        "The activation timing (default \"quick\").",
        "card:activated { timing = \"battle\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where the card must be to activate (default \"field\").",
        "card:activated { zones = \"graveyard\", cost = \"無1\", resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets chosen on activation.",
        "card:activated { target = target.unit { side = \"opponent\" }, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "card_costs",
        [],
        "CardCostSpec[]?",
        "Cards paid as part of the cost, chosen on activation.",
        "card:activated { card_costs = { { zones = \"hand\", to = \"remove\" } }, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "condition",
        [],
        "(fun(self: Card, uses: integer): boolean)?",
        "When the card text limits activation (「…にしか使えない」): activation is legal only while it returns true; `uses` is how many times this card (as the object it is now) activated this ability this turn (「この能力は1ターンに1回しか使えない」).",
        "card:activated { condition = function(self, uses) return uses < 1 end, resolve = function(g, e) end }"
    ),
    entry!(
        "ActivatedSpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:activated { resolve = function(g, e) g:draw(e.controller) end }"
    ),
];
