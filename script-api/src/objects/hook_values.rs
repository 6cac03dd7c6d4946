//! The values ★ hooks receive besides cards and players: who deals damage about to be replaced,
//! and why a player would lose.

use crate::context::Shared;
use crate::docs::{Alias, Class, Entry, entry};
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

/// Documents the named type `DamageKind`.
pub(crate) const DAMAGE_KIND_ALIAS: Alias = (
    "DamageKind",
    r#""battle"|"strategy"|"ability""#,
    "What deals damage: a unit's battle damage, a strategy's ○ effect, or an ability's effect.",
);

/// Documents the named type `LossCause`.
pub(crate) const LOSS_CAUSE_ALIAS: Alias = (
    "LossCause",
    r#""smash"|"deck_out""#,
    "A loss condition: too many smash-zone cards (RE1) or an empty deck (RE2).",
);

/// Documents the `DamageSource` class.
pub(crate) const DAMAGE_SOURCE_CLASS: Class = Class {
    name: "DamageSource",
    reached: "4th argument of a `damage` hook",
    doc: "Who deals damage about to be replaced.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "DamageSource",
        Field,
        "card",
        [],
        "Card?",
        "The card whose battle damage or effect it is.",
        "if src.card and src.card.kind == \"strategy\" then end"
    ),
    entry!(
        "DamageSource",
        Field,
        "kind",
        [],
        "DamageKind",
        "What deals it.",
        "if src.kind == \"strategy\" then return 0 end"
    ),
];
