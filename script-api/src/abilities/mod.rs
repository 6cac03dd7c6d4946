//! The core abilities card scripts become: Lua-backed [`dzero_core::Effect`],
//! [`dzero_core::Trigger`] and [`dzero_core::StaticEffect`] values holding compiled function
//! handles (never re-loaded per call), and the builder that makes them from declarations.

pub(crate) mod builder;
pub(crate) mod effect;
pub(crate) mod engine;
pub(crate) mod key;
pub(crate) mod replacement;
pub(crate) mod results;
pub(crate) mod statics;
pub(crate) mod trigger;
