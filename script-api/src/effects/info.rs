//! The effect-information table `e`: what a resolution is about.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Class, Entry, entry};
use crate::objects::events::event_table;
use crate::objects::values::{
    card_value, object_value, player_value, square_value, target_list, target_value,
};
use dzero_core::{CardId, Player, Square};
use mlua::{Lua, Table};

/// The effect-information table `e`: `me`, `controller`, `target`, `targets`, `x`, `event`,
/// `cost_square`, `from`.
pub(crate) fn effect_info(lua: &Lua, sh: &Shared) -> mlua::Result<Table> {
    type Info = (
        Option<(CardId, bool, Option<dzero_core::TargetRef>)>,
        Player,
        Vec<dzero_core::Target>,
        u8,
        Option<dzero_core::Event>,
        Option<Square>,
        Option<dzero_core::Zone>,
    );
    let (source, controller, targets, x, event, cost_square, from): Info =
        sh.resolve(lua, "info", |r| {
            // R7.3: once the object that made the item is gone, `e.me` names that old object.
            let me = r.origin().map(|c| (c, r.source().is_some(), r.me()));
            Ok((
                me,
                r.controller(),
                r.chosen().to_vec(),
                r.x(),
                r.event(),
                r.cost_square(),
                r.played_from(),
            ))
        })?;
    let t = lua.create_table()?;
    match source {
        Some((_, false, Some(old))) => t.raw_set("me", object_value(lua, old)?)?,
        Some((c, _, _)) => t.raw_set("me", card_value(lua, sh, c)?)?,
        None => {}
    }
    t.raw_set("controller", player_value(lua, sh, controller)?)?;
    if let Some(&first) = targets.first() {
        t.raw_set("target", target_value(lua, sh, first)?)?;
    }
    t.raw_set("targets", target_list(lua, sh, &targets)?)?;
    t.raw_set("x", x)?;
    if let Some(e) = event {
        t.raw_set("event", event_table(lua, sh, &e)?)?;
    }
    if let Some(s) = cost_square {
        t.raw_set("cost_square", square_value(lua, sh, s)?)?;
    }
    if let Some(z) = from {
        t.raw_set("from", convert::zone_name(z))?;
    }
    Ok(t)
}

/// Documents the `EffectInfo` class.
pub(crate) const EFFECT_INFO_CLASS: Class = Class {
    name: "EffectInfo",
    reached: "`e` in `resolve = function(g, e)`",
    doc: "What this resolution is about.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "EffectInfo",
        Field,
        "me",
        [],
        "Card?",
        "The card whose effect this is. For a ● or ◆ item whose card has changed zones since it went on the stack, the old object (R7.3): effects on it do nothing and `e.me.alive` is false.",
        "local me = e.me"
    ),
    entry!(
        "EffectInfo",
        Field,
        "controller",
        [],
        "Player",
        "The player controlling the effect.",
        "g:draw(e.controller)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "target",
        [],
        "Target?",
        "The first target still legal (R7.5): a card, or a square, player or stack item for those specs.",
        "g:damage(e.target, 1000)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "targets",
        [],
        "Target[]",
        "All targets still legal, in the order chosen.",
        "for _, t in ipairs(e.targets) do end"
    ),
    entry!(
        "EffectInfo",
        Field,
        "x",
        [],
        "integer",
        "The X paid.",
        "g:damage(e.target, 1000 * e.x)"
    ),
    entry!(
        "EffectInfo",
        Field,
        "event",
        [],
        "Event?",
        "The event that triggered a ◆ ability.",
        "local amount = e.event.amount"
    ),
    entry!(
        "EffectInfo",
        Field,
        "cost_square",
        [],
        "Square?",
        "The last square of this card if it was discarded as a cost.",
        "local s = e.cost_square"
    ),
    entry!(
        "EffectInfo",
        Field,
        "from",
        [],
        "ZoneName?",
        "For a strategy: the zone it was played from (`\"hand\"`, `\"plan\"`, …).",
        "local amount = e.from == \"plan\" and 8000 or 6000"
    ),
];
