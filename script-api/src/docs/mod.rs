//! The Lua API as data: every function, method and field with its type, a one-line description
//! and a one-line example. Each entry lives beside the registration it documents (the file that
//! registers a class holds its `Class`, its entries and the named string types it reads); this
//! module assembles them ([`API`], [`CLASSES`], [`ALIASES`]) and generates `docs/lua-api.md` and
//! the LuaLS stub `docs/dzero.d.lua` from them ([`markdown`], [`lua_stub`]). Tests check both
//! files are up to date and that every entry exists in the running API, so documentation and
//! code cannot drift.

mod api;
mod generate;
mod model;

pub use api::{ALIASES, API, CLASSES, entries_of};
pub use generate::{lua_stub, markdown};
pub(crate) use model::{Alias, entry};
pub use model::{Class, Entry, Kind};
