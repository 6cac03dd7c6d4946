//! `card.entered`: how and when a card entered its square this turn (A48), as scripts read it.

use crate::context::Shared;
use crate::docs::{Entry, entry};
use crate::objects::args::valid;
use crate::objects::provenance::arrival_fields;
use crate::objects::values::{CardRef, square_value};
use mlua::{UserDataFields, Value};
use std::rc::Rc;

/// Adds `card.entered` to the card type.
pub(crate) fn add_entered<R: UserDataFields<CardRef>>(reg: &mut R, sh: &Rc<Shared>) {
    let sh = Rc::clone(sh);
    reg.add_field_method_get("entered", move |lua, this: &CardRef| {
        let entry = sh.view(lua, "card.entered", |v| {
            let c = valid(lua, v, this.0)?;
            Ok(v.entered_this_turn(c))
        })?;
        let Some(e) = entry else {
            return Ok(Value::Nil);
        };
        let t = lua.create_table()?;
        t.raw_set("turn", e.turn)?;
        t.raw_set("order", u32::from(e.order) + 1)?;
        t.raw_set("square", square_value(lua, &sh, e.square)?)?;
        arrival_fields(lua, &sh, &t, e.card.card, e.arrival, true)?;
        Ok(Value::Table(t))
    });
}

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[entry!(
    "Card",
    Field,
    "entered",
    [],
    "table?",
    "How and when this card, as the object it is now, last entered a square this turn (A48): `turn`, `order` (1 for the turn's first arrival in a square), `square`, and as on a placed event `from`, `cause` (`\"played\"`, `\"effect\"`, `\"moved\"`, …), `method`, `played_from`, `by`, `by_player`; nil if it has not entered a square this turn.",
    "local played_now = e.me.entered and e.me.entered.cause == \"played\""
)];
