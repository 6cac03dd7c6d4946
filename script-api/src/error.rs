//! Typed script errors: every failure names the card, the script file, the line and the Lua
//! message with its traceback.

use mlua::{Function, Lua, Value};
use std::fmt;
use thiserror::Error;

/// What went wrong in a script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// The script does not parse.
    Syntax,
    /// A Lua runtime error (`attempt to index a nil value`, `error(...)`).
    Runtime,
    /// The script used up its instruction budget (an endless loop).
    Budget,
    /// The Lua state hit its memory cap.
    Memory,
    /// The script called the API wrongly: a wrong argument type, an unknown name, an illegal
    /// square or target, an effect function outside an effect.
    Misuse,
    /// The host itself could not be set up (not caused by a card script).
    Host,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::Syntax => "syntax error",
            ErrorKind::Runtime => "runtime error",
            ErrorKind::Budget => "instruction budget exceeded",
            ErrorKind::Memory => "memory limit exceeded",
            ErrorKind::Misuse => "API misuse",
            ErrorKind::Host => "host error",
        })
    }
}

/// A script error, at load time or while a card ability runs.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{kind} in card '{card}' at {}: {message}{}", self.location(), self.traceback_suffix())]
pub struct ScriptError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// The card's printed name.
    pub card: String,
    /// The script file (the chunk name, without the leading `@`).
    pub file: String,
    /// The line in `file`, when known.
    pub line: Option<u32>,
    /// The Lua message without its `file:line:` prefix.
    pub message: String,
    /// The Lua stack traceback (may be empty).
    pub traceback: String,
}

impl ScriptError {
    /// `file:line`, or just `file` when the line is unknown.
    pub fn location(&self) -> String {
        match self.line {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }

    fn traceback_suffix(&self) -> String {
        if self.traceback.is_empty() {
            String::new()
        } else {
            format!("\n{}", self.traceback)
        }
    }

    /// The text handed to the core as `EffectError::Failed` (the core prefixes the card name).
    pub(crate) fn effect_message(&self) -> String {
        format!(
            "{}: {}: {}{}",
            self.location(),
            self.kind,
            self.message,
            self.traceback_suffix()
        )
    }

    /// A host-level error not tied to a card.
    pub(crate) fn host(message: impl Into<String>) -> ScriptError {
        ScriptError {
            kind: ErrorKind::Host,
            card: String::new(),
            file: String::new(),
            line: None,
            message: message.into(),
            traceback: String::new(),
        }
    }
}

/// An API-misuse error raised by a Rust callback; `message` already carries `file:line:`.
#[derive(Clone, Debug, Error)]
#[error("{0}")]
pub(crate) struct Misuse(pub String);

/// `file:line: ` of the Lua code calling the current Rust callback, or "".
pub(crate) fn where_(lua: &Lua) -> String {
    for level in 1..4 {
        let found = lua.inspect_stack(level, |d| {
            let src = d.source();
            match (src.source, d.current_line()) {
                (Some(s), Some(line)) if s.starts_with('@') => {
                    Some(format!("{}:{line}: ", &s[1..]))
                }
                _ => None,
            }
        });
        match found {
            Some(Some(w)) => return w,
            Some(None) => continue,
            None => break,
        }
    }
    String::new()
}

/// An API-misuse error located at the calling Lua line.
pub(crate) fn misuse(lua: &Lua, msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::external(Misuse(format!("{}{msg}", where_(lua))))
}

/// A misuse error located at the definition of `f` (for bad return values).
pub(crate) fn fn_misuse(f: &Function, msg: impl std::fmt::Display) -> mlua::Error {
    let info = f.info();
    let file = info
        .source
        .as_deref()
        .and_then(|s| s.strip_prefix('@'))
        .unwrap_or("?")
        .to_owned();
    let line = info.line_defined.unwrap_or(0);
    mlua::Error::external(Misuse(format!("{file}:{line}: {msg}")))
}

/// Longest field name quoted in an error (bytes).
const KEY_SHOWN: usize = 80;

/// A field name for an error message: a string key (its first [`KEY_SHOWN`] bytes, never the
/// whole of a huge one), or the type of another key.
pub(crate) fn key_text(key: &Value) -> String {
    match key {
        Value::String(s) => {
            let b = s.as_bytes();
            let shown = String::from_utf8_lossy(&b[..b.len().min(KEY_SHOWN)]).into_owned();
            if b.len() > KEY_SHOWN {
                format!("{shown}…")
            } else {
                shown
            }
        }
        other => format!("<{}>", other.type_name()),
    }
}

/// A misuse error for reading a field `key` that a `ty` value does not have.
pub(crate) fn unknown_field(lua: &Lua, ty: &str, key: &Value) -> mlua::Error {
    let k = key_text(key);
    misuse(lua, format!("{ty} has no field '{k}'"))
}

/// The names of the Lua API (methods, fields, functions), for "did you mean"; the host sets
/// them once from its documentation table.
pub(crate) static API_NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();

/// The name a Lua message says is missing: `(method 'damag')`, `(field 'x')`, `no field 'x'`.
fn missing_name(message: &str) -> Option<&str> {
    ["(method '", "(field '", "no field '"]
        .iter()
        .find_map(|open| {
            let at = message.find(open)? + open.len();
            let len = message[at..].find('\'')?;
            Some(&message[at..at + len])
        })
}

/// `did you mean 'damage'?` for a message naming an unknown method or field of the Lua API
/// that is near a known one.
pub(crate) fn suggestion(message: &str) -> Option<String> {
    let name = missing_name(message)?;
    let names = API_NAMES.get()?;
    dzero_core::spelling::nearest_word(name, names.iter().copied(), dzero_core::spelling::a_third)
        .map(|c| format!("did you mean '{c}'?"))
}

/// Finds `chunk:LINE` for one of the known chunk names in `text`; returns the chunk, the line
/// and the byte range of the `chunk:LINE:` prefix.
pub(crate) fn find_location(
    text: &str,
    chunks: &[String],
) -> Option<(String, u32, std::ops::Range<usize>)> {
    let mut best: Option<(usize, String, u32, usize)> = None;
    for chunk in chunks {
        let mut from = 0;
        while let Some(i) = text[from..].find(chunk.as_str()) {
            let start = from + i;
            let after = start + chunk.len();
            from = after;
            let rest = &text[after..];
            let Some(digits) = rest.strip_prefix(':') else {
                continue;
            };
            let n = digits.bytes().take_while(u8::is_ascii_digit).count();
            if n == 0 {
                continue;
            }
            let Ok(line) = digits[..n].parse::<u32>() else {
                continue;
            };
            let mut end = after + 1 + n;
            if text[end..].starts_with(": ") {
                end += 2;
            }
            if best.as_ref().is_none_or(|b| start < b.0) {
                best = Some((start, chunk.clone(), line, end));
            }
            break;
        }
    }
    best.map(|(start, chunk, line, end)| (chunk, line, start..end))
}

/// Splits `message\nstack traceback:...` into the message and the traceback.
pub(crate) fn split_traceback(text: &str) -> (String, String) {
    match text.find("\nstack traceback:") {
        Some(i) => (text[..i].to_owned(), text[i + 1..].to_owned()),
        None => (text.to_owned(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_location_of_a_known_chunk() {
        let chunks = vec!["tests/lua/a.lua".to_owned(), "sets/b.lua".to_owned()];
        let (c, l, r) =
            find_location("sets/b.lua:12: attempt to call a nil value", &chunks).unwrap();
        assert_eq!((c.as_str(), l), ("sets/b.lua", 12));
        assert_eq!(r, 0..15);
        assert!(find_location("no location here", &chunks).is_none());
    }

    #[test]
    fn unknown_api_names_get_the_nearest_known_one() {
        let _ = API_NAMES.set(vec!["trigger", "damage", "draw", "static"]);
        assert_eq!(
            suggestion("attempt to call a nil value (method 'damag')").as_deref(),
            Some("did you mean 'damage'?")
        );
        assert_eq!(
            suggestion("card has no field 'trigerr' (static, trigger)").as_deref(),
            Some("did you mean 'trigger'?")
        );
        assert_eq!(
            suggestion("attempt to call a nil value (method 'zzzzzz')"),
            None
        );
        assert_eq!(suggestion("boom"), None);
    }

    #[test]
    fn display_names_card_file_and_line() {
        let e = ScriptError {
            kind: ErrorKind::Runtime,
            card: "白玉楼".into(),
            file: "tests/lua/hakugyokurou.lua".into(),
            line: Some(3),
            message: "boom".into(),
            traceback: String::new(),
        };
        assert_eq!(
            e.to_string(),
            "runtime error in card '白玉楼' at tests/lua/hakugyokurou.lua:3: boom"
        );
    }
}
