//! Lua 5.4 patterns for the sandbox's `string.find`, `match`, `gmatch` and `gsub`. Every matcher
//! step is charged to the running call's instruction budget, so catastrophic patterns
//! (`("a"):rep(1e6):find(".-b")`) end with the budget error instead of running for hours inside
//! one C call.

pub(crate) mod library;
pub(crate) mod matcher;
