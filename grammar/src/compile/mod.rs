//! Compiling the syntax tree of [`crate::ast`] onto the core ability model: the same
//! `Static`, `Triggered`, `Activated`, `Spell`, `TargetSpec` and `Effect` values a Lua script
//! registers. It depends on the syntax tree, never on the parser.

mod ability;
mod card_condition;
mod clause;
mod command;
mod context;
mod covenant;
mod effect_choices;
mod filters;
mod formation;
mod line;
mod modifier;
mod move_to;
mod optional;
mod printed_cost;
mod printed_static;
mod scripts;
mod static_line;
mod step;
mod subject;
mod trigger;
mod verbs;

pub use ability::{CompiledEffect, compile_effect};
pub use context::CompileCtx;
pub use formation::{formation_rule, formation_squares};
pub use line::{Compiled, compile};
pub use scripts::{NoScripts, ScriptResolver};
pub use static_line::timing_method_name;
