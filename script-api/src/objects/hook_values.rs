//! The values ★ hooks receive besides cards and players: who deals damage about to be replaced,
//! and why a player would lose.

use crate::context::Shared;
use crate::objects::values::card_value;
use dzero_core::{DamageKind, DamageSource, LossCause};
use mlua::{Lua, Table};

/// The Lua name of a loss cause.
pub(crate) fn loss_name(cause: LossCause) -> &'static str {
    match cause {
        LossCause::Smash => "smash",
        LossCause::DeckOut => "deck_out",
    }
}

/// `{ card = Card?, kind = "battle" | "strategy" | "ability" }` for a damage hook.
pub(crate) fn damage_source(lua: &Lua, sh: &Shared, s: DamageSource) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    if let Some(c) = s.card {
        t.raw_set("card", card_value(lua, sh, c)?)?;
    }
    let kind = match s.kind {
        DamageKind::Battle => "battle",
        DamageKind::Strategy => "strategy",
        DamageKind::Ability => "ability",
    };
    t.raw_set("kind", kind)?;
    Ok(t)
}
