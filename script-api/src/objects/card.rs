//! The `Card` userdata: a card of the game as scripts read it (fields, methods, comparisons),
//! including what was last known of it in a square.

use crate::context::Shared;
use crate::convert;
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
