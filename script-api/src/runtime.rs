//! One sandboxed, budgeted Lua state (no io, os, package or debug; text chunks only; an
//! instruction hook charging the running call; a memory cap) and the calls that run Lua with a
//! frame of the context stack lent to it.

use crate::context::{Ctx, HOOK_STEP, Origin, Shared};
use crate::error::{ScriptError, misuse};
use crate::limits::Limits;
use dzero_core::{Query, Resolve};
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value};
use std::ptr::NonNull;
use std::rc::Rc;

/// The sandboxed Lua state with its shared callback state.
pub(crate) struct Runtime {
    /// The Lua state.
    pub lua: Lua,
    /// State shared with callbacks.
    pub sh: Rc<Shared>,
    /// `debug.getupvalue`, kept for the engine only (scripts have no `debug`): the freezer
    /// walks the upvalues of the functions a script leaves behind.
    pub getupvalue: Function,
}

impl Runtime {
    /// A fresh sandboxed state: no io, os, package or debug, so a script reaches neither files,
    /// processes nor the host's memory; text-only chunks, since crafted bytecode can corrupt the
    /// VM; a per-call instruction budget and a memory cap, so an endless loop or allocation
    /// cannot hang or exhaust the host.
    pub fn new(limits: Limits) -> Result<Runtime, ScriptError> {
        let host = |e: mlua::Error| ScriptError::host(e.to_string());
        // SAFETY: `debug` is opened only to take `debug.getupvalue` for the engine; the library
        // is removed from the globals below, before any script runs, and no script can reach
        // the Rust-held function.
        let lua = unsafe {
            Lua::unsafe_new_with(
                StdLib::TABLE
                    | StdLib::STRING
                    | StdLib::MATH
                    | StdLib::UTF8
                    | StdLib::COROUTINE
                    | StdLib::DEBUG,
                LuaOptions::new().catch_rust_panics(false),
            )
        };
        let sh = Rc::new(Shared::new(limits));
        crate::context::install(&lua, &sh);
        let hook_sh = Rc::clone(&sh);
        lua.set_global_hook(
            HookTriggers::new().every_nth_instruction(HOOK_STEP),
            move |lua, _| hook_sh.count_instructions(lua),
        )
        .map_err(host)?;
        let g = lua.globals();
        let debug: Table = g.raw_get("debug").map_err(host)?;
        let getupvalue: Function = debug.raw_get("getupvalue").map_err(host)?;
        for name in [
            "dofile",
            "loadfile",
            "require",
            "load",
            "collectgarbage",
            "debug",
        ] {
            g.raw_set(name, Value::Nil).map_err(host)?;
        }
        if let Ok(Value::Table(s)) = g.raw_get::<Value>("string") {
            s.raw_set("dump", Value::Nil).map_err(host)?;
        }
        // Lua seeds math.random from the clock: a game must replay identically, so scripts draw
        // from the game's generator instead.
        if let Ok(Value::Table(m)) = g.raw_get::<Value>("math") {
            for name in ["random", "randomseed"] {
                let f = lua
                    .create_function(move |lua, ()| -> mlua::Result<()> {
                        Err(misuse(
                            lua,
                            format!(
                                "math.{name} is not available: use g:random(n), which a replayed \
                                 game draws again the same"
                            ),
                        ))
                    })
                    .map_err(host)?;
                m.raw_set(name, f).map_err(host)?;
            }
        }
        lua.set_memory_limit(limits.memory).map_err(host)?;
        Ok(Runtime {
            lua,
            sh,
            getupvalue,
        })
    }

    /// Runs `run` with `view` lent as the top frame.
    pub fn in_view<R>(
        &self,
        view: &Query<'_>,
        origin: &Origin,
        run: impl FnOnce(&Lua) -> mlua::Result<R>,
    ) -> Result<R, ScriptError> {
        // SAFETY: the lifetime is erased only for the frame, which `_frame` pops before this
        // function returns, i.e. before the borrow `view` was made from can end. Lua code never
        // sees the view itself, only what callbacks compute from the top frame.
        let v: Query<'static> = unsafe { std::mem::transmute::<Query<'_>, Query<'static>>(*view) };
        if let Some(e) = self.sh.spent_error(origin) {
            return Err(e);
        }
        let _frame = self.sh.enter(Ctx::Query(v), &origin.card, &self.lua);
        let res = run(&self.lua);
        self.sh.finish(res, origin)
    }

    /// Runs `run` with `r` lent as the top frame.
    pub fn in_effect<R>(
        &self,
        r: &mut Resolve<'_>,
        origin: &Origin,
        run: impl FnOnce(&Lua) -> mlua::Result<R>,
    ) -> Result<R, ScriptError> {
        if let Some(e) = self.sh.spent_error(origin) {
            return Err(e);
        }
        let p = NonNull::from(r).cast::<Resolve<'static>>();
        let _frame = self.sh.enter(Ctx::Effect(p), &origin.card, &self.lua);
        self.sh.suspended.set(false);
        let res = run(&self.lua);
        self.sh.finish(res, origin)
    }

    /// Runs a card script's top level.
    pub fn in_load<R>(
        &self,
        origin: &Origin,
        run: impl FnOnce(&Lua) -> mlua::Result<R>,
    ) -> Result<R, ScriptError> {
        let _frame = self.sh.enter(Ctx::Load, &origin.card, &self.lua);
        let res = run(&self.lua);
        self.sh.finish(res, origin)
    }
}
