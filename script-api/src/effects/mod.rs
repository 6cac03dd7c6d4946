//! What a resolving Lua effect works with: the effect handle `g` and the information table `e`.

pub(crate) mod args;
pub(crate) mod info;
pub(crate) mod placement;
pub(crate) mod resolve;
pub(crate) mod show;
pub(crate) mod suspend;
