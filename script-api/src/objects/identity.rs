//! Object identity of card handles (R7.3, A46): whether a handle still names the object it was
//! made for, and whether two handles name the same object.

use crate::context::Shared;
use crate::docs::{Entry, entry};
use crate::objects::args::{object_arg, valid};
use crate::objects::values::CardRef;
use dzero_core::TargetRef;
use mlua::{UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// Adds `card.alive` and `card:is_same(other)` to the card type.
pub(crate) fn add_identity<R>(reg: &mut R, sh: &Rc<Shared>)
where
    R: UserDataFields<CardRef> + UserDataMethods<CardRef>,
{
    {
        let sh = Rc::clone(sh);
        reg.add_field_method_get("alive", move |lua, this: &CardRef| {
            sh.view(lua, "card.alive", |v| {
                let c = valid(lua, v, this.0)?;
                Ok(this
                    .1
                    .is_none_or(|inc| v.is_current(TargetRef { card: c, inc })))
            })
        });
    }
    let sh = Rc::clone(sh);
    reg.add_method("is_same", move |lua, this: &CardRef, o: Value| {
        let (o, pin) = object_arg(lua, &o, "card:is_same(other)")?;
        sh.view(lua, "card:is_same", |v| {
            let (a, b) = (valid(lua, v, this.0)?, valid(lua, v, o)?);
            // A handle without an incarnation names the card's object as it is now.
            let now = |c, inc: Option<u16>| inc.or_else(|| v.object(c).map(|r| r.inc));
            Ok(a == b && now(a, this.1) == now(b, pin))
        })
    });
}

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Card",
        Field,
        "alive",
        [],
        "boolean",
        "Whether this handle still names the object it was made for: false for `e.me` once the card of a ● or ◆ item has changed zones since the item went on the stack (R7.3); effects on such a handle do nothing. Always true for other handles.",
        "if e.me.alive then g:boost(e.me, 1000) end"
    ),
    entry!(
        "Card",
        Method,
        "is_same",
        [("other", "Card")],
        "boolean",
        "Whether both handles name the same object: the same card, not changed zones in between (R7.3). `==` compares cards only.",
        "if e.me:is_same(e.event.card) then end"
    ),
];
