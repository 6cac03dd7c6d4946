//! One declaration of a card script, of any kind, and the parsers that read each kind into it.

use crate::decl::activated::ActivatedDecl;
use crate::decl::card_costs::CardCostDecl;
use crate::decl::on_play::SpellDecl;
use crate::decl::play_method::MethodDecl;
use crate::decl::replace::ReplaceDecl;
use crate::decl::statics::StaticDecl;
use crate::decl::trigger::TriggerDecl;
use crate::decl::{activated, card_costs, on_play, play_method, replace, statics, trigger};
use mlua::{Function, Lua, Value};

/// One declaration of a card script.
pub(crate) enum Decl {
    /// `card:static{...}`: a ★ ability.
    Static(Box<StaticDecl>),
    /// `card:trigger{...}`: a ◆ ability.
    Trigger(TriggerDecl),
    /// `card:activated{...}`: a ● ability.
    Activated(ActivatedDecl),
    /// `card:play_method{...}`: a ☆ way to play the card.
    Method(MethodDecl),
    /// `card:play_cost(f)`: a change to this card's own play cost.
    OwnCost(Function),
    /// `card:replace{...}` (a ★ replacement on zone changes).
    Replace(ReplaceDecl),
    /// `card:play_costs{...}`: cards paid in addition on every play of this card.
    PlayCosts(Vec<CardCostDecl>),
    /// `card:on_play{...}`: a strategy's ○ effect.
    Spell(SpellDecl),
    /// `card:grantable{...}`: an ability for the card's effects to grant.
    Grantable {
        /// The name effects grant it by.
        name: String,
        /// The ability granted.
        ability: Box<Decl>,
    },
}

/// Parses `card:static{...}`.
pub(crate) fn parse_static(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Static(Box::new(statics::parse(lua, spec)?)))
}

/// Parses `card:trigger{...}`.
pub(crate) fn parse_trigger(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Trigger(trigger::parse(lua, spec)?))
}

/// Parses `card:activated{...}`.
pub(crate) fn parse_activated(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Activated(activated::parse(lua, spec)?))
}

/// Parses `card:play_method{...}`.
pub(crate) fn parse_method(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Method(play_method::parse(lua, spec)?))
}

/// Parses `card:replace{...}`.
pub(crate) fn parse_replace(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Replace(replace::parse(lua, spec)?))
}

/// Parses `card:play_costs{...}`.
pub(crate) fn parse_play_costs(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::PlayCosts(card_costs::parse_play_costs(lua, spec)?))
}

/// Parses `card:on_play{...}`.
pub(crate) fn parse_spell(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    Ok(Decl::Spell(on_play::parse(lua, spec)?))
}
