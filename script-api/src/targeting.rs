//! Targets beyond squares in Lua: `target.card` / `target.square` / `target.player` /
//! `target.item` specs, stack items as values, the values `e.target` / `e.targets` hold,
//! the context a target filter sees (`e.event`), and last-known information on cards.

use crate::convert;
use crate::objects::{
    CardRef, TargetDesc, card_value, event_table, player_value, square_value, str_arg, valid,
};
use crate::runtime::{Shared, misuse};
use dzero_core::{
    CardKind, ItemFilter, ItemId, ItemKind, ItemTag, Target, TargetKind, View, ZoneSet,
};
use mlua::{Lua, MetaMethod, Table, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// An item on the stack, by id; its fields read the item while it is on the active stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ItemRef(pub ItemId);

/// Item kinds accepted by `target.item{kind = ...}`.
const ITEM_KINDS: [(&str, ItemFilter); 5] = [
    ("any", ItemFilter::Any),
    ("play", ItemFilter::Play),
    ("strategy", ItemFilter::Strategy),
    ("move", ItemFilter::Move),
    ("ability", ItemFilter::Ability),
];

/// The script name of an item's kind: `strategy` for a played strategy, else its tag.
fn item_kind_name(v: &View<'_>, kind: &ItemKind, tag: ItemTag) -> &'static str {
    match (kind, tag) {
        (ItemKind::Play { card, .. }, _) if v.def(*card).kind == CardKind::Strategy => "strategy",
        (_, ItemTag::Play) => "play",
        (_, ItemTag::CreatePlan) => "create_plan",
        (_, ItemTag::UpdatePlan) => "update_plan",
        (_, ItemTag::Move) => "move",
        (_, ItemTag::Activated) => "activated",
        (_, ItemTag::Triggered) => "triggered",
        (_, ItemTag::Damage) => "damage",
        (_, ItemTag::Roll) => "roll",
    }
}

/// Registers the item userdata type.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<ItemRef>(move |reg| {
        reg.add_field_method_get("id", |_, this: &ItemRef| Ok(this.0.0));
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("on_stack", move |lua, this: &ItemRef| {
                sh.view(lua, "item.on_stack", |v| Ok(v.item(this.0).is_some()))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("kind", move |lua, this: &ItemRef| {
                sh.view(lua, "item.kind", |v| {
                    Ok(v.item(this.0)
                        .map(|i| item_kind_name(v, &i.kind, i.summary().0)))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("card", move |lua, this: &ItemRef| {
                let card = sh.view(lua, "item.card", |v| {
                    Ok(v.item(this.0).and_then(|i| i.summary().1))
                })?;
                card.map_or(Ok(Value::Nil), |c| card_value(lua, &sh, c))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("controller", move |lua, this: &ItemRef| {
                let p = sh.view(lua, "item.controller", |v| {
                    Ok(v.item(this.0).map(|i| i.controller))
                })?;
                p.map_or(Ok(Value::Nil), |p| player_value(lua, &sh, p))
            });
        }
        reg.add_meta_method(MetaMethod::ToString, |_, this: &ItemRef, ()| {
            Ok(format!("item#{}", this.0.0))
        });
        reg.add_meta_method(MetaMethod::Eq, |_, this: &ItemRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<ItemRef>().is_ok_and(|i| i.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _this: &ItemRef, k: Value| {
            let k = match &k {
                Value::String(s) => s.to_string_lossy(),
                other => format!("<{}>", other.type_name()),
            };
            Err::<Value, _>(misuse(lua, format!("item has no field '{k}'")))
        });
    })
}

/// The Lua value of a target: a card, a square, a player or an item.
pub(crate) fn target_value(lua: &Lua, sh: &Shared, t: Target) -> mlua::Result<Value> {
    match t {
        Target::Card(c) => card_value(lua, sh, c),
        Target::Square(s) => square_value(lua, sh, s),
        Target::Player(p) => player_value(lua, sh, p),
        Target::Item(i) => Ok(Value::UserData(lua.create_any_userdata(ItemRef(i))?)),
    }
}

/// A Lua list of targets.
pub(crate) fn target_list(lua: &Lua, sh: &Shared, targets: &[Target]) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (i, &x) in targets.iter().enumerate() {
        t.raw_set(i + 1, target_value(lua, sh, x)?)?;
    }
    Ok(t)
}

/// Reads a stack-item argument (as `e.target` holds it for `target.item`).
pub(crate) fn item_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<ItemId> {
    if let Value::UserData(ud) = v
        && let Ok(i) = ud.borrow::<ItemRef>()
    {
        return Ok(i.0);
    }
    Err(misuse(
        lua,
        format!(
            "{what}: a stack item was expected, got {}",
            crate::objects::type_name(v)
        ),
    ))
}

/// The third argument of a target filter: `{ event = ... }` while a ◆ ability's targets are
/// chosen or checked, nil otherwise.
pub(crate) fn filter_context(lua: &Lua, sh: &Shared, view: &View<'_>) -> mlua::Result<Value> {
    match view.event() {
        Some(e) => {
            let t = lua.create_table()?;
            t.raw_set("event", event_table(lua, sh, &e)?)?;
            Ok(Value::Table(t))
        }
        None => Ok(Value::Nil),
    }
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
            let ud = crate::objects::target_desc(lua, kind, "card", &opts)?;
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
            lua.create_function(move |lua, opts: Value| {
                crate::objects::target_desc(lua, kind, name, &opts)
            })?,
        )?;
    }
    Ok(())
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

/// Adds `card.last_square` and `card:last_known()` to the card type.
pub(crate) fn add_card_members<R>(reg: &mut R, sh: &Rc<Shared>)
where
    R: UserDataFields<CardRef> + UserDataMethods<CardRef>,
{
    {
        let sh = Rc::clone(sh);
        reg.add_field_method_get("last_square", move |lua, this: &CardRef| {
            let s = sh.view(lua, "card.last_square", |v| {
                Ok(v.last_known(valid(lua, v, this.0)?).map(|l| l.square))
            })?;
            s.map_or(Ok(Value::Nil), |s| square_value(lua, &sh, s))
        });
    }
    let sh = Rc::clone(sh);
    reg.add_method("last_known", move |lua, this: &CardRef, ()| {
        let lk = sh.view(lua, "card:last_known", |v| {
            Ok(v.last_known(valid(lua, v, this.0)?))
        })?;
        let Some(lk) = lk else {
            return Ok(Value::Nil);
        };
        let t = lua.create_table()?;
        t.raw_set("square", square_value(lua, &sh, lk.square)?)?;
        t.raw_set("owner", player_value(lua, &sh, lk.owner)?)?;
        t.raw_set("power", lk.power)?;
        t.raw_set("smash", lk.smash)?;
        t.raw_set("damage", lk.damage)?;
        t.raw_set("frozen", lk.frozen)?;
        let kw = lua.create_table()?;
        for (i, k) in convert::keyword_names(lk.keywords).enumerate() {
            kw.raw_set(i + 1, k)?;
        }
        t.raw_set("keywords", kw)?;
        Ok(Value::Table(t))
    });
}
