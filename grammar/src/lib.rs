//! dzero-grammar: the keyword and cost DSL (pest) compiled onto the core ability model.
//!
//! One card-text line is one keyword or ability (docs/dsl.md has every form):
//!
//! ```
//! use dzero_grammar::{parse_cost, parse_line, compile, CompileCtx, Compiled, NoScripts, Line};
//! use dzero_core::{CardKind, Colour, Timing};
//!
//! let cost = parse_cost("青2 無3").unwrap();
//! assert_eq!(cost.coloured[Colour::Blue.index()], 2);
//! assert_eq!(parse_cost("U2 C3").unwrap(), cost);
//!
//! let line = parse_line("隊列召喚―縦列[無2]").unwrap();
//! assert!(matches!(line, Line::Formation(_)));
//! let ctx = CompileCtx::new(CardKind::Unit, Timing::Quick);
//! assert!(matches!(compile(&line, &ctx, &mut NoScripts), Ok(Compiled::Ability(_))));
//!
//! let err = parse_cost("赤").unwrap_err();
//! assert_eq!(err.to_string(), "expected a number or X after '赤'");
//! ```
//!
//! Invariant: no game state, no Lua, no files. The cardpool reads the TOML files, hands each
//! line here, and resolves `lua:name` references through a [`ScriptResolver`].
//!
//! The crate is layered by phase, each layer using only those below it: `span` and `error` at
//! the bottom, `ast` (the typed syntax tree and its canonical card text), then `parse` (pest →
//! syntax tree) and `compile` (syntax tree → core abilities), which never use each other; this
//! file joins them.

#![warn(missing_docs)]

mod ast;
mod compile;
pub mod coverage;
mod error;
mod parse;
mod span;

pub use ast::{
    AbilityLine, Action, ActivatedLine, Amount, Arrival, ArrivalFrom, ArrivalHow, Arriving, Bare,
    BoardCondition, CardZone, Choice, Clause, Condition, ConditionKind, CostChange, CostCount,
    CostExpr, CostFrom, CostPerLine, CostPick, CostTerm, CostTermKind, Covenant, CovenantWrapper,
    DeckTopDest, DelayWhen, Discard, EffectBody, EffectSource, EntryWay, Filter, Forbidden,
    Formation, FormationKind, FormationSquares, FromZone, GainedKeyword, Gift, Group, GroupPlace,
    GroupWins, HandPut, IfTarget, ItemNoun, Line, Modifier, Move, MoveZone, Name, Noun, Place,
    PlayCostsLine, PlayKind, PlayLine, PrintedCost, PrintedCostKind, PutDest, PutFrom, ReplEvent,
    ReplWho, Replacement, ScriptKind, ScriptRef, ScriptedLine, Search, SpellLine, SquareDamage,
    Stat, StaticKind, StaticLine, Step, Subject, TriggeredLine, Until, When, ZoneEffect, ZoneName,
};
pub use compile::{
    CompileCtx, Compiled, CompiledEffect, NoScripts, ScriptResolver, compile, compile_effect,
    formation_rule, formation_squares, timing_method_name,
};
pub use error::{DslError, did_you_mean};
pub use parse::{
    MAX_CONDITION_COUNT, MAX_COST_CARDS, MAX_DRAW, MAX_EFFECT_NUMBER, MAX_ENERGY, MAX_POWER_DELTA,
    MAX_SMASH_DELTA, MAX_SMASH_LOSS, parse_cost, parse_cost_expr, parse_line,
};
pub use span::Span;

/// Parses and compiles one line.
pub fn compile_text(
    text: &str,
    ctx: &CompileCtx,
    scripts: &mut dyn ScriptResolver,
) -> Result<Compiled, DslError> {
    compile(&parse_line(text)?, ctx, scripts)
}
