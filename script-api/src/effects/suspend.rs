//! Choices that suspend an effect: the marker the prelude yields, the `g` functions that may
//! suspend, and a core choice's outcome as a Lua result.

use crate::context::Shared;
use crate::error::misuse;
use dzero_core::{EffectError, Failure};
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
        Err(e) => Err(misuse(lua, effect_error_text(&e))),
    }
}

/// A core call's error as the text of the script error it raises. A failure that carries a
/// message (a script's own error) keeps it; the others are named as data, for the designer's
/// bug report, since the Lua API has no wording of the game's texts (dzero-text does).
pub(crate) fn effect_error_text(e: &EffectError) -> String {
    match e {
        EffectError::Failed(Failure::Message(m)) => m.clone(),
        EffectError::Failed(Failure::NotDeckTop { player }) => {
            format!("the cards are not the top of that deck ({player}'s)")
        }
        EffectError::Failed(f) => format!("{f:?}"),
        EffectError::Suspended => "the effect is waiting for a choice".into(),
    }
}
