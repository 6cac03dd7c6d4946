//! Reading the arguments of `g` functions: the handle itself (called with a colon), cards of
//! this game, durations, keywords, destinations and prompts.

use crate::context::copied_string;
use crate::convert;
use crate::docs::Alias;
use crate::error::misuse;
use crate::objects::args::{card_arg, square_arg, str_arg};
use dzero_core::{CardId, Dest, Duration, Keywords, Resolve, TargetRef};
use mlua::{Lua, Value};

/// Fails unless `g` functions are called with a colon (`v` is `g` itself).
pub(crate) fn check_self(lua: &Lua, v: &Value, name: &str) -> mlua::Result<()> {
    match v {
        Value::Table(_) => Ok(()),
        _ => Err(misuse(
            lua,
            format!("call it as g:{name}(...) with a colon, not g.{name}(...)"),
        )),
    }
}

/// Fails unless `c` is a card of the resolving game.
pub(crate) fn exists(lua: &Lua, r: &Resolve<'_>, c: CardId) -> mlua::Result<()> {
    if r.view().exists(c) {
        Ok(())
    } else {
        Err(misuse(
            lua,
            format!("card #{} is not a card of this game", c.0),
        ))
    }
}

/// Whether a card argument read with its object (`pin`) is still that object: a handle of an
/// object that has since changed zones names nothing (R7.3), so an effect on it does nothing.
/// Errs for a card not of this game.
pub(crate) fn current(
    lua: &Lua,
    r: &Resolve<'_>,
    c: CardId,
    pin: Option<u16>,
) -> mlua::Result<bool> {
    exists(lua, r, c)?;
    Ok(pin.is_none_or(|inc| r.view().is_current(dzero_core::TargetRef { card: c, inc })))
}

/// Parses a duration: nil / "end_of_turn", "end_of_battle", "end_of_your_next_turn",
/// "while_source_in_play", "indefinite", or a card (while that card stays in play). None:
/// "end_of_battle" outside a battle, a duration that is already over.
pub(crate) fn duration(
    lua: &Lua,
    r: &Resolve<'_>,
    v: &Value,
    what: &str,
) -> mlua::Result<Option<Duration>> {
    match v {
        Value::Nil => Ok(Some(Duration::EndOfTurn)),
        Value::String(s) => match copied_string(lua, s, what)?.as_str() {
            "end_of_turn" | "until_end_of_turn" => Ok(Some(Duration::EndOfTurn)),
            "while_source_in_play" | "while_in_play" | "while_this_in_play" => {
                Ok(Some(r.while_source_in_play()))
            }
            "indefinite" | "while_subject_in_play" => Ok(Some(Duration::Indefinite)),
            "end_of_battle" | "until_end_of_battle" => Ok(r.until_end_of_battle()),
            "end_of_your_next_turn" | "until_end_of_your_next_turn" => {
                Ok(Some(r.until_end_of_next_turn(r.controller())))
            }
            other => Err(misuse(
                lua,
                format!(
                    "{what}: unknown duration '{other}' (\"end_of_turn\", \"end_of_battle\", \
                     \"end_of_your_next_turn\", \"while_source_in_play\", \"indefinite\" or \
                     a card)"
                ),
            )),
        },
        Value::UserData(_) => {
            let c = card_arg(lua, v, what)?;
            let inc =
                r.view().game.card_state(c).map(|s| s.inc).ok_or_else(|| {
                    misuse(lua, format!("card #{} is not a card of this game", c.0))
                })?;
            Ok(Some(Duration::WhileInPlay(TargetRef { card: c, inc })))
        }
        other => Err(misuse(
            lua,
            format!("{what}: a duration was expected, got {}", other.type_name()),
        )),
    }
}

/// Reads a keyword or a list of keywords.
pub(crate) fn keywords_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Keywords> {
    let one = |v: &Value| -> mlua::Result<Keywords> {
        let n = str_arg(lua, v, what)?;
        convert::keyword(&n)
            .ok_or_else(|| misuse(lua, format!("{what}: {}", convert::unknown_keyword(&n))))
    };
    match v {
        Value::Table(t) => {
            let mut k = Keywords::NONE;
            for i in 1..=t.raw_len() {
                k = k.with(one(&t.raw_get(i)?)?);
            }
            Ok(k)
        }
        v => one(v),
    }
}

/// Where `g:put` sends a card.
pub(crate) fn dest_arg(lua: &Lua, v: &Value, frozen: bool, what: &str) -> mlua::Result<Dest> {
    if let Value::String(s) = v {
        let name = copied_string(lua, s, what)?;
        let d = match name.as_str() {
            "deck_top" | "deck" => Some(Dest::DeckTop),
            "deck_bottom" => Some(Dest::DeckBottom),
            "hand" => Some(Dest::Hand),
            "graveyard" => Some(Dest::Graveyard),
            "energy" => Some(Dest::Energy),
            "smash" => Some(Dest::Smash),
            "remove" => Some(Dest::Remove),
            _ => None,
        };
        if let Some(d) = d {
            return Ok(d);
        }
    }
    let sq = square_arg(lua, v, what).map_err(|_| {
        misuse(
            lua,
            format!(
                "{what}: a destination was expected: \"deck_top\", \"deck_bottom\", \"hand\", \
                 \"graveyard\", \"energy\", \"smash\", \"remove\" or a square"
            ),
        )
    })?;
    Ok(Dest::Square(sq, frozen))
}

/// Reads an optional prompt, `default` when nil.
pub(crate) fn prompt_arg(lua: &Lua, v: &Value, default: &str, what: &str) -> mlua::Result<String> {
    match v {
        Value::Nil => Ok(default.to_owned()),
        v => str_arg(lua, v, &format!("{what}, the prompt")),
    }
}

/// Documents the named type `DurationName`.
pub(crate) const DURATION_NAME_ALIAS: Alias = (
    "DurationName",
    r#""end_of_turn"|"end_of_battle"|"end_of_your_next_turn"|"while_source_in_play"|"indefinite""#,
    "How long a change lasts: until the end of this turn's recovery phase (A31); until the \
     battle in progress ends (an error outside a battle); until the end of the effect \
     controller's next turn; while the effect's card stays in play; while the subject stays \
     where it is. A card means: while that card stays in play.",
);

/// Documents the named type `Destination`.
pub(crate) const DESTINATION_ALIAS: Alias = (
    "Destination",
    r#""deck_top"|"deck_bottom"|"hand"|"graveyard"|"energy"|"smash"|"remove"|Square|string"#,
    "Where `g:put` sends a card; a square or a square name puts it into play.",
);
