//! dzero-script-api: Lua 5.4 card scripts (mlua) producing abilities of the core's model.
//!
//! A fan-set designer writes a card's behaviour in a small Lua file:
//!
//! ```lua
//! -- 小さなカマキリ: ★ +1000 power in the centre area, +2000 in the enemy area
//! card:static { power = function(self) return ({centre = 1000, enemy = 2000})[self.area] or 0 end }
//! ```
//!
//! [`ScriptHost::load_card`] compiles the file once in a sandboxed, budgeted Lua state and
//! attaches the declared ◆ ★ ● ☆ ○ abilities to the card's [`dzero_core::CardDef`]. The engine
//! then calls them like any other ability. The API is documented in `docs/lua-api.md` and typed
//! for editors by `docs/dzero.d.lua`, both generated from [`docs::API`].
//!
//! Safety: no io/os/package/debug, no bytecode, no `load`/`dofile`/`require`; an instruction
//! budget per call (also charged by Rust-side pattern matching and long library calls, and
//! re-raised by `pcall`/`xpcall`/`coroutine.resume` once spent) and a memory cap per state;
//! shared tables are read-only proxies and everything a script leaves behind after loading is
//! frozen, so no card changes another and no state outlives a call; every script failure becomes a
//! [`ScriptError`] naming the card, the file and the line — a failing effect does nothing
//! (the core reports it), a failing ★ hook or trigger condition counts as neutral and is logged.
//!
//! Layout, from the bottom up; a module imports only from its own layer and those below it:
//! 1. foundations: `limits`, `error`, `log`, `bytecode`, `convert` (the script names of game
//!    values) and `docs::model` (what an API entry is);
//! 2. the Lua state: `context` (the frames, budget and records callbacks share), `runtime` (the
//!    sandboxed state) and `patterns` (budgeted string matching);
//! 3. `objects` (game values as Lua sees them: userdata, argument readers, the `game` and
//!    `target` tables, events) and `sandbox` (the freezer and the prelude's helpers);
//! 4. `effects`: the effect handle `g` and the information table `e`;
//! 5. `decl`: the declarations a card script makes, read from their tables;
//! 6. `abilities`: the core abilities built from declarations;
//! 7. `globals`, `exports`, `host` (the loader) and `docs` (the API reference, assembled from
//!    the entries each registering file keeps beside its registration).

#![warn(missing_docs)]

mod abilities;
mod bytecode;
mod context;
mod convert;
mod decl;
pub mod docs;
mod effects;
mod error;
mod exports;
mod globals;
mod host;
mod limits;
mod log;
mod objects;
mod patterns;
mod runtime;
mod sandbox;

pub use decl::card_decl::Claim;
pub use error::{ErrorKind, ScriptError};
pub use exports::Exports;
pub use host::{ScriptHost, blank_strategy, printed};
pub use limits::Limits;
pub use log::LogLine;
