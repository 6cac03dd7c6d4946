//! Target specs: the `target` table (`target.unit{...}` and the other kinds), the options each
//! kind takes, and the `TargetSpec` userdata they build.

use crate::convert;
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{int_arg, str_arg};
use crate::objects::values::{TargetDesc, type_name};
use dzero_core::{CardKind, ItemFilter, Side, TargetKind, ZoneSet};
use mlua::{AnyUserData, Lua, MetaMethod, Table, UserDataFields, UserDataMethods, Value};

/// Item kinds accepted by `target.item{kind = ...}`.
const ITEM_KINDS: [(&str, ItemFilter); 5] = [
    ("any", ItemFilter::Any),
    ("play", ItemFilter::Play),
    ("strategy", ItemFilter::Strategy),
    ("move", ItemFilter::Move),
    ("ability", ItemFilter::Ability),
];

/// Registers the `TargetSpec` userdata type.
pub(crate) fn register(lua: &Lua) -> mlua::Result<()> {
    lua.register_userdata_type::<TargetDesc>(|reg| {
        reg.add_field_method_get("count", |_, t| Ok(t.count));
        reg.add_meta_method(MetaMethod::ToString, |_, t, ()| {
            Ok(format!("target({:?}, {:?}, {})", t.kind, t.side, t.count))
        });
    })
}

/// The `target` table: `target.unit{...}`, `target.base{...}`, `target.unit_or_base{...}`.
pub(crate) fn target_table(lua: &Lua) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (name, kind) in [
        ("unit", TargetKind::Unit),
        ("base", TargetKind::Base),
        ("unit_or_base", TargetKind::UnitOrBase),
    ] {
        t.raw_set(
            name,
            lua.create_function(move |lua, opts: Value| target_desc(lua, kind, name, &opts))?,
        )?;
    }
    add_target_kinds(lua, &t)?;
    Ok(t)
}

/// Adds `target.card`, `target.square`, `target.player` and `target.item` to the `target` table.
pub(crate) fn add_target_kinds(lua: &Lua, t: &Table) -> mlua::Result<()> {
    t.raw_set(
        "card",
        lua.create_function(|lua, opts: Value| {
            let kind = TargetKind::Card {
                zones: ZoneSet::NONE,
                kind: None,
            };
            let ud = target_desc(lua, kind, "card", &opts)?;
            let zones_set = matches!(
                ud.borrow::<TargetDesc>()?.kind,
                TargetKind::Card { zones, .. } if zones != ZoneSet::NONE
            );
            if !zones_set {
                return Err(misuse(
                    lua,
                    "target.card: needs zone = \"graveyard\" (or a list of zones: field, hand, \
                     graveyard, plan, energy, smash, remove)"
                        .to_owned(),
                ));
            }
            Ok(ud)
        })?,
    )?;
    for (name, kind) in [
        ("square", TargetKind::Square),
        ("player", TargetKind::Player),
        ("item", TargetKind::Item(ItemFilter::Any)),
    ] {
        t.raw_set(
            name,
            lua.create_function(move |lua, opts: Value| target_desc(lua, kind, name, &opts))?,
        )?;
    }
    Ok(())
}

/// Builds the target spec `target.<name>(opts)` of `kind`; its filter becomes the user value.
pub(crate) fn target_desc(
    lua: &Lua,
    kind: TargetKind,
    name: &str,
    opts: &Value,
) -> mlua::Result<AnyUserData> {
    let what = format!("target.{name}");
    let mut desc = TargetDesc {
        kind,
        side: Side::Any,
        count: 1,
        up_to: false,
    };
    let mut filter = None;
    match opts {
        Value::Nil => {}
        Value::Table(t) => {
            for pair in t.pairs::<Value, Value>() {
                let (k, v) = pair?;
                let key = str_arg(lua, &k, &what)?;
                match key.as_str() {
                    "side" => {
                        let s = str_arg(lua, &v, &format!("{what}{{side}}"))?;
                        desc.side = convert::side(&s).ok_or_else(|| {
                            misuse(lua, format!("{what}: side must be \"any\", \"own\" or \"opponent\", not '{s}'"))
                        })?;
                    }
                    "count" => {
                        let n = int_arg(lua, &v, &format!("{what}{{count}}"))?;
                        if !(1..=dzero_core::MAX_TARGETS as i64).contains(&n) {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: count must be 1..{}, not {n}",
                                    dzero_core::MAX_TARGETS
                                ),
                            ));
                        }
                        desc.count = n as u8;
                    }
                    "up_to" => {
                        desc.up_to = v.as_boolean().ok_or_else(|| {
                            misuse(lua, format!("{what}: up_to must be true or false"))
                        })?;
                    }
                    "filter" => match v {
                        Value::Function(f) => filter = Some(f),
                        other => {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: filter must be a function(self, candidate), got {}",
                                    type_name(&other)
                                ),
                            ));
                        }
                    },
                    other => {
                        if !kind_option(lua, &mut desc, other, &v, &what)? {
                            return Err(misuse(
                                lua,
                                format!(
                                    "{what}: unknown option '{other}' (side, count, up_to, \
                                     filter, zone, kind)"
                                ),
                            ));
                        }
                    }
                }
            }
        }
        other => {
            return Err(misuse(
                lua,
                format!("{what}: options must be a table, got {}", type_name(other)),
            ));
        }
    }
    let ud = lua.create_any_userdata(desc)?;
    if let Some(f) = filter {
        ud.set_user_value(f)?;
    }
    Ok(ud)
}

/// Reads the options only some target kinds take: `zone` and `kind` for `target.card`, `kind`
/// for `target.item`. Returns whether `key` was one of them.
pub(crate) fn kind_option(
    lua: &Lua,
    desc: &mut TargetDesc,
    key: &str,
    v: &Value,
    what: &str,
) -> mlua::Result<bool> {
    match (&mut desc.kind, key) {
        (TargetKind::Card { zones, .. }, "zone") => {
            let names: Vec<String> = match v {
                Value::Table(t) => t
                    .sequence_values::<Value>()
                    .map(|z| str_arg(lua, &z?, &format!("{what}{{zone}}")))
                    .collect::<mlua::Result<_>>()?,
                other => vec![str_arg(lua, other, &format!("{what}{{zone}}"))?],
            };
            let set = convert::zone_set(names.iter().map(String::as_str))
                .map_err(|e| misuse(lua, format!("{what}: {e}")))?;
            if set.contains(dzero_core::Zone::Deck) || set.contains(dzero_core::Zone::Stack) {
                return Err(misuse(
                    lua,
                    format!(
                        "{what}: cards in the deck or on the stack cannot be targeted (target a \
                         stack item with target.item)"
                    ),
                ));
            }
            *zones = set;
            Ok(true)
        }
        (TargetKind::Card { kind, .. }, "kind") => {
            let name = str_arg(lua, v, &format!("{what}{{kind}}"))?;
            *kind = Some(match name.as_str() {
                "unit" => CardKind::Unit,
                "base" => CardKind::Base,
                "strategy" => CardKind::Strategy,
                _ => {
                    return Err(misuse(
                        lua,
                        format!(
                            "{what}: kind must be \"unit\", \"base\" or \"strategy\", not '{name}'"
                        ),
                    ));
                }
            });
            Ok(true)
        }
        (TargetKind::Item(filter), "kind") => {
            let name = str_arg(lua, v, &format!("{what}{{kind}}"))?;
            *filter = ITEM_KINDS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, f)| *f)
                .ok_or_else(|| {
                    misuse(
                        lua,
                        format!(
                            "{what}: kind must be one of {}, not '{name}'",
                            ITEM_KINDS.map(|(n, _)| n).join(", ")
                        ),
                    )
                })?;
            Ok(true)
        }
        (_, "zone") => Err(misuse(
            lua,
            format!("{what}: zone is an option of target.card only"),
        )),
        (_, "kind") => Err(misuse(
            lua,
            format!("{what}: kind is an option of target.card and target.item only"),
        )),
        _ => Ok(false),
    }
}

/// Whether a spec of this kind filters cards only (its Lua filter is a card filter).
pub(crate) fn is_card_kind(kind: TargetKind) -> bool {
    matches!(
        kind,
        TargetKind::Unit | TargetKind::Base | TargetKind::UnitOrBase | TargetKind::Card { .. }
    )
}

/// Documents the `TargetOptions` class.
pub(crate) const TARGET_OPTIONS_CLASS: Class = Class {
    name: "TargetOptions",
    reached: "`target.unit { ... }`",
    doc: "Options of a target spec (R7.4).",
};

/// Documents the `target` namespace.
pub(crate) const TARGET_CLASS: Class = Class {
    name: "target",
    reached: "`target`",
    doc: "Target specs for `target = ...` fields.",
};

/// Documents the `TargetSpec` class.
pub(crate) const TARGET_SPEC_CLASS: Class = Class {
    name: "TargetSpec",
    reached: "`target.unit()`",
    doc: "A target spec, checked by the engine when targets are chosen and again on resolution (R7.5).",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "TargetOptions",
        Field,
        "side",
        [],
        "\"any\"|\"own\"|\"opponent\"?",
        "Whose cards (relative to the controller; default \"any\").",
        "target.unit { side = \"own\" }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "count",
        [],
        "integer?",
        "Number of distinct targets, 1–4 (default 1).",
        "target.unit { count = 2 }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "up_to",
        [],
        "boolean?",
        "Up to `count` targets (「…まで選び」): fewer, or none, may be chosen.",
        "target.unit { up_to = true }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "filter",
        [],
        "fun(self: Card, candidate: Target, e: FilterContext?): boolean?",
        "A further condition on candidates (cards; squares, players or items for those specs); `e.event` is the trigger of a ◆ ability (nil elsewhere).",
        "target.unit { filter = function(self, c) return c.power <= 3000 end }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "zone",
        [],
        "ZoneName|ZoneName[]?",
        "target.card: the zones searched (required): field, hand, graveyard, plan, energy, smash, remove.",
        "target.card { zone = \"graveyard\", side = \"own\" }"
    ),
    entry!(
        "TargetOptions",
        Field,
        "kind",
        [],
        "string?",
        "target.card: the card type (\"unit\", \"base\", \"strategy\"); target.item: the item kind (\"any\" but battle damage, \"play\", \"strategy\", \"move\", \"ability\"; default \"any\").",
        "target.item { kind = \"strategy\" }"
    ),
    entry!(
        "target",
        Function,
        "card",
        [("opts", "TargetOptions")],
        "TargetSpec",
        "A card in the named zones (`zone` is required; never the deck or the stack), e.g. in a graveyard; side is the owner. Legal while it stays the same object (R7.3).",
        "target.card { zone = \"graveyard\", side = \"own\", kind = \"unit\" }"
    ),
    entry!(
        "target",
        Function,
        "square",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A square; side own / opponent means a square of that player\'s area or base squares (the centre area is nobody\'s).",
        "target.square { filter = function(self, s) return s:unit(self.owner.opponent) ~= nil end }"
    ),
    entry!(
        "target",
        Function,
        "player",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A player (side \"own\": the controller, \"opponent\": the other player).",
        "target.player { side = \"opponent\" }"
    ),
    entry!(
        "target",
        Function,
        "item",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "An item on the current stack (a pending stack counts as non-existent, R11.4; battle damage is never a target); side is its controller. Illegal once it left the stack.",
        "target.item { kind = \"strategy\" }"
    ),
    entry!(
        "target",
        Function,
        "unit",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A unit in the battle space.",
        "target.unit()"
    ),
    entry!(
        "target",
        Function,
        "base",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A base in a base space.",
        "target.base { side = \"opponent\" }"
    ),
    entry!(
        "target",
        Function,
        "unit_or_base",
        [("opts?", "TargetOptions")],
        "TargetSpec",
        "A unit or a base.",
        "target.unit_or_base()"
    ),
    entry!(
        "TargetSpec",
        Field,
        "count",
        [],
        "integer",
        "Number of targets.",
        "local n = target.unit { count = 2 }.count"
    ),
];
