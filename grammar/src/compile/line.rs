//! Compiling one parsed [`Line`] onto the core ability model: keywords, ○ effects, 隊列召喚,
//! 盟約, zone effects, abilities and additional costs, each ◆ and ● keyed by the line's
//! canonical spelling.

use super::ability::{ability, compile_effect};
use super::command::{in_command_zone, phenomenon};
use super::context::CompileCtx;
use super::covenant::covenant;
use super::formation::formation;
use super::scripts::ScriptResolver;
use crate::ast::{
    AbilityLine, Action, Clause, DelayWhen, EffectBody, Line, PrintedCost, SpellLine, Step,
    TriggeredLine, When,
};
use crate::error::DslError;
use dzero_core::{Ability, AbilityKey, CardKind, Grantable, Keywords, PlayModifier, Spell};

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
            in_command_zone(ability(a, None, scripts, &mut grants)?)
        }
        Line::Ability(AbilityLine::Triggered(t))
            if t.when == When::EveryTurnEnd && ctx.kind == CardKind::Strategy =>
        {
            let s = end_of_turn_clause(t)?;
            return spell(&s, ctx).map(|(s, g)| with_grants(Compiled::Spell(s), g));
        }
        Line::Ability(a) => ability(a, None, scripts, &mut grants)?,
        Line::Spell(s) if ctx.kind.in_dimension_deck() => phenomenon(s, &mut grants)?,
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

/// 「ターン終了時に、…」 printed on a strategy: its effect is the delayed clause (R4.7), not a
/// ◆ of a card in a square.
fn end_of_turn_clause(t: &TriggeredLine) -> Result<SpellLine, DslError> {
    let [step] = t.body.steps.as_slice() else {
        return Err(DslError::new(
            t.body.span,
            "on a strategy, ターン終了時に、 delays one sentence: end it with 。 after its verb",
        ));
    };
    Ok(SpellLine {
        span: t.span,
        marked: false,
        body: EffectBody {
            span: t.span,
            steps: vec![Step {
                span: t.span,
                action: Action::Clause(Clause::Delayed(
                    DelayWhen::EndOfTurn,
                    Box::new(step.clone()),
                )),
            }],
        },
    })
}

/// R7.4: a strategy's ○ effect; its targets are chosen when it is played.
fn spell(s: &SpellLine, ctx: &CompileCtx) -> Result<(Spell, Vec<Grantable>), DslError> {
    if ctx.kind != CardKind::Strategy {
        let message = if s.marked {
            "○ is the effect of a strategy; a unit or base uses ◆, ★ or ● abilities"
        } else {
            "an effect with no condition is a strategy's; a unit's or base's ability starts with its condition (…時、), its cost and timing ([…]《…》) or ★"
        };
        return Err(DslError::new(s.span, message));
    }
    let c = compile_effect(&s.body)?;
    let spell = Spell {
        target: c.target,
        effect: c.effect,
    };
    Ok((spell, c.grants))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::NoScripts;
    use crate::compile_text;
    use dzero_core::Timing;

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
