//! The effect-information table `e`: what a resolution is about.

use crate::context::Shared;
use crate::convert;
use crate::objects::events::event_table;
use crate::objects::values::{card_value, player_value, square_value, target_list, target_value};
use dzero_core::{CardId, Player, Square};
use mlua::{Lua, Table};

/// The effect-information table `e`: `me`, `controller`, `target`, `targets`, `x`, `event`,
/// `cost_square`, `from`.
pub(crate) fn effect_info(lua: &Lua, sh: &Shared) -> mlua::Result<Table> {
    type Info = (
        Option<CardId>,
        Player,
        Vec<dzero_core::Target>,
        u8,
        Option<dzero_core::Event>,
        Option<Square>,
        Option<dzero_core::Zone>,
    );
    let (source, controller, targets, x, event, cost_square, from): Info =
        sh.resolve(lua, "info", |r| {
            Ok((
                r.source(),
                r.controller(),
                r.chosen().to_vec(),
                r.x(),
                r.event(),
                r.cost_square(),
                r.played_from(),
            ))
        })?;
    let t = lua.create_table()?;
    if let Some(s) = source {
        t.raw_set("me", card_value(lua, sh, s)?)?;
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
