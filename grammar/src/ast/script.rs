//! The syntax tree of abilities written in the card's Lua script: ★ lua:name, ◆ lua:name and
//! the `lua:name` of a ● line.

use crate::span::Span;

/// A reference to a function of the card's Lua script: `lua:name`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptRef {
    /// The function name.
    pub name: String,
    /// Span of `lua:name`.
    pub span: Span,
}

/// Whether a Lua-backed ability is ★ or ◆.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScriptKind {
    /// ★ a static ability.
    Static,
    /// ◆ a triggered ability.
    Triggered,
}

/// ★ lua:name or ◆ lua:name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptedLine {
    /// The whole ability.
    pub span: Span,
    /// ★ or ◆.
    pub kind: ScriptKind,
    /// The Lua function.
    pub script: ScriptRef,
}
