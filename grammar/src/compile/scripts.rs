//! How `lua:name` references find the card's Lua script: the [`ScriptResolver`] the caller
//! supplies, and [`NoScripts`] for cards without a script.

use crate::error::DslError;
use crate::span::Span;
use dzero_core::{Effect, StaticEffect, TargetSpec, Triggered};

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
