//! Choices that suspend an effect: the marker the prelude yields, the `g` functions that may
//! suspend, and a core choice's outcome as a Lua result.

use crate::context::Shared;
use crate::error::misuse;
use dzero_core::{EffectError, View};
use dzero_text::{Lang, Text};
use mlua::{LightUserData, Lua, Value};

/// The marker a choice function returns when the effect must suspend; the Lua wrapper yields it.
static SUSPEND_MARK: u8 = 0;

/// The suspension marker as a Lua value.
pub(crate) fn suspend_marker() -> Value {
    Value::LightUserData(LightUserData(
        std::ptr::addr_of!(SUSPEND_MARK) as *mut std::ffi::c_void
    ))
}

/// Names of the `g` functions that may suspend (wrapped in Lua to yield).
pub(crate) const CHOICES: [&str; 5] =
    ["choose", "choose_card", "choose_square", "yes_no", "search"];

/// Converts the outcome of a core choice into a Lua result (the marker when suspended).
pub(crate) fn choice_result(
    lua: &Lua,
    sh: &Shared,
    res: Result<Option<usize>, EffectError>,
) -> mlua::Result<Option<usize>> {
    match res {
        Ok(v) => Ok(v),
        Err(EffectError::Suspended) => {
            sh.suspended.set(true);
            Ok(None)
        }
        Err(e) => Err(misuse(
            lua,
            sh.view(lua, "g:choose", |v| Ok(effect_error_text(v, &e)))?,
        )),
    }
}

/// A core call's error as a script error's text: its failure in English (dzero-text).
pub(crate) fn effect_error_text(view: &View<'_>, e: &EffectError) -> String {
    match e {
        EffectError::Failed(f) => Text::new(view.game, view.db, Lang::En).failure(f),
        EffectError::Suspended => "the effect is waiting for a choice".into(),
    }
}
