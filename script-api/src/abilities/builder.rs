//! Building core abilities from declarations: Lua conditions, filters and effects wrapped as the
//! core's closures and trait objects.

use crate::abilities::effect::LuaEffect;
use crate::abilities::engine::Engine;
use crate::abilities::replacement::LuaReplacement;
use crate::abilities::results::{cost_result, truthy};
use crate::abilities::statics::LuaStatic;
use crate::abilities::trigger::LuaTrigger;
use crate::context::Origin;
use crate::decl::activated::ActivatedDecl;
use crate::decl::card_costs::CardCostDecl;
use crate::decl::declaration::Decl;
use crate::decl::fields::TargetDecl;
use crate::decl::on_play::SpellDecl;
use crate::decl::play_method::MethodDecl;
use crate::decl::replace::ReplaceDecl;
use crate::error::{ScriptError, fn_misuse};
use crate::objects::args::square_arg;
use crate::objects::cost::cost_table;
use crate::objects::events::filter_context;
use crate::objects::target_spec::is_card_kind;
use crate::objects::values::{card_value, player_value, target_value};
use dzero_core::{
    Ability, AbilityKey, Activated, CardCost, CardId, Cost, Effect, Grantable, PlayMethod,
    PlayModifier, Player, Query, Spell, SquareSet, Static, TargetSpec, Triggered,
};
use mlua::{Function, Value};
use std::rc::Rc;

/// Builds core abilities from declarations.
pub(crate) struct Builder {
    /// The Lua state the abilities call.
    pub engine: Rc<Engine>,
    /// Where the declaration came from.
    pub origin: Origin,
}

impl Builder {
    /// A Lua effect body `(g, e)` as a core effect.
    fn effect(&self, f: Function) -> Box<dyn Effect> {
        Box::new(LuaEffect {
            engine: Rc::clone(&self.engine),
            origin: self.origin.clone(),
            func: f,
        })
    }

    /// A Lua condition `(self, uses) -> bool` as a core condition (errors count as false);
    /// `uses` is how many times the ability was activated this turn.
    fn condition(&self, f: Function) -> dzero_core::Condition {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(move |view: &Query<'_>, me: CardId, uses: u32| {
            let sh = &engine.rt.sh;
            let r = engine.rt.in_view(view, &origin, |lua| {
                let a = card_value(lua, sh, me)?;
                Ok(truthy(&f.call::<Value>((a, uses))?))
            });
            engine.neutral(r, false)
        })
    }

    /// A Lua filter `(self, candidate) -> bool` as a core filter (errors count as false).
    fn filter(&self, f: Function) -> dzero_core::TargetFilter {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(move |view: &Query<'_>, me: CardId, cand: CardId| {
            let sh = &engine.rt.sh;
            let r = engine.rt.in_view(view, &origin, |lua| {
                let a = card_value(lua, sh, me)?;
                let b = card_value(lua, sh, cand)?;
                let e = filter_context(lua, sh, view)?;
                Ok(truthy(&f.call::<Value>((a, b, e))?))
            });
            engine.neutral(r, false)
        })
    }

    /// A Lua filter `(self, candidate, e)` on a square, player or stack item as a core check
    /// (errors count as false).
    fn check(&self, f: Function) -> dzero_core::TargetCheck {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(
            move |view: &Query<'_>, me: Option<CardId>, cand: dzero_core::Target| {
                let sh = &engine.rt.sh;
                let r = engine.rt.in_view(view, &origin, |lua| {
                    let a = me.map_or(Ok(Value::Nil), |me| card_value(lua, sh, me))?;
                    let b = target_value(lua, sh, cand)?;
                    let e = filter_context(lua, sh, view)?;
                    Ok(truthy(&f.call::<Value>((a, b, e))?))
                });
                engine.neutral(r, false)
            },
        )
    }

    fn target(&self, t: Option<TargetDecl>) -> Option<TargetSpec> {
        let t = t?;
        let mut spec = TargetSpec {
            kind: t.desc.kind,
            side: t.desc.side,
            count: t.desc.count,
            min: if t.desc.up_to { 0 } else { t.desc.count },
            filter: None,
            check: None,
        };
        match t.filter {
            Some(f) if is_card_kind(t.desc.kind) => spec.filter = Some(self.filter(f)),
            Some(f) => spec.check = Some(self.check(f)),
            None => {}
        }
        Some(spec)
    }

    /// The core card cost of a declared one.
    fn card_cost(&self, c: CardCostDecl) -> CardCost {
        CardCost {
            zones: c.zones,
            filter: match c.filter {
                Some(f) => self.filter(f),
                None => Box::new(|_: &Query<'_>, _: CardId, _: CardId| true),
            },
            to: c.to,
            pick: c.pick,
        }
    }

    /// The core ability of one declaration.
    pub fn ability(&self, d: Decl) -> Result<Built, ScriptError> {
        Ok(match d {
            Decl::Static(s) => Built::Ability(Ability::Static(Static {
                zones: s.zones,
                effect: Box::new(LuaStatic {
                    engine: Rc::clone(&self.engine),
                    origin: self.origin.clone(),
                    d: *s,
                }),
            })),
            Decl::Trigger(t) => {
                let when = LuaTrigger {
                    engine: Rc::clone(&self.engine),
                    origin: self.origin.clone(),
                    on: t.on,
                    card: t.card,
                    player: t.player,
                    phase: t.phase,
                    when: t.when,
                    arrival: t.arrival,
                };
                Built::Ability(Ability::Triggered(Triggered {
                    key: AbilityKey::NONE,
                    zones: t.zones,
                    when: Box::new(when),
                    target: self.target(t.target),
                    effect: self.effect(t.resolve),
                }))
            }
            Decl::Activated(ActivatedDecl {
                zones,
                cost,
                timing,
                target,
                card_costs,
                condition,
                resolve,
            }) => Built::Ability(Ability::Activated(Activated {
                key: AbilityKey::NONE,
                zones,
                cost,
                timing,
                target: self.target(target),
                card_costs: card_costs.into_iter().map(|c| self.card_cost(c)).collect(),
                condition: condition.map(|f| self.condition(f)),
                effect: self.effect(resolve),
            })),
            Decl::Method(MethodDecl {
                name,
                from,
                cost,
                timing,
                squares,
                centre_exempt,
                condition,
            }) => {
                let condition = condition.map(|f| {
                    let engine = Rc::clone(&self.engine);
                    let origin = self.origin.clone();
                    Box::new(move |view: &Query<'_>, card: CardId, p: Player| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let a = (card_value(lua, sh, card)?, player_value(lua, sh, p)?);
                            Ok(truthy(&f.call::<Value>(a)?))
                        });
                        engine.neutral(r, false)
                    }) as dzero_core::MethodCondition
                });
                let squares = squares.map(|f| {
                    let engine = Rc::clone(&self.engine);
                    let origin = self.origin.clone();
                    Box::new(move |view: &Query<'_>, card: CardId| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let me = card_value(lua, sh, card)?;
                            let list = match f.call::<Value>(me)? {
                                Value::Table(t) => t,
                                other => {
                                    return Err(fn_misuse(
                                        &f,
                                        format!(
                                            "play_method squares must return a list of squares, not {}",
                                            other.type_name()
                                        ),
                                    ));
                                }
                            };
                            let mut set = SquareSet::NONE;
                            for i in 1..=list.raw_len() {
                                set = set.with(square_arg(lua, &list.raw_get(i)?, "squares")?);
                            }
                            Ok(set)
                        });
                        engine.neutral(r, SquareSet::NONE)
                    }) as dzero_core::SquareRule
                });
                Built::Ability(Ability::Play(PlayModifier::Method(PlayMethod {
                    name,
                    from,
                    cost,
                    timing,
                    squares,
                    centre_exempt,
                    condition,
                })))
            }
            Decl::OwnCost(f) => {
                let engine = Rc::clone(&self.engine);
                let origin = self.origin.clone();
                Built::Ability(Ability::Play(PlayModifier::Cost(Box::new(
                    move |view: &Query<'_>, me: CardId, method: Option<&str>, cost: &mut Cost| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let a = card_value(lua, sh, me)?;
                            let t = cost_table(lua, cost)?;
                            cost_result(lua, &f, f.call::<Value>((a, t, method))?, *cost)
                        });
                        *cost = engine.neutral(r, *cost);
                    },
                ))))
            }
            Decl::Replace(r) => Built::Ability(Ability::Static(self.replacement(r))),
            Decl::PlayCosts(costs) => Built::Ability(Ability::Play(PlayModifier::Costs(
                costs.into_iter().map(|c| self.card_cost(c)).collect(),
            ))),
            Decl::Spell(SpellDecl { target, resolve }) => Built::Spell(Spell {
                target: self.target(target),
                effect: self.effect(resolve),
            }),
            Decl::Grantable { name, ability } => match self.ability(*ability)? {
                Built::Ability(a) => Built::Ability(Ability::Grantable(Grantable {
                    name,
                    ability: Box::new(a),
                })),
                Built::Spell(_) => {
                    return Err(ScriptError::host(
                        "card:grantable cannot hold a strategy effect".to_owned(),
                    ));
                }
            },
        })
    }

    /// The ★ ability of a `card:replace{...}` declaration.
    fn replacement(&self, d: ReplaceDecl) -> Static {
        let payoff = d.payoff.clone().map(|f| self.effect(f));
        let mut d = d;
        let payoff_target = self.target(d.payoff_target.take());
        Static {
            zones: d.zones,
            effect: Box::new(LuaReplacement {
                engine: Rc::clone(&self.engine),
                origin: self.origin.clone(),
                d,
                payoff,
                payoff_target,
            }),
        }
    }
}

/// What a declaration became.
pub(crate) enum Built {
    /// An ability of the card.
    Ability(Ability),
    /// A strategy's effect.
    Spell(Spell),
}
