//! A Lua effect body (○, ●, ◆) as a core effect.

use crate::abilities::engine::Engine;
use crate::context::{Origin, Shared};
use crate::effects::info::effect_info;
use crate::error::fn_misuse;
use dzero_core::{Effect, EffectError, Failure, Resolve};
use mlua::thread::ThreadStatus;
use mlua::{Function, MultiValue, Table};
use std::rc::Rc;

/// A Lua effect body (○, ●, ◆). Runs in a fresh coroutine each time; a choice without an
/// answer yields out of it and the engine re-runs the effect with the recorded answers.
pub(crate) struct LuaEffect {
    /// The Lua state.
    pub engine: Rc<Engine>,
    /// Where the declaration came from.
    pub origin: Origin,
    /// The effect body `(g, e)`.
    pub func: Function,
}

impl Effect for LuaEffect {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        let rt = &self.engine.rt;
        let sh: &Shared = &rt.sh;
        let res = rt.in_effect(r, &self.origin, |lua| {
            let g: Table = lua.registry_value(&self.engine.g)?;
            let e = effect_info(lua, sh)?;
            let th = lua.create_thread(self.func.clone())?;
            th.resume::<MultiValue>((g, e))?;
            if th.status() == ThreadStatus::Resumable && !sh.suspended.get() {
                return Err(fn_misuse(
                    &self.func,
                    "the effect yielded outside a choice (coroutine.yield in an effect body)",
                ));
            }
            Ok(())
        });
        if sh.suspended.get() {
            return Err(EffectError::Suspended);
        }
        match res {
            Ok(()) => Ok(()),
            Err(e) => {
                let msg = e.effect_message();
                sh.record(e);
                Err(EffectError::Failed(Failure::Message(msg)))
            }
        }
    }
}
