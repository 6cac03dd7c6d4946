//! The `Player` userdata: a player and the cards in their zones.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Class, Entry, entry};
use crate::error::{misuse, unknown_field};
use crate::objects::args::{square_arg, str_arg};
use crate::objects::values::{PlayerRef, card_list, card_value, player_value};
use dzero_core::{CardId, CardKind, Player, Query, Zone};
use mlua::{Lua, MetaMethod, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

fn zone_cards(v: &Query<'_>, p: Player, z: Zone) -> Vec<CardId> {
    match z {
        Zone::Field => v
            .field()
            .iter()
            .copied()
            .filter(|&c| v.controller(c) == p)
            .collect(),
        _ => v.game.zone(p, z),
    }
}

/// Registers the `Player` userdata type.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<PlayerRef>(move |reg| {
        reg.add_field_method_get("index", |_, p: &PlayerRef| Ok(p.0.index() + 1));
        reg.add_field_method_get("name", |_, p: &PlayerRef| Ok(p.0.to_string()));
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("opponent", move |lua, p: &PlayerRef| {
                player_value(lua, &sh, p.0.opponent())
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("is_active", move |lua, p: &PlayerRef| {
                sh.view(lua, "player.is_active", |v| Ok(v.active() == p.0))
            });
        }
        let zones: [(&str, Zone); 7] = [
            ("hand", Zone::Hand),
            ("deck", Zone::Deck),
            ("graveyard", Zone::Graveyard),
            ("energy", Zone::Energy),
            ("smash_zone", Zone::Smash),
            ("removed", Zone::Remove),
            ("field", Zone::Field),
        ];
        for (name, z) in zones {
            let sh = Rc::clone(&sh);
            reg.add_method(name, move |lua, p: &PlayerRef, ()| {
                let cards = sh.view(lua, name, |v| Ok(zone_cards(v, p.0, z)))?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("zone", move |lua, p: &PlayerRef, name: Value| {
                let name = str_arg(lua, &name, "player:zone(name)")?;
                let z = convert::zone(&name)
                    .ok_or_else(|| misuse(lua, format!("unknown zone '{name}'")))?;
                let cards = sh.view(lua, "player:zone", |v| Ok(zone_cards(v, p.0, z)))?;
                card_list(lua, &sh, cards)
            });
        }
        for (name, kind) in [("units", CardKind::Unit), ("bases", CardKind::Base)] {
            let sh = Rc::clone(&sh);
            reg.add_method(name, move |lua, p: &PlayerRef, ()| {
                let cards = sh.view(lua, name, |v| {
                    Ok(v.field()
                        .iter()
                        .copied()
                        .filter(|&c| v.controller(c) == p.0 && v.def(c).kind == kind)
                        .collect::<Vec<_>>())
                })?;
                card_list(lua, &sh, cards)
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("unit_at", move |lua, p: &PlayerRef, s: Value| {
                let s = square_arg(lua, &s, "player:unit_at(square)")?;
                let c = sh.view(lua, "player:unit_at", |v| Ok(v.unit_at(p.0, s)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("plan", move |lua, p: &PlayerRef, ()| {
                let c = sh.view(lua, "player:plan", |v| Ok(v.game.plan_card(p.0)))?;
                c.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        reg.add_meta_method(MetaMethod::ToString, |_, p: &PlayerRef, ()| Ok(p.0.to_string()));
        reg.add_meta_method(MetaMethod::Eq, |_, this: &PlayerRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<PlayerRef>().is_ok_and(|p| p.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _p: &PlayerRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "player", &k))
        });
    })
}

/// Documents the `Player` class.
pub(crate) const PLAYER_CLASS: Class = Class {
    name: "Player",
    reached: "`card.owner`, `e.controller`",
    doc: "A player.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Player",
        Field,
        "index",
        [],
        "integer",
        "1 or 2.",
        "if p.index == 1 then end"
    ),
    entry!(
        "Player",
        Field,
        "name",
        [],
        "string",
        "\"P1\" or \"P2\".",
        "print(p.name)"
    ),
    entry!(
        "Player",
        Field,
        "opponent",
        [],
        "Player",
        "The other player.",
        "g:draw(e.controller.opponent)"
    ),
    entry!(
        "Player",
        Field,
        "is_active",
        [],
        "boolean",
        "Whether it is this player's turn.",
        "if self.owner.is_active then end"
    ),
    entry!(
        "Player",
        Method,
        "hand",
        [],
        "Card[]",
        "Cards in hand.",
        "local h = p:hand()"
    ),
    entry!(
        "Player",
        Method,
        "deck",
        [],
        "Card[]",
        "Deck, bottom first.",
        "local n = #p:deck()"
    ),
    entry!(
        "Player",
        Method,
        "graveyard",
        [],
        "Card[]",
        "Graveyard, bottom first.",
        "local gy = p:graveyard()"
    ),
    entry!(
        "Player",
        Method,
        "energy",
        [],
        "Card[]",
        "Energy zone.",
        "local en = p:energy()"
    ),
    entry!(
        "Player",
        Method,
        "smash_zone",
        [],
        "Card[]",
        "Smash zone.",
        "if #p:smash_zone() >= 6 then end"
    ),
    entry!(
        "Player",
        Method,
        "removed",
        [],
        "Card[]",
        "Remove zone.",
        "local r = p:removed()"
    ),
    entry!(
        "Player",
        Method,
        "field",
        [],
        "Card[]",
        "The cards in squares the player controls.",
        "local mine = p:field()"
    ),
    entry!(
        "Player",
        Method,
        "zone",
        [("name", "ZoneName")],
        "Card[]",
        "Cards of a zone by name.",
        "local gy = p:zone(\"graveyard\")"
    ),
    entry!(
        "Player",
        Method,
        "units",
        [],
        "Card[]",
        "The units in squares the player controls (its own, and others it took control of).",
        "for _, u in ipairs(p:units()) do end"
    ),
    entry!(
        "Player",
        Method,
        "bases",
        [],
        "Card[]",
        "The bases in squares the player controls.",
        "local b = p:bases()"
    ),
    entry!(
        "Player",
        Method,
        "unit_at",
        [("square", "Square|string")],
        "Card?",
        "The unit the player controls in a square.",
        "local u = p:unit_at(\"b2\")"
    ),
    entry!(
        "Player",
        Method,
        "plan",
        [],
        "Card?",
        "The plan card, if the plan zone is open.",
        "local pc = p:plan()"
    ),
];
