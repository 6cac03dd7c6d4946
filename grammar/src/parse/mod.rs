//! Parsing card text: the pest grammar (`dsl*.pest`) read into the typed syntax tree of
//! [`crate::ast`], with readable "expected …" labels for syntax errors. It depends on the
//! syntax tree, never on the compiler.

mod ability;
mod clause_terms;
mod condition;
mod cost;
mod effect_choices;
mod effect_conditions;
mod effect_terms;
mod formation;
mod given_replacement;
mod grant;
mod labels;
mod labels_effect;
mod labels_static;
mod limits;
mod line;
mod modifier;
mod move_to;
mod optional;
mod printed_cost;
mod printed_static;
mod static_line;
mod subject;
mod tree;
mod trigger;

pub use limits::{
    MAX_CONDITION_COUNT, MAX_COST_CARDS, MAX_DRAW, MAX_EFFECT_NUMBER, MAX_ENERGY, MAX_POWER_DELTA,
    MAX_SMASH_DELTA, MAX_SMASH_LOSS,
};
pub use line::{parse_cost, parse_cost_expr, parse_line};
