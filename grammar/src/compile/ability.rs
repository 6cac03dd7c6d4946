//! The compiler's recursive core: an ability, the effect bodies it holds, their sentences, and
//! the clauses that hold abilities again (『…』を得る) or effect bodies (a replacement's
//! そうしたなら), compiled onto the same core values a Lua script registers (`Static`,
//! `Triggered`, `Activated`, `TargetSpec`, `Effect`). These compilers call each other, so they
//! share this file; what the compiled sentences and clauses do is in `step.rs` and `clause.rs`.

use super::card_condition::Check;
use super::clause::{
    CompiledClause, DelayTrigger, GiftNames, TextForbid, TextReplacement, clause_target, grantable,
};
use super::effect_choices;
use super::filters::Filters;
use super::modifier::ModifierEffect;
use super::printed_static::{
    compile_cost_per, compile_play_forbid, compile_play_set, compile_self_static,
};
use super::scripts::{NoScripts, ScriptResolver};
use super::static_line::{compile_play, compile_static, group_filter};
use super::step::{CompiledStep, TextEffect};
use super::subject::{Who, check_noun, target_spec};
use super::trigger::TextTrigger;
use crate::ast::{
    AbilityLine, Action, ActivatedLine, Choice, Clause, DeckTopDest, EffectBody, EffectSource,
    Gift, GroupGrantLine, PrintedCost, PrintedCostKind, PutDest, Replacement, ScriptKind, Search,
    Stat, Step, Subject, When, ZoneName,
};
use crate::error::DslError;
use crate::span::Span;
use dzero_core::{
    Ability, AbilityKey, Activated, Change, Dest, Effect, Grantable, GroupGrant, Static,
    TargetSpec, Triggered, Zone, ZoneSet,
};

/// Compiles an ability working in `zone` (the field without one); abilities its effect grants
/// go to `grants`.
pub(crate) fn ability(
    a: &AbilityLine,
    zone: Option<ZoneName>,
    scripts: &mut dyn ScriptResolver,
    grants: &mut Vec<Grantable>,
) -> Result<Ability, DslError> {
    let zones = zone.map_or(ZoneSet::FIELD, |z| ZoneSet::of(z.zone()));
    match a {
        AbilityLine::Modifier(m) => {
            if let (Some(z), Some(c)) = (zone, m.condition) {
                return Err(DslError::new(
                    c.span,
                    format!(
                        "a card in the {} is in no area or line, so this condition never holds",
                        z.noun()
                    ),
                ));
            }
            Ok(Ability::Static(Static {
                zones,
                effect: Box::new(ModifierEffect::new(m)),
            }))
        }
        AbilityLine::Scripted(s) => match s.kind {
            ScriptKind::Static => {
                let effect = scripts.static_effect(&s.script.name, s.script.span)?;
                Ok(Ability::Static(Static { zones, effect }))
            }
            ScriptKind::Triggered => {
                let mut t = scripts.trigger(&s.script.name, s.script.span)?;
                t.zones = zones;
                Ok(Ability::Triggered(t))
            }
        },
        AbilityLine::Replacement(r) => compile_replacement(r, zones, grants).map(Ability::Static),
        AbilityLine::Triggered(t) => {
            let c = compile_effect_in(&t.body, true)?;
            grants.extend(c.grants);
            let effect = c.effect;
            // A75: 「このカードが結合した時」 is seen from the bond it made.
            let zones = if t.when.parts().contains(&When::Binds) {
                zones.with(Zone::Bound)
            } else {
                zones
            };
            Ok(Ability::Triggered(Triggered {
                key: AbilityKey::NONE,
                zones,
                when: Box::new(TextTrigger::new(&t.when)?),
                target: c.target,
                effect,
            }))
        }
        AbilityLine::Static(s) => compile_static(s, zone),
        AbilityLine::Play(p) => compile_play(p, zone),
        AbilityLine::SelfStatic(s) => compile_self_static(s, zone),
        AbilityLine::PlaySet(p) => compile_play_set(p, zone),
        AbilityLine::CostPer(c) => compile_cost_per(*c, zone),
        AbilityLine::PlayForbid(p) => compile_play_forbid(p, zone),
        AbilityLine::GroupGrant(g) => group_grant(g, zone, grants),
        AbilityLine::Activated(act) => {
            let (target, effect) = match &act.effect {
                EffectSource::Lua(lua) => (
                    scripts.target(&lua.name, lua.span)?,
                    scripts.effect(&lua.name, lua.span)?,
                ),
                EffectSource::Text(body) => {
                    let c = compile_effect(body)?;
                    grants.extend(c.grants);
                    (c.target, c.effect)
                }
            };
            Ok(Ability::Activated(Activated {
                key: AbilityKey::NONE,
                zones: activation_zones(act, zone, zones)?,
                cost: act.cost.cost,
                timing: act.timing,
                target,
                card_costs: act
                    .card_costs
                    .iter()
                    .flat_map(PrintedCost::compile)
                    .collect(),
                condition: None,
                effect,
            }))
        }
    }
}

/// Where a ● works: 「手札にあるこのカードを捨てる」 is paid from the hand, so the ability
/// works in the hand (a zone effect naming another zone contradicts it).
fn activation_zones(
    act: &ActivatedLine,
    zone: Option<ZoneName>,
    zones: ZoneSet,
) -> Result<ZoneSet, DslError> {
    let Some(c) = act
        .card_costs
        .iter()
        .find(|c| c.kind == PrintedCostKind::DiscardThis)
    else {
        return Ok(zones);
    };
    match zone {
        None | Some(ZoneName::Hand) => Ok(ZoneSet::HAND),
        Some(z) => Err(DslError::new(
            c.span,
            format!(
                "this cost is paid from the hand, but the ability works in the {}",
                z.noun()
            ),
        )),
    }
}

/// An effect body compiled: the targets chosen when it is played or put on the stack, and the
/// effect run on resolution.
pub struct CompiledEffect {
    /// Targets (R7.4), from the sentence that says 対象の; none without one.
    pub target: Option<TargetSpec>,
    /// The effect.
    pub effect: Box<dyn Effect>,
    /// Abilities the effect grants (『』, turn-long rules, delayed triggers): the card's
    /// [`Grantable`]s, which the effect names.
    pub grants: Vec<Grantable>,
}

/// Compiles a body. At most one sentence may choose targets: the item has one target list
/// (R7.4); every targeted sentence then acts on the targets still legal (R7.5).
pub fn compile_effect(body: &EffectBody) -> Result<CompiledEffect, DslError> {
    compile_effect_in(body, false)
}

/// [`compile_effect`]; in a ◆ (`triggered`), その… before any other subject names the card of
/// the triggering event (A68).
fn compile_effect_in(body: &EffectBody, triggered: bool) -> Result<CompiledEffect, DslError> {
    let mut target: Option<TargetSpec> = None;
    let mut grants = Vec::new();
    let mut steps = Vec::with_capacity(body.steps.len());
    // The subject その refers to: the last one named.
    let mut last: Option<&Subject> = None;
    for step in &body.steps {
        let mut chosen = match &step.action {
            Action::Clause(c) => clause_target(c),
            a => effect_choices::target(a),
        }
        .map(|t| (t, step.span));
        if let Some(mut s) = step.action.subject() {
            let same = s.mode == Choice::Same;
            if same {
                s = match last {
                    Some(x) => x,
                    None if triggered => s,
                    None => {
                        return Err(DslError::new(
                            s.span,
                            "その (its) refers to the subject of the sentence before, or in a ◆ \
                             to the card of the triggering event",
                        ));
                    }
                };
            }
            last = Some(s);
            check_noun(&step.action, s)?;
            if let (Choice::Target { count, up_to }, false) = (s.mode, same) {
                chosen = Some((target_spec(s, count, up_to), s.span));
            }
        }
        if let Some((spec, span)) = chosen {
            if target.is_some() {
                return Err(second_target(span));
            }
            target = Some(spec);
        }
        steps.push(compile_step(&step.action, last, &mut grants)?);
    }
    Ok(CompiledEffect {
        target,
        effect: Box::new(TextEffect { steps }),
        grants,
    })
}

/// The error of a second sentence choosing targets.
fn second_target(span: Span) -> DslError {
    DslError::new(
        span,
        "only one sentence of an effect can choose targets (R7.4); write this effect in Lua",
    )
}

/// Compiles one sentence; `same`: what その (`its`) names; `grants`: the abilities the effect
/// grants, collected.
fn compile_step(
    a: &Action,
    same: Option<&Subject>,
    grants: &mut Vec<Grantable>,
) -> Result<CompiledStep, DslError> {
    let who = |s: &Subject| match (s.mode, same) {
        // A68: その with nothing named before it, in a ◆: the triggering event's card.
        (Choice::Same, Some(x)) if x.mode == Choice::Same => Who::EventCard,
        (Choice::Same, Some(x)) => Who::new(x),
        _ => Who::new(s),
    };
    Ok(match a {
        Action::Draw(n) => CompiledStep::Draw(u32::from(*n)),
        Action::RevealRandom(n) => CompiledStep::RevealRandom(*n),
        Action::ShuffleDimensionDeck => CompiledStep::ShuffleDimensionDeck,
        Action::EnergyThroughDeck => CompiledStep::EnergyThroughDeck,
        Action::Discard(d) => CompiledStep::Discard(*d),
        Action::Damage(s, n) => CompiledStep::Damage(who(s), i32::try_from(*n).unwrap_or(i32::MAX)),
        Action::Destroy(s) => CompiledStep::Destroy(who(s)),
        Action::ReturnToHand(s) => CompiledStep::ReturnToHand(who(s)),
        Action::Put(s, d) => CompiledStep::Put(who(s), d.core(), *d == PutDest::EnergyFrozen),
        Action::Search(Search {
            filters,
            kind,
            count,
        }) => CompiledStep::Search(*count, *kind, Filters::new(filters)),
        Action::Move(s) => CompiledStep::Move(who(s)),
        Action::MoveTo(s, to) => CompiledStep::MoveTo(who(s), *to),
        Action::PutIntoSquare(s, frozen) => CompiledStep::PutIntoSquare(who(s), *frozen),
        Action::Freeze(s) => CompiledStep::Freeze(who(s)),
        Action::Release(s) => CompiledStep::Release(who(s)),
        Action::Boost(u, s, stat, d) => CompiledStep::Change(
            *u,
            who(s),
            match stat {
                Stat::Power => Change::Power(*d),
                Stat::Smash => Change::Smash(*d),
            },
        ),
        Action::BoostX(u, s, stat, per) => CompiledStep::ChangeX(*u, who(s), *stat, *per),
        Action::PutFromHand(_)
        | Action::PutFrom(_)
        | Action::PlayerDiscards(_)
        | Action::SquareDamage(_) => CompiledStep::Choice(a.clone()),
        Action::IfTarget(c) => {
            let then = compile_step(&c.then.on(&c.subject), same, grants)?;
            let otherwise = match c.otherwise {
                Some(b) => Some(Box::new(compile_step(&b.on(&c.subject), same, grants)?)),
                None => None,
            };
            CompiledStep::IfTarget(
                Filters::new(std::slice::from_ref(&c.test)),
                Box::new(then),
                otherwise,
            )
        }
        Action::FromPlan(first, b) => {
            let plan = match first.subject() {
                Some(s) => compile_step(&b.on(s), same, grants)?,
                None => compile_step(first, same, grants)?,
            };
            let first = compile_step(first, same, grants)?;
            CompiledStep::FromPlan(Box::new(first), Box::new(plan))
        }
        Action::Gain(u, s, k) => CompiledStep::Change(*u, who(s), Change::Grant(k.keywords())),
        Action::Clause(c) => CompiledStep::Clause(compile_clause(c, grants)?),
        Action::May(a) => CompiledStep::May(Box::new(compile_step(a, same, grants)?)),
        Action::IfDone(a) => CompiledStep::IfDone(Box::new(compile_step(a, same, grants)?)),
        Action::If(c, a) => {
            CompiledStep::If(Check::new(c)?, Box::new(compile_step(a, same, grants)?))
        }
    })
}

/// Compiles a clause; the abilities it grants go to `grants`.
fn compile_clause(c: &Clause, grants: &mut Vec<Grantable>) -> Result<CompiledClause, DslError> {
    let name = c.to_string();
    Ok(match c {
        Clause::RuleReplace(r) => {
            let s = compile_replacement(r, ZoneSet::FIELD, grants)?;
            CompiledClause::Rule(grantable(name, Ability::Static(s), grants))
        }
        Clause::RuleForbid(f) => {
            let s = Static {
                zones: ZoneSet::FIELD,
                effect: Box::new(TextForbid(*f)),
            };
            CompiledClause::Rule(grantable(name, Ability::Static(s), grants))
        }
        Clause::Delayed(when, step) => {
            let body = EffectBody {
                span: step.span,
                steps: vec![Step::clone(step)],
            };
            let c = compile_effect(&body)?;
            grants.extend(c.grants);
            let t = Triggered {
                key: AbilityKey::NONE,
                zones: ZoneSet::FIELD,
                when: Box::new(DelayTrigger(*when)),
                target: c.target,
                effect: c.effect,
            };
            CompiledClause::Delay(grantable(name, Ability::Triggered(t), grants))
        }
        Clause::Grant(until, s, abilities) => {
            let names = abilities
                .iter()
                .map(|a| granted(a, grants))
                .collect::<Result<Vec<_>, _>>()?;
            CompiledClause::Grant(*until, Who::new(s), names)
        }
        Clause::BoostGain(until, s, stat, d, gift) => {
            let change = match stat {
                Stat::Power => Change::Power(*d),
                Stat::Smash => Change::Smash(*d),
            };
            let gift = match gift {
                Gift::Keyword(k) => GiftNames::Keyword(k.keywords()),
                Gift::Abilities(a) => GiftNames::Abilities(
                    a.iter()
                        .map(|a| granted(a, grants))
                        .collect::<Result<Vec<_>, _>>()?,
                ),
            };
            CompiledClause::BoostGain(*until, Who::new(s), change, gift)
        }
        Clause::Control(until, s) => CompiledClause::Control(*until, Who::new(s)),
        Clause::Counter(..) => CompiledClause::Counter,
        Clause::Mill(n, dest) => CompiledClause::Mill(
            usize::from(*n),
            match dest {
                DeckTopDest::Graveyard => Dest::Graveyard,
                DeckTopDest::Energy => Dest::Energy,
                DeckTopDest::Smash => Dest::Smash,
                DeckTopDest::Remove => Dest::Remove,
            },
        ),
    })
}

/// One 『』 ability: compiled as a line of the holding card (working on the field); a
/// `lua:` reference is an error (the granting card's script is not the holder's).
fn granted(a: &AbilityLine, grants: &mut Vec<Grantable>) -> Result<String, DslError> {
    let compiled = ability(a, None, &mut NoScripts, grants)?;
    Ok(grantable(format!("『{a}』"), compiled, grants))
}

/// ★ a group grant: the core's [`GroupGrant`] of the 『』 ability, a grantable of the card
/// (R17.1, A49: the units have it while the ★ works and they are in the group).
fn group_grant(
    g: &GroupGrantLine,
    zone: Option<ZoneName>,
    grants: &mut Vec<Grantable>,
) -> Result<Ability, DslError> {
    if let Some(z) = zone {
        return Err(DslError::new(
            g.span,
            format!(
                "a card in the {} gives no unit an ability: the ★ works in a square (R17.1)",
                z.noun()
            ),
        ));
    }
    let [a] = g.abilities.as_slice() else {
        return Err(DslError::new(
            g.span,
            "a ★ gives a group one ability: write one ★ line for each",
        ));
    };
    let ability = granted(a, grants)?;
    Ok(Ability::Static(Static {
        zones: ZoneSet::FIELD,
        effect: Box::new(GroupGrant {
            ability,
            group: group_filter(&g.group)?,
        }),
    }))
}

/// The ★ of a replacement working in `zones`; abilities its payoff grants go to `grants`.
pub(crate) fn compile_replacement(
    r: &Replacement,
    zones: ZoneSet,
    grants: &mut Vec<Grantable>,
) -> Result<Static, DslError> {
    // 「そうした場合、対象の…」: the targets are chosen as the replacement applies (A50).
    let (payoff, payoff_target) = match &r.payoff {
        Some(body) => {
            let c = compile_effect(body)?;
            grants.extend(c.grants);
            (Some(c.effect), c.target)
        }
        None => (None, None),
    };
    Ok(Static {
        zones,
        effect: Box::new(TextReplacement {
            who: r.who,
            event: r.event,
            instead: r.instead,
            optional: r.optional,
            payoff,
            payoff_target,
        }),
    })
}
