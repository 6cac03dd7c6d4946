//! A Lua ★ effect as a core static effect: characteristic changes, damage replacement,
//! prohibitions, permissions, cost and timing changes.

use crate::abilities::engine::Engine;
use crate::abilities::results::{cost_result, int_result, truthy};
use crate::context::{Origin, copied_string};
use crate::convert;
use crate::decl::fields::Applies;
use crate::decl::statics::{NumOrFn, StaticDecl};
use crate::error::fn_misuse;
use crate::objects::cost::cost_table;
use crate::objects::hook_values::{damage_source, loss_name};
use crate::objects::relation::relation_holds;
use crate::objects::values::{card_value, player_value, square_value};
use dzero_core::{
    Ability, CardId, Characteristics, Cost, DamageSource, Forbid, Hooks, Keywords, Permit,
    PlayModifier, Player, Query, Side, StaticEffect, Timing,
};
use mlua::{Function, Lua, MultiValue, Value};
use std::rc::Rc;

/// A Lua ★ effect.
pub(crate) struct LuaStatic {
    /// The Lua state.
    pub engine: Rc<Engine>,
    /// Where the declaration came from.
    pub origin: Origin,
    /// The declaration.
    pub d: StaticDecl,
}

impl LuaStatic {
    /// Whether the characteristic parts apply to `subject` (built-in relations in Rust).
    fn applies(
        &self,
        lua: &Lua,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
    ) -> mlua::Result<bool> {
        match &self.d.applies {
            Applies::Rel(rel) => Ok(relation_holds(view, *rel, me, subject)),
            Applies::Fn(f) => {
                let sh = &self.engine.rt.sh;
                Ok(truthy(&f.call::<Value>((
                    card_value(lua, sh, me)?,
                    card_value(lua, sh, subject)?,
                ))?))
            }
        }
    }

    fn amount(
        &self,
        lua: &Lua,
        n: &NumOrFn,
        me: CardId,
        subject: CardId,
        what: &str,
    ) -> mlua::Result<i32> {
        match n {
            NumOrFn::Num(n) => Ok(*n),
            NumOrFn::Fn(f) => {
                let sh = &self.engine.rt.sh;
                let v =
                    f.call::<Value>((card_value(lua, sh, me)?, card_value(lua, sh, subject)?))?;
                int_result(f, v, what)
            }
        }
    }

    fn call_bool(
        &self,
        view: &Query<'_>,
        f: &Function,
        me: CardId,
        args: impl FnOnce(&Lua) -> mlua::Result<MultiValue>,
    ) -> bool {
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let mut a = args(lua)?.into_vec();
            a.insert(0, card_value(lua, sh, me)?);
            Ok(truthy(&f.call::<Value>(MultiValue::from_vec(a))?))
        });
        self.engine.neutral(r, false)
    }
}

impl StaticEffect for LuaStatic {
    fn hooks(&self) -> Hooks {
        let d = &self.d;
        let mut h = Hooks::NONE;
        let mut add = |on: bool, hook: Hooks| {
            if on {
                h = h.with(hook);
            }
        };
        add(
            d.power.is_some() || d.smash.is_some() || d.keywords != Keywords::NONE,
            Hooks::CHARACTERISTICS,
        );
        add(d.damage.is_some(), Hooks::DAMAGE);
        add(d.smash_loss.is_some(), Hooks::SMASH_LOSS);
        add(
            d.forbid_lose.is_some()
                || d.untargetable.is_some()
                || d.forbid_target.is_some()
                || d.forbid_play.is_some()
                || d.forbid_move.is_some()
                || d.forbid_smash.is_some()
                || d.forbid_release.is_some(),
            Hooks::FORBID,
        );
        add(d.play_cost.is_some(), Hooks::PLAY_COST);
        add(
            d.permit_diagonal_move.is_some() || d.permit_own_area_smash.is_some(),
            Hooks::PERMIT,
        );
        add(d.play_timing.is_some(), Hooks::PLAY_TIMING);
        add(d.grants.is_some(), Hooks::GRANT);
        h
    }

    fn granted(&self) -> Option<&str> {
        self.d.grants.as_deref()
    }

    fn grants_to(&self, view: &Query<'_>, me: CardId, subject: CardId) -> bool {
        if self.d.grants.is_none() {
            return false;
        }
        if let Applies::Rel(rel) = self.d.applies {
            return relation_holds(view, rel, me, subject);
        }
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            self.applies(lua, view, me, subject)
        });
        self.engine.neutral(r, false)
    }

    fn characteristics(
        &self,
        view: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        let d = &self.d;
        if d.power.is_none() && d.smash.is_none() && d.keywords == Keywords::NONE {
            return;
        }
        if let Applies::Rel(rel) = d.applies
            && !relation_holds(view, rel, me, subject)
        {
            return;
        }
        if let (Applies::Rel(_), None | Some(NumOrFn::Num(_)), None | Some(NumOrFn::Num(_))) =
            (&d.applies, &d.power, &d.smash)
        {
            // Entirely declarative: no Lua call.
            if let Some(NumOrFn::Num(n)) = d.power {
                ch.power = ch.power.saturating_add(n);
            }
            if let Some(NumOrFn::Num(n)) = d.smash {
                ch.smash = ch.smash.saturating_add(n);
            }
            ch.keywords = ch.keywords.with(d.keywords);
            return;
        }
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            if !self.applies(lua, view, me, subject)? {
                return Ok(None);
            }
            let p = match &d.power {
                Some(n) => self.amount(lua, n, me, subject, "static power")?,
                None => 0,
            };
            let s = match &d.smash {
                Some(n) => self.amount(lua, n, me, subject, "static smash")?,
                None => 0,
            };
            Ok(Some((p, s)))
        });
        if let Some((p, s)) = self.engine.neutral(r, None) {
            ch.power = ch.power.saturating_add(p);
            ch.smash = ch.smash.saturating_add(s);
            ch.keywords = ch.keywords.with(d.keywords);
        }
    }

    fn damage_from(
        &self,
        view: &Query<'_>,
        me: CardId,
        recipient: CardId,
        amount: i32,
        source: DamageSource,
    ) -> i32 {
        let Some(f) = &self.d.damage else {
            return amount;
        };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, recipient)?,
                amount,
                damage_source(lua, sh, source)?,
            ))?;
            int_result(f, v, "a damage replacement")
        });
        self.engine.neutral(r, amount)
    }

    fn smash_loss(&self, view: &Query<'_>, me: CardId, player: Player, limit: u32) -> u32 {
        match &self.d.smash_loss {
            None => limit,
            Some(NumOrFn::Num(n)) if view.owner(me) == player => u32::try_from(*n).unwrap_or(0),
            Some(NumOrFn::Num(_)) => limit,
            Some(NumOrFn::Fn(f)) => {
                let sh = &self.engine.rt.sh;
                let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                    let v = f.call::<Value>((
                        card_value(lua, sh, me)?,
                        player_value(lua, sh, player)?,
                        limit,
                    ))?;
                    let n = int_result(f, v, "smash_loss")?;
                    u32::try_from(n).map_err(|_| {
                        fn_misuse(
                            f,
                            format!("smash_loss returned {n}; it must not be negative"),
                        )
                    })
                });
                self.engine.neutral(r, limit)
            }
        }
    }

    fn forbids(&self, view: &Query<'_>, me: CardId, what: Forbid) -> bool {
        let d = &self.d;
        let sh = &self.engine.rt.sh;
        match what {
            Forbid::Target { subject, by } => {
                if let Some(side) = d.untargetable
                    && view.exists(subject)
                    && (side == Side::Any || by != view.controller(subject))
                {
                    let applies = match &d.applies {
                        Applies::Rel(rel) => relation_holds(view, *rel, me, subject),
                        Applies::Fn(_) => {
                            let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                                self.applies(lua, view, me, subject)
                            });
                            self.engine.neutral(r, false)
                        }
                    };
                    if applies {
                        return true;
                    }
                }
                let Some(f) = &d.forbid_target else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, subject)?,
                        player_value(lua, sh, by)?,
                    ]))
                })
            }
            Forbid::Play {
                card,
                player,
                square,
                method,
            } => {
                let Some(f) = &d.forbid_play else {
                    return false;
                };
                let method = method.and_then(|i| match view.def(card).abilities.get(i as usize) {
                    Some(Ability::Play(PlayModifier::Method(m))) => Some(m.name.as_str()),
                    _ => None,
                });
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, card)?,
                        player_value(lua, sh, player)?,
                        square.map_or(Ok(Value::Nil), |s| square_value(lua, sh, s))?,
                        method
                            .map_or(Ok(Value::Nil), |m| lua.create_string(m).map(Value::String))?,
                    ]))
                })
            }
            Forbid::Release { card } => {
                let Some(f) = &d.forbid_release else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, card)?]))
                })
            }
            Forbid::Lose { player, cause } => {
                let Some(f) = &d.forbid_lose else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        player_value(lua, sh, player)?,
                        Value::String(lua.create_string(loss_name(cause))?),
                    ]))
                })
            }
            Forbid::Move { unit, to } => {
                let Some(f) = &d.forbid_move else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, unit)?,
                        square_value(lua, sh, to)?,
                    ]))
                })
            }
            Forbid::Smash { unit } => {
                let Some(f) = &d.forbid_smash else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, unit)?]))
                })
            }
        }
    }

    fn permits(&self, view: &Query<'_>, me: CardId, what: Permit) -> bool {
        let sh = &self.engine.rt.sh;
        match what {
            Permit::MoveDiagonally { unit, to } => {
                let Some(f) = &self.d.permit_diagonal_move else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, unit)?,
                        square_value(lua, sh, to)?,
                    ]))
                })
            }
            Permit::SmashFromOwnArea { unit } => {
                let Some(f) = &self.d.permit_own_area_smash else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, unit)?]))
                })
            }
        }
    }

    fn play_timing(&self, view: &Query<'_>, me: CardId, card: CardId, timing: &mut Timing) {
        let Some(f) = &self.d.play_timing else { return };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, card)?,
                convert::timing_name(*timing),
            ))?;
            match v {
                Value::Nil => Ok(*timing),
                Value::String(s) => {
                    let n = copied_string(lua, &s, "play_timing")?;
                    convert::timing(&n).ok_or_else(|| {
                        fn_misuse(
                            f,
                            format!("play_timing: unknown timing '{n}' (normal, quick, battle)"),
                        )
                    })
                }
                other => Err(fn_misuse(
                    f,
                    format!(
                        "play_timing must return a timing name or nil, not {}",
                        other.type_name()
                    ),
                )),
            }
        });
        *timing = self.engine.neutral(r, *timing);
    }

    fn play_cost(&self, view: &Query<'_>, me: CardId, card: CardId, cost: &mut Cost) {
        let Some(f) = &self.d.play_cost else { return };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, card)?,
                cost_table(lua, cost)?,
            ))?;
            cost_result(lua, f, v, *cost)
        });
        *cost = self.engine.neutral(r, *cost);
    }
}
