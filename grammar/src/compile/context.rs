//! What the compiler knows about the card a line belongs to.

use crate::error::DslError;
use crate::span::Span;
use dzero_core::{CardKind, Timing};

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

/// An error unless the card is a unit: `keyword` puts the card into a battle square.
pub(crate) fn unit_only(ctx: &CompileCtx, span: Span, keyword: &str) -> Result<(), DslError> {
    if ctx.kind == CardKind::Unit {
        Ok(())
    } else {
        Err(DslError::new(
            span,
            format!("{keyword} puts the card into a battle square, so it is only for units"),
        ))
    }
}
