//! The Lua state with the handles the abilities need, and the neutral result of a failing hook.

use crate::error::ScriptError;
use crate::runtime::Runtime;
use crate::sandbox::Private;
use mlua::RegistryKey;

/// The Lua state with the handles the abilities need.
pub(crate) struct Engine {
    /// The sandboxed state.
    pub rt: Runtime,
    /// The effect handle `g`.
    pub g: RegistryKey,
    /// The prelude's `new_env(decl)`: a fresh environment for a chunk.
    pub new_env: RegistryKey,
    /// The prelude's `add_module(name, value)`: makes a module reachable with `use`.
    pub add_module: RegistryKey,
    /// The prelude's helpers the freezer uses.
    pub private: Private,
}

impl Engine {
    /// The value of a hook, or `default` after recording its error (hooks fail neutral).
    pub fn neutral<T>(&self, r: Result<T, ScriptError>, default: T) -> T {
        match r {
            Ok(v) => v,
            Err(e) => {
                self.rt.sh.record(e);
                default
            }
        }
    }
}
