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

#![warn(missing_docs)]

mod ast;
mod ast_clause;
mod ast_condition;
mod ast_effect;
mod ast_formation;
mod ast_static;
mod command;
mod compile;
mod compile_clause;
mod compile_effect;
mod compile_static;
mod costs_printed;
mod effect_choices;
mod effect_conditions;
mod error;
mod filters;
mod labels;
mod labels_effect;
mod optional;
mod parse_clause;
mod parse_effect;
mod parse_static;
mod parser;
mod triggers;

pub use ast::{
    AbilityLine, ActivatedLine, Amount, Condition, CostExpr, CostTerm, CostTermKind, Covenant,
    CovenantWrapper, EffectSource, Formation, FormationKind, Line, Modifier, Name, Place,
    ScriptKind, ScriptRef, ScriptedLine, Span, Stat, ZoneEffect, ZoneName,
};
pub use ast_clause::{
    Clause, DelayWhen, Forbidden, Gift, ItemNoun, ReplEvent, ReplWho, Replacement,
};
pub use ast_condition::{BoardCondition, ConditionKind, Group, GroupPlace};
pub use ast_effect::{
    Action, CardZone, Choice, Discard, EffectBody, Filter, GainedKeyword, Noun, PutDest, Search,
    SpellLine, Step, Subject, TriggeredLine, Until, When,
};
pub use ast_formation::FormationSquares;
pub use ast_static::{CostChange, PlayKind, PlayLine, StaticKind, StaticLine};
pub use compile::{
    CompileCtx, Compiled, NoScripts, ScriptResolver, compile, compile_text, formation_rule,
    formation_squares,
};
pub use compile_effect::{CompiledEffect, compile_effect};
pub use compile_static::timing_method_name;
pub use costs_printed::{
    CostCount, CostFrom, CostPick, MAX_COST_CARDS, PlayCostsLine, PrintedCost, PrintedCostKind,
};
pub use effect_choices::{HandPut, SquareDamage};
pub use effect_conditions::{Bare, IfTarget};
pub use error::DslError;
pub use parse_effect::{MAX_DRAW, MAX_EFFECT_NUMBER};
pub use parse_static::{MAX_CONDITION_COUNT, MAX_SMASH_LOSS};
pub use parser::{
    MAX_ENERGY, MAX_POWER_DELTA, MAX_SMASH_DELTA, parse_cost, parse_cost_expr, parse_line,
};
