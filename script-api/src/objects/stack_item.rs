//! The `StackItem` userdata: an item on the stack (a played card, a move, an ability) by
//! identity, as `e.target` holds it for a `target.item` spec.

use crate::context::Shared;
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::values::{ItemRef, card_value, player_value};
use dzero_core::{CardKind, ItemKind, ItemTag, Query};
use mlua::{Lua, MetaMethod, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// The script name of an item's kind: `strategy` for a played strategy, else its tag.
fn item_kind_name(v: &Query<'_>, kind: &ItemKind, tag: ItemTag) -> &'static str {
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

/// Registers the `StackItem` userdata type.
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
            let k = crate::error::key_text(&k);
            Err::<Value, _>(misuse(lua, format!("item has no field '{k}'")))
        });
    })
}

/// Documents the `StackItem` class.
pub(crate) const STACK_ITEM_CLASS: Class = Class {
    name: "StackItem",
    reached: "`e.target` of a `target.item` spec",
    doc: "An item on the stack (a played card, a move, an ability), by identity.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "StackItem",
        Field,
        "id",
        [],
        "integer",
        "Its identity, unique in the game.",
        "local id = e.target.id"
    ),
    entry!(
        "StackItem",
        Field,
        "on_stack",
        [],
        "boolean",
        "Whether it is still on the current stack.",
        "if e.target.on_stack then end"
    ),
    entry!(
        "StackItem",
        Field,
        "kind",
        [],
        "string?",
        "While on the stack: \"strategy\", \"play\", \"move\", \"activated\", \"triggered\", \"create_plan\", \"update_plan\" or \"damage\".",
        "if e.target.kind == \"move\" then end"
    ),
    entry!(
        "StackItem",
        Field,
        "card",
        [],
        "Card?",
        "While on the stack: the card it came from (the played card, the moving unit, the ability\'s card).",
        "local c = e.target.card"
    ),
    entry!(
        "StackItem",
        Field,
        "controller",
        [],
        "Player?",
        "While on the stack: who controls it.",
        "local p = e.target.controller"
    ),
];
