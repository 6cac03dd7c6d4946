//! The `Card` userdata: a card of the game as scripts read it (fields, methods, comparisons),
//! including what was last known of it in a square.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Class, Entry, entry};
use crate::error::{misuse, unknown_field};
use crate::objects::args::{card_arg, str_arg, valid};
use crate::objects::cost::cost_table;
use crate::objects::memory::{mem_key, mem_scope, mem_value, recalled};
use crate::objects::provenance;
use crate::objects::values::{CardRef, card_value, player_value, square_value};
use dzero_core::{CardKind, Colour};
use mlua::{Lua, MetaMethod, UserDataFields, UserDataMethods, Value};
use std::rc::Rc;

/// Registers the `Card` userdata type.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<CardRef>(move |reg| {
        macro_rules! field {
            ($name:literal, |$lua:ident, $v:ident, $c:ident| $body:expr) => {{
                let sh = Rc::clone(&sh);
                reg.add_field_method_get($name, move |$lua, this: &CardRef| {
                    sh.view($lua, concat!("card.", $name), |$v| {
                        let $c = valid($lua, $v, this.0)?;
                        $body
                    })
                });
            }};
        }
        reg.add_field_method_get("id", |_, this: &CardRef| Ok(this.0.0));
        add_last_known(reg, &sh);
        crate::objects::identity::add_identity(reg, &sh);
        crate::objects::entered::add_entered(reg, &sh);
        field!("name", |lua, v, c| Ok(v.def(c).name.clone()));
        field!("play_name", |lua, v, c| Ok(v.def(c).play_name().to_owned()));
        field!("kind", |lua, v, c| Ok(convert::kind_name(v.def(c).kind)));
        field!("is_unit", |lua, v, c| Ok(v.def(c).kind == CardKind::Unit));
        field!("is_base", |lua, v, c| Ok(v.def(c).kind == CardKind::Base));
        field!("is_strategy", |lua, v, c| Ok(
            v.def(c).kind == CardKind::Strategy
        ));
        field!("power", |lua, v, c| Ok(v.power(c)));
        field!("smash", |lua, v, c| Ok(v.smash(c)));
        field!("printed_power", |lua, v, c| Ok(v.def(c).power));
        field!("printed_smash", |lua, v, c| Ok(v.def(c).smash));
        field!("damage", |lua, v, c| Ok(v.damage(c)));
        field!("frozen", |lua, v, c| Ok(v.frozen(c)));
        field!("race", |lua, v, c| Ok(v.def(c).race.clone()));
        field!("text", |lua, v, c| Ok(v.def(c).text.clone()));
        field!("zone", |lua, v, c| Ok(convert::zone_name(v.loc(c).zone())));
        field!("in_play", |lua, v, c| Ok(v.square(c).is_some()));
        for name in ["played_from", "came_from", "cause"] {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get(name, move |lua, this: &CardRef| {
                sh.view(lua, "card.provenance", |v| {
                    let c = valid(lua, v, this.0)?;
                    Ok(provenance::card_field(v, c, name))
                })
            });
        }
        field!("play_method", |lua, v, c| Ok(v.play_method(c).map(str::to_owned)));
        {
            let sh2 = Rc::clone(&sh);
            field!("put_by", |lua, v, c| match v.arrival(c).cause {
                dzero_core::Cause::Effect { card: Some(by), .. } => card_value(lua, &sh2, by),
                _ => Ok(Value::Nil),
            });
        }
        field!("timing", |lua, v, c| Ok(match v.def(c).timing {
            dzero_core::Timing::Normal => "normal",
            dzero_core::Timing::Quick => "quick",
            dzero_core::Timing::Battle => "battle",
        }));
        {
            let sh2 = Rc::clone(&sh);
            field!("owner", |lua, v, c| player_value(lua, &sh2, v.owner(c)));
        }
        {
            let sh2 = Rc::clone(&sh);
            field!("controller", |lua, v, c| player_value(
                lua,
                &sh2,
                v.controller(c)
            ));
        }
        {
            let sh2 = Rc::clone(&sh);
            field!("square", |lua, v, c| match v.square(c) {
                Some(s) => square_value(lua, &sh2, s),
                None => Ok(Value::Nil),
            });
        }
        field!("area", |lua, v, c| Ok(v.area(c).map(convert::area_name)));
        field!("line", |lua, v, c| Ok(v
            .square(c)
            .map(|s| convert::line_name(s.line(v.controller(c))))));
        field!("colours", |lua, v, c| {
            let t = lua.create_table()?;
            for (i, col) in v.def(c).colours.iter().enumerate() {
                t.raw_set(i + 1, convert::colour_name(col))?;
            }
            Ok(t)
        });
        field!("keywords", |lua, v, c| {
            let t = lua.create_table()?;
            for (i, k) in convert::keyword_names(v.keywords(c)).enumerate() {
                t.raw_set(i + 1, k)?;
            }
            Ok(t)
        });
        field!("cost", |lua, v, c| cost_table(lua, &v.def(c).cost));
        field!("use_cost", |lua, v, c| cost_table(
            lua,
            &v.play_cost(c, v.def(c).cost)
        ));
        field!("move_cost", |lua, v, c| match &v.def(c).move_cost {
            Some(m) => Ok(Value::Table(cost_table(lua, m)?)),
            None => Ok(Value::Nil),
        });
        {
            let sh = Rc::clone(&sh);
            reg.add_method("has", move |lua, this: &CardRef, k: Value| {
                let name = str_arg(lua, &k, "card:has(keyword)")?;
                let kw = convert::keyword(&name)
                    .ok_or_else(|| misuse(lua, convert::unknown_keyword(&name)))?;
                sh.view(lua, "card:has", |v| Ok(v.keywords(valid(lua, v, this.0)?).has(kw)))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("is_colour", move |lua, this: &CardRef, k: Value| {
                let name = str_arg(lua, &k, "card:is_colour(colour)")?;
                let col: Colour = convert::colour(&name)
                    .ok_or_else(|| misuse(lua, format!("unknown colour '{name}'")))?;
                sh.view(lua, "card:is_colour", |v| {
                    Ok(v.def(valid(lua, v, this.0)?).colours.contains(col))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("adjacent", move |lua, this: &CardRef, o: Value| {
                let o = card_arg(lua, &o, "card:adjacent(other)")?;
                sh.view(lua, "card:adjacent", |v| {
                    let (a, b) = (valid(lua, v, this.0)?, valid(lua, v, o)?);
                    Ok(matches!((v.square(a), v.square(b)), (Some(x), Some(y)) if x.adjacent(y)))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("same_line", move |lua, this: &CardRef, o: Value| {
                let o = card_arg(lua, &o, "card:same_line(other)")?;
                sh.view(lua, "card:same_line", |v| {
                    let (a, b) = (valid(lua, v, this.0)?, valid(lua, v, o)?);
                    Ok(matches!((v.square(a), v.square(b)), (Some(x), Some(y)) if x.same_line(y)))
                })
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method(
                "recall",
                move |lua, this: &CardRef, (k, scope): (Value, Value)| {
                    let what = "card:recall(key, scope)";
                    let key = mem_key(lua, &k, what)?;
                    let scope = mem_scope(lua, &scope, Some(this.0), what)?;
                    let m = sh.view(lua, "card:recall", |v| {
                        valid(lua, v, this.0)?;
                        Ok(recalled(v, scope, key))
                    })?;
                    mem_value(lua, &sh, m)
                },
            );
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_meta_method(MetaMethod::ToString, move |lua, this: &CardRef, ()| {
                let name = sh
                    .view(lua, "tostring", |v| Ok(v.def(valid(lua, v, this.0)?).name.clone()))
                    .unwrap_or_else(|_| "card".into());
                Ok(format!("{name}#{}", this.0.0))
            });
        }
        reg.add_meta_method(MetaMethod::Eq, |_, this: &CardRef, o: Value| {
            Ok(matches!(&o, Value::UserData(ud) if ud.borrow::<CardRef>().is_ok_and(|c| c.0 == this.0)))
        });
        reg.add_meta_method(MetaMethod::Index, |lua, _this: &CardRef, k: Value| {
            Err::<Value, _>(unknown_field(lua, "card", &k))
        });
    })
}

/// Adds `card.last_square` and `card:last_known()` to the card type.
fn add_last_known<R>(reg: &mut R, sh: &Rc<Shared>)
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

/// Documents the `Card` class.
pub(crate) const CARD_CLASS: Class = Class {
    name: "Card",
    reached: "`self`, `e.target`, lists",
    doc: "A card of the game. The same card is always the same value, so cards work as table keys and compare with `==`.",
};

/// Documents the `LastKnown` class.
pub(crate) const LAST_KNOWN_CLASS: Class = Class {
    name: "LastKnown",
    reached: "`card:last_known()`",
    doc: "A card as it was just before it last left a square.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Card",
        Field,
        "id",
        [],
        "integer",
        "The card's id in this game.",
        "print(self.id)"
    ),
    entry!(
        "Card",
        Field,
        "name",
        [],
        "string",
        "Full printed name.",
        "if c.name == \"チルノ\" then end"
    ),
    entry!(
        "Card",
        Field,
        "play_name",
        [],
        "string",
        "The name in play, without a 〈…〉 part (R18.4).",
        "if c.play_name == \"チルノ\" then end"
    ),
    entry!(
        "Card",
        Field,
        "kind",
        [],
        "CardKind",
        "Card type.",
        "if c.kind == \"base\" then end"
    ),
    entry!(
        "Card",
        Field,
        "is_unit",
        [],
        "boolean",
        "Whether it is a unit.",
        "if c.is_unit then end"
    ),
    entry!(
        "Card",
        Field,
        "is_base",
        [],
        "boolean",
        "Whether it is a base.",
        "if c.is_base then end"
    ),
    entry!(
        "Card",
        Field,
        "is_strategy",
        [],
        "boolean",
        "Whether it is a strategy.",
        "if c.is_strategy then end"
    ),
    entry!(
        "Card",
        Field,
        "power",
        [],
        "integer",
        "Current power after continuous effects.",
        "if c.power >= 5000 then end"
    ),
    entry!(
        "Card",
        Field,
        "smash",
        [],
        "integer",
        "Current smash.",
        "local n = c.smash"
    ),
    entry!(
        "Card",
        Field,
        "printed_power",
        [],
        "integer",
        "Printed power.",
        "local p = c.printed_power"
    ),
    entry!(
        "Card",
        Field,
        "printed_smash",
        [],
        "integer",
        "Printed smash.",
        "local s = c.printed_smash"
    ),
    entry!(
        "Card",
        Field,
        "damage",
        [],
        "integer",
        "Damage on the unit.",
        "if c.damage > 0 then end"
    ),
    entry!(
        "Card",
        Field,
        "frozen",
        [],
        "boolean",
        "Whether it is frozen.",
        "if not c.frozen then end"
    ),
    entry!(
        "Card",
        Field,
        "race",
        [],
        "string",
        "Race (units).",
        "if c.race == \"コロボックル\" then end"
    ),
    entry!(
        "Card",
        Field,
        "text",
        [],
        "string",
        "Rules text.",
        "print(c.text)"
    ),
    entry!(
        "Card",
        Field,
        "zone",
        [],
        "ZoneName",
        "The zone it is in.",
        "if c.zone == \"graveyard\" then end"
    ),
    entry!(
        "Card",
        Field,
        "in_play",
        [],
        "boolean",
        "Whether it is in a square.",
        "if c.in_play then end"
    ),
    entry!(
        "Card",
        Field,
        "played_from",
        [],
        "ZoneName?",
        "The zone this card was played from, while it is the object that was played (on the stack or in its square): `\"plan\"` for the plan card; nil for a card put, drawn or moved otherwise.",
        "if c.played_from == \"plan\" then end"
    ),
    entry!(
        "Card",
        Field,
        "play_method",
        [],
        "string?",
        "How this card was played: `\"normal\"` or the ☆ method's name; nil when it was not played.",
        "if c.play_method ~= \"normal\" then end"
    ),
    entry!(
        "Card",
        Field,
        "came_from",
        [],
        "ZoneName",
        "The zone this card came from by its last relocation (a played card: the zone it was played from; a moved unit: `\"field\"`).",
        "if c.came_from == \"graveyard\" then end"
    ),
    entry!(
        "Card",
        Field,
        "cause",
        [],
        "CauseName",
        "Why this card made its last relocation.",
        "if c.cause == \"effect\" then end"
    ),
    entry!(
        "Card",
        Field,
        "put_by",
        [],
        "Card?",
        "The card whose effect put this card where it is, if an effect did.",
        "local src = c.put_by"
    ),
    entry!(
        "Card",
        Field,
        "timing",
        [],
        "TimingName",
        "Printed timing.",
        "if c.timing == \"battle\" then end"
    ),
    entry!(
        "Card",
        Field,
        "owner",
        [],
        "Player",
        "Its owner.",
        "if c.owner ~= self.owner then end"
    ),
    entry!(
        "Card",
        Field,
        "controller",
        [],
        "Player",
        "Who controls it: its owner, unless a control change is in force on it in a square (`g:take_control`).",
        "if c.controller ~= c.owner then end"
    ),
    entry!(
        "Card",
        Field,
        "square",
        [],
        "Square?",
        "Its square, if in play.",
        "local s = c.square"
    ),
    entry!(
        "Card",
        Field,
        "area",
        [],
        "AreaName?",
        "The area of its square seen from its controller (battle squares only).",
        "if self.area == \"enemy\" then end"
    ),
    entry!(
        "Card",
        Field,
        "line",
        [],
        "LineName?",
        "The line of its square seen from its owner.",
        "if c.line == \"centre\" then end"
    ),
    entry!(
        "Card",
        Field,
        "colours",
        [],
        "ColourName[]",
        "Its colours.",
        "for _, col in ipairs(c.colours) do end"
    ),
    entry!(
        "Card",
        Field,
        "keywords",
        [],
        "Keyword[]",
        "Its current keywords.",
        "print(table.concat(c.keywords, \",\"))"
    ),
    entry!(
        "Card",
        Field,
        "cost",
        [],
        "Cost",
        "Printed use cost.",
        "if c.cost.total <= 2 then end"
    ),
    entry!(
        "Card",
        Field,
        "use_cost",
        [],
        "Cost",
        "Use cost after ☆ and ★ cost changes (such as 橙's), wherever the card is.",
        "if c.use_cost.total <= 2 then end"
    ),
    entry!(
        "Card",
        Field,
        "move_cost",
        [],
        "Cost?",
        "Printed move cost (units).",
        "local m = c.move_cost"
    ),
    entry!(
        "Card",
        Method,
        "has",
        [("keyword", "Keyword")],
        "boolean",
        "Whether it currently has a keyword.",
        "if c:has(\"accel\") then end"
    ),
    entry!(
        "Card",
        Method,
        "is_colour",
        [("colour", "ColourName")],
        "boolean",
        "Whether it has a colour.",
        "if c:is_colour(\"red\") then end"
    ),
    entry!(
        "Card",
        Method,
        "adjacent",
        [("other", "Card")],
        "boolean",
        "Whether both are in adjacent squares.",
        "if c:adjacent(self) then end"
    ),
    entry!(
        "Card",
        Method,
        "same_line",
        [("other", "Card")],
        "boolean",
        "Whether both are in squares of the same line.",
        "if unit:same_line(self) then end"
    ),
    entry!(
        "Card",
        Method,
        "recall",
        [("key", "string"), ("scope?", "MemoryScope")],
        "MemoryValue?",
        "A value an effect remembered for this card with `g:remember` (default scope \"object\"); works in hooks and conditions too.",
        "local chosen = self:recall(\"chosen\")"
    ),
    entry!(
        "Card",
        Field,
        "last_square",
        [],
        "Square?",
        "The square it was in when it last left a square (while it has not changed zones since).",
        "local s = e.me.last_square"
    ),
    entry!(
        "Card",
        Method,
        "last_known",
        [],
        "LastKnown?",
        "What it was like just before it last left a square (last-known information), while it has not changed zones since; nil otherwise.",
        "local power = e.me:last_known().power"
    ),
    entry!(
        "LastKnown",
        Field,
        "square",
        [],
        "Square",
        "Its last square.",
        "local s = e.me:last_known().square"
    ),
    entry!(
        "LastKnown",
        Field,
        "owner",
        [],
        "Player",
        "Its owner.",
        "local p = e.me:last_known().owner"
    ),
    entry!(
        "LastKnown",
        Field,
        "power",
        [],
        "integer",
        "Its power then, after continuous effects.",
        "g:damage(e.target, e.me:last_known().power)"
    ),
    entry!(
        "LastKnown",
        Field,
        "smash",
        [],
        "integer",
        "Its smash then.",
        "local n = e.me:last_known().smash"
    ),
    entry!(
        "LastKnown",
        Field,
        "damage",
        [],
        "integer",
        "The damage it had.",
        "local d = e.me:last_known().damage"
    ),
    entry!(
        "LastKnown",
        Field,
        "frozen",
        [],
        "boolean",
        "Whether it was frozen.",
        "if e.me:last_known().frozen then end"
    ),
    entry!(
        "LastKnown",
        Field,
        "keywords",
        [],
        "Keyword[]",
        "Its keywords then.",
        "local k = e.me:last_known().keywords"
    ),
];
