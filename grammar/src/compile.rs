//! Compiling a parsed [`Line`] onto the core ability model.

use crate::ast::{
    AbilityLine, ActivatedLine, Covenant, EffectSource, Formation, FormationKind, Line, Modifier,
    Place, ScriptKind, Span, Stat, ZoneName,
};
use crate::ast_effect::SpellLine;
use crate::compile_clause::compile_replacement;
use crate::compile_effect::compile_effect;
use crate::costs_printed::{PrintedCost, PrintedCostKind};
use crate::error::DslError;
use crate::parser::parse_line;
use crate::triggers::TextTrigger;
use dzero_core::{
    Ability, AbilityKey, Activated, Area, Ask, CardCost, CardId, CardKind, Characteristics,
    CostDest, Dest, Effect, EffectError, Grantable, Hooks, Keywords, PlayMethod, PlayModifier,
    Resolve, Spell, Square, SquareRule, SquareSet, Static, StaticEffect, TargetFilter, TargetSpec,
    Timing, Triggered, View, Zone, ZoneSet, play_name,
};

/// What the compiler needs to know about the card a line belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CompileCtx {
    /// The card type: 隊列召喚 and 盟約 are for units.
    pub kind: CardKind,
    /// The printed timing (盟約 is activated at it, A24).
    pub timing: Timing,
}

impl CompileCtx {
    /// The context for a card of `kind` with printed `timing`.
    pub fn new(kind: CardKind, timing: Timing) -> CompileCtx {
        CompileCtx { kind, timing }
    }
}

/// Resolves `lua:name` references to the card's script. Implemented by the cardpool, which
/// owns the Lua side; errors should carry the span given (the `lua:name` in the line).
pub trait ScriptResolver {
    /// The effect body of a ● ability.
    fn effect(&mut self, name: &str, span: Span) -> Result<Box<dyn Effect>, DslError>;

    /// The targets a ● ability chooses on activation (R7.4); none by default.
    fn target(&mut self, _name: &str, _span: Span) -> Result<Option<TargetSpec>, DslError> {
        Ok(None)
    }

    /// A ◆ ability: condition, targets and effect. Its `zones` is replaced by the DSL's (the
    /// field, or the zone of a zone effect).
    fn trigger(&mut self, name: &str, span: Span) -> Result<Triggered, DslError>;

    /// The continuous effect of a ★ ability.
    fn static_effect(&mut self, name: &str, span: Span) -> Result<Box<dyn StaticEffect>, DslError>;
}

/// A resolver for cards without a script: every `lua:` reference is an error.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoScripts;

impl NoScripts {
    fn error(name: &str, span: Span) -> DslError {
        DslError::new(
            span,
            format!("lua:{name} needs a Lua script, but this card has none"),
        )
    }
}

impl ScriptResolver for NoScripts {
    fn effect(&mut self, name: &str, span: Span) -> Result<Box<dyn Effect>, DslError> {
        Err(NoScripts::error(name, span))
    }

    fn trigger(&mut self, name: &str, span: Span) -> Result<Triggered, DslError> {
        Err(NoScripts::error(name, span))
    }

    fn static_effect(&mut self, name: &str, span: Span) -> Result<Box<dyn StaticEffect>, DslError> {
        Err(NoScripts::error(name, span))
    }
}

/// The result of compiling one line.
pub enum Compiled {
    /// A keyword the rules read directly (加速, 速攻): add it to the card's keywords.
    Keyword(Keywords),
    /// An ability: add it to the card's abilities.
    Ability(Ability),
    /// ○ a strategy's effect: the card's [`Spell`] (a card has one).
    Spell(Spell),
    /// A line whose effect grants abilities (『』, turn-long rules, delayed triggers): the
    /// line's own result, and the [`Grantable`]s to add to the card's abilities.
    Granting(Box<Compiled>, Vec<Grantable>),
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Compiled::Keyword(k) => f.debug_tuple("Keyword").field(k).finish(),
            Compiled::Spell(_) => f.write_str("Spell"),
            Compiled::Granting(c, g) => f
                .debug_tuple("Granting")
                .field(c)
                .field(&g.iter().map(|g| g.name.as_str()).collect::<Vec<_>>())
                .finish(),
            Compiled::Ability(a) => f
                .debug_tuple("Ability")
                .field(&match a {
                    Ability::Triggered(_) => "◆",
                    Ability::Static(_) => "★",
                    Ability::Activated(_) => "●",
                    Ability::Play(_) => "☆",
                    Ability::Grantable(_) => "『』",
                })
                .finish(),
        }
    }
}

/// Parses and compiles one line.
pub fn compile_text(
    text: &str,
    ctx: &CompileCtx,
    scripts: &mut dyn ScriptResolver,
) -> Result<Compiled, DslError> {
    compile(&parse_line(text)?, ctx, scripts)
}

/// Compiles a parsed line onto the core ability model. ◆ and ● abilities are keyed by the
/// line's canonical spelling ([`AbilityKey`]), so pending items find them again after a hot
/// reload moves the line.
pub fn compile(
    line: &Line,
    ctx: &CompileCtx,
    scripts: &mut dyn ScriptResolver,
) -> Result<Compiled, DslError> {
    let mut grants = Vec::new();
    let compiled = match line {
        Line::Accel(_) => return Ok(Compiled::Keyword(Keywords::ACCEL)),
        Line::Haste(_) => return Ok(Compiled::Keyword(Keywords::HASTE)),
        Line::Formation(f) => formation(f, ctx)?,
        Line::Covenant(c) => covenant(c, ctx)?,
        Line::Zone(z) if ctx.kind.in_dimension_deck() => {
            return Err(DslError::new(
                z.zone_span,
                "a card of the dimension deck works only from the command zone (R19.8)",
            ));
        }
        Line::Zone(z) => ability(&z.ability, Some(z.zone), scripts, &mut grants)?,
        Line::Ability(a) if ctx.kind.in_dimension_deck() => {
            crate::command::in_command_zone(ability(a, None, scripts, &mut grants)?)
        }
        Line::Ability(a) => ability(a, None, scripts, &mut grants)?,
        Line::Spell(s) if ctx.kind.in_dimension_deck() => {
            crate::command::phenomenon(s, &mut grants)?
        }
        Line::Spell(s) => return spell(s, ctx).map(|(s, g)| with_grants(Compiled::Spell(s), g)),
        Line::PlayCosts(p) => Ability::Play(PlayModifier::Costs(
            p.costs.iter().flat_map(PrintedCost::compile).collect(),
        )),
    };
    let key = AbilityKey::of(&line.to_string());
    let main = Compiled::Ability(match compiled {
        Ability::Triggered(t) => Ability::Triggered(t.keyed(key)),
        Ability::Activated(a) => Ability::Activated(a.keyed(key)),
        other => other,
    });
    Ok(with_grants(main, grants))
}

/// `main`, with the abilities its effect grants if there are any.
fn with_grants(main: Compiled, grants: Vec<Grantable>) -> Compiled {
    if grants.is_empty() {
        main
    } else {
        Compiled::Granting(Box::new(main), grants)
    }
}

fn unit_only(ctx: &CompileCtx, span: Span, keyword: &str) -> Result<(), DslError> {
    if ctx.kind == CardKind::Unit {
        Ok(())
    } else {
        Err(DslError::new(
            span,
            format!("{keyword} puts the card into a battle square, so it is only for units"),
        ))
    }
}

// ------------------------------------------------------------------------------- ○ spells --

/// R7.4: a strategy's ○ effect; its targets are chosen when it is played.
fn spell(s: &SpellLine, ctx: &CompileCtx) -> Result<(Spell, Vec<Grantable>), DslError> {
    if ctx.kind != CardKind::Strategy {
        return Err(DslError::new(
            s.span,
            "○ is the effect of a strategy; a unit or base uses ◆, ★ or ● abilities",
        ));
    }
    let c = compile_effect(&s.body)?;
    let spell = Spell {
        target: c.target,
        effect: c.effect,
    };
    Ok((spell, c.grants))
}

// ---------------------------------------------------------------------------- 隊列召喚 --

/// R17.10, A23: a ☆ play method from the hand, paying the 隊列召喚 cost, into the squares the
/// formation names; RE7 does not apply.
fn formation(f: &Formation, ctx: &CompileCtx) -> Result<Ability, DslError> {
    unit_only(ctx, f.span, "隊列召喚")?;
    Ok(Ability::Play(PlayModifier::Method(PlayMethod {
        name: format!("隊列召喚―{}", f.title()),
        from: ZoneSet::HAND,
        cost: Some(f.cost.cost),
        timing: None,
        squares: Some(formation_rule(f.kind)),
        centre_exempt: true,
        condition: None,
    })))
}

/// The square rule of a formation kind (docs/dsl.md, "隊列召喚 kinds").
pub fn formation_rule(kind: FormationKind) -> SquareRule {
    Box::new(move |view: &View<'_>, me: CardId| formation_squares(kind, view, me))
}

/// The destination squares of `kind` for the controller of `me` (its owner outside the
/// squares) in the current position.
pub fn formation_squares(kind: FormationKind, view: &View<'_>, me: CardId) -> SquareSet {
    if !view.exists(me) {
        return SquareSet::NONE;
    }
    let p = view.owner(me);
    let holds = |s: Square| {
        view.field()
            .iter()
            .any(|&c| view.controller(c) == p && view.square(c) == Some(s))
    };
    let own: Vec<Square> = Square::battle_squares()
        .filter(|s| s.area(p) == Some(Area::Own))
        .collect();
    let destinations: Vec<Square> = match kind {
        FormationKind::Column => Square::battle_squares()
            .filter(|s| s.area(p) == Some(Area::Centre))
            .filter(|s| own.iter().any(|&o| o.same_line(*s) && holds(o)))
            .collect(),
        FormationKind::Row => own
            .iter()
            .copied()
            .filter(|&s| own.iter().filter(|&&o| o != s).all(|&o| holds(o)))
            .collect(),
        FormationKind::Centre => {
            if own.iter().all(|&o| holds(o)) {
                vec![Square::battle(1, 1)]
            } else {
                Vec::new()
            }
        }
        FormationKind::Squares(sq) => return sq.destinations(p, holds),
    };
    // A square already holding a card of yours is never a destination (R8.2).
    destinations.into_iter().filter(|&s| !holds(s)).collect()
}

// -------------------------------------------------------------------------------- 盟約 --

/// R17.11, A24: a ● from the hand at the card's printed timing (or from the zone and at the
/// timing of the printed wrapper ●プランゾーン効果『盟約―…』《クイック》); remove a card of yours
/// named A and one named B (hand, squares, energy zone, graveyard) with the energy cost; on
/// resolution put this card frozen into an own-area square without a unit of yours, chosen then.
fn covenant(c: &Covenant, ctx: &CompileCtx) -> Result<Ability, DslError> {
    unit_only(ctx, c.span, "盟約")?;
    let zones = ZoneSet::HAND
        .with(Zone::Field)
        .with(Zone::Energy)
        .with(Zone::Graveyard);
    let named = |name: &str| -> TargetFilter {
        let name = name.to_owned();
        Box::new(move |view: &View<'_>, _me: CardId, cand: CardId| {
            play_name(&view.def(cand).name) == name
        })
    };
    let (from, timing) = c
        .wrapper
        .map_or((Zone::Hand, ctx.timing), |w| (w.zone.zone(), w.timing));
    Ok(Ability::Activated(Activated {
        key: AbilityKey::NONE,
        zones: ZoneSet::of(from),
        cost: c.cost.cost,
        timing,
        target: None,
        card_costs: vec![
            CardCost {
                zones,
                filter: named(&c.a.text),
                to: CostDest::Remove,
                pick: dzero_core::CardPick::One,
            },
            CardCost {
                zones,
                filter: named(&c.b.text),
                to: CostDest::Remove,
                pick: dzero_core::CardPick::One,
            },
        ],
        condition: None,
        effect: Box::new(CovenantPut { from }),
    }))
}

/// 盟約's effect: put the source frozen into a chosen own-area square without a unit of yours.
/// Nothing happens if the card has left the zone it was activated from (the hand, or the zone
/// of the printed wrapper) or no such square exists.
struct CovenantPut {
    from: Zone,
}

impl Effect for CovenantPut {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        let Some(me) = r.source() else {
            return Ok(());
        };
        let p = r.controller();
        let view = r.view();
        let still_there = view.exists(me)
            && match self.from {
                // The plan card is the top card of the deck while the plan zone exists (R9.1).
                Zone::Plan => view.game.plan_card(view.owner(me)) == Some(me),
                zone => view.in_zone(me, zone),
            };
        if !still_there {
            return Ok(());
        }
        let free: Vec<Square> = Square::battle_squares()
            .filter(|s| s.area(p) == Some(Area::Own) && view.unit_at(p, *s).is_none())
            .collect();
        if let Some(s) = r.choose_square(p, Ask::SquareToPut, &free)? {
            r.put(me, Dest::Square(s, true));
        }
        Ok(())
    }
}

// ----------------------------------------------------------------------------- abilities --

/// Compiles an ability; `zone` is the zone of a zone effect, `None` for the field.
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
                        zone_noun(z)
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
            let c = compile_effect(&t.body)?;
            grants.extend(c.grants);
            let effect = c.effect;
            Ok(Ability::Triggered(Triggered {
                key: AbilityKey::NONE,
                zones,
                when: Box::new(TextTrigger(t.when)),
                target: c.target,
                effect,
            }))
        }
        AbilityLine::Static(s) => crate::compile_static::compile_static(s, zone),
        AbilityLine::Play(p) => crate::compile_static::compile_play(p, zone),
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
                zone_noun(z)
            ),
        )),
    }
}

pub(crate) fn zone_noun(z: ZoneName) -> &'static str {
    match z {
        ZoneName::Graveyard => "graveyard",
        ZoneName::Hand => "hand",
        ZoneName::Plan => "plan zone",
        ZoneName::Energy => "energy zone",
        ZoneName::Smash => "smash zone",
        ZoneName::Remove => "remove zone",
    }
}

/// ★ パワー±N / スマッシュ±N on the card itself, when its square (seen from its controller) is in
/// the named area or line; always, without a condition.
#[derive(Clone, Copy, Debug)]
struct ModifierEffect {
    stat: Stat,
    delta: i32,
    place: Option<Place>,
}

impl ModifierEffect {
    fn new(m: &Modifier) -> ModifierEffect {
        ModifierEffect {
            stat: m.stat,
            delta: m.delta,
            place: m.condition.map(|c| c.place),
        }
    }

    fn applies(&self, view: &View<'_>, me: CardId) -> bool {
        let Some(place) = self.place else {
            return true;
        };
        let Some(square) = view.square(me) else {
            return false;
        };
        let controller = view.controller(me);
        match place {
            Place::Area(a) => square.area(controller) == Some(a),
            // R1.12: a base square lies in the line of its column.
            Place::Line(l) => square.line(controller) == l,
        }
    }
}

impl StaticEffect for ModifierEffect {
    fn hooks(&self) -> Hooks {
        Hooks::CHARACTERISTICS
    }

    fn characteristics(
        &self,
        view: &View<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        if subject != me || !self.applies(view, me) {
            return;
        }
        match self.stat {
            Stat::Power => ch.power = ch.power.saturating_add(self.delta),
            Stat::Smash => ch.smash = ch.smash.saturating_add(self.delta),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AbilityKey {
        match compile_text(
            text,
            &CompileCtx::new(CardKind::Unit, Timing::Quick),
            &mut NoScripts,
        ) {
            Ok(Compiled::Ability(a)) => a.key(),
            other => panic!("{other:?}"),
        }
    }

    // R7.3: a pending item finds its ability again by the key of its line, which follows the
    // line's canonical spelling (spacing aside) and differs between different lines.
    #[test]
    fn lines_are_keyed_by_their_spelling() {
        let covenant = key("盟約―<「チルノ」+「橙」>[青1]");
        assert_ne!(covenant, AbilityKey::NONE);
        assert_eq!(covenant, key("盟約―<「チルノ」+「橙」>[青1] "));
        assert_ne!(covenant, key("盟約―<「チルノ」+「橙」>[青2]"));
    }
}
