//! Target specs: the `target` table (`target.unit{...}` and the other kinds), the options each
//! kind takes, and the `TargetSpec` userdata they build.

use crate::convert;
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
                Value::Table(t) => t.sequence_values::<String>().collect::<mlua::Result<_>>()?,
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
