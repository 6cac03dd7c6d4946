//! `card:replace{...}`: a ★ replacement effect on zone changes (「…場合、かわりに…」) read from
//! its table.

use crate::decl::fields::{Applies, fields, func};
use crate::error::misuse;
use crate::objects::args::{str_arg, zones};
use crate::objects::relation::{Relation, relation};
use dzero_core::{Instead, ZoneSet};
use mlua::{Function, Lua, Value};

/// Which moves a replacement listens to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ReplaceOn {
    /// Any move into a graveyard (destruction, discard, a resolved strategy, costs …).
    ToGraveyard,
    /// Only destruction (from a square into the graveyard).
    Destroyed,
}

/// A `card:replace{...}` declaration.
pub(crate) struct ReplaceDecl {
    /// Where the ability works.
    pub zones: ZoneSet,
    /// Which moves it listens to.
    pub on: ReplaceOn,
    /// Which moving cards it replaces the move of.
    pub applies: Applies,
    /// Where the card goes instead.
    pub instead: Instead,
    /// Whether the card's owner may decline it.
    pub optional: bool,
    /// The question asked when it is optional.
    pub prompt: String,
    /// An effect `(g, e)` run when the move was replaced.
    pub payoff: Option<Function>,
}

const INSTEAD: &[(&str, Instead)] = &[
    ("remove", Instead::Remove),
    ("smash", Instead::Smash),
    ("hand", Instead::Hand),
    ("deck_top", Instead::DeckTop),
    ("deck_bottom", Instead::DeckBottom),
];

/// Reads the table of `card:replace{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<ReplaceDecl> {
    const KNOWN: &[&str] = &[
        "zones",
        "event",
        "applies_to",
        "instead",
        "optional",
        "prompt",
        "payoff",
    ];
    let mut d = ReplaceDecl {
        zones: ZoneSet::FIELD,
        on: ReplaceOn::ToGraveyard,
        applies: Applies::Rel(Relation::Me),
        instead: Instead::Remove,
        optional: false,
        prompt: String::new(),
        payoff: None,
    };
    let mut instead_set = false;
    for (k, v) in fields(lua, spec, "card:replace", KNOWN)? {
        let what = format!("card:replace{{{k}}}");
        match k.as_str() {
            "zones" => d.zones = zones(lua, &v, &what)?,
            "event" => {
                d.on = match str_arg(lua, &v, &what)?.as_str() {
                    "to_graveyard" => ReplaceOn::ToGraveyard,
                    "destroyed" => ReplaceOn::Destroyed,
                    other => {
                        return Err(misuse(
                            lua,
                            format!("{what}: unknown event '{other}' (to_graveyard, destroyed)"),
                        ));
                    }
                }
            }
            "applies_to" => {
                d.applies = match v {
                    Value::Function(f) => Applies::Fn(f),
                    v => Applies::Rel(relation(lua, &v, &what)?),
                }
            }
            "instead" => {
                let n = str_arg(lua, &v, &what)?;
                d.instead = INSTEAD
                    .iter()
                    .find(|(name, _)| *name == n)
                    .map(|(_, i)| *i)
                    .ok_or_else(|| {
                        let known: Vec<&str> = INSTEAD.iter().map(|(n, _)| *n).collect();
                        misuse(
                            lua,
                            format!("{what}: unknown zone '{n}' ({})", known.join(", ")),
                        )
                    })?;
                instead_set = true;
            }
            "optional" => match v {
                Value::Boolean(b) => d.optional = b,
                other => {
                    return Err(misuse(
                        lua,
                        format!("{what} must be true or false, not {}", other.type_name()),
                    ));
                }
            },
            "prompt" => d.prompt = str_arg(lua, &v, &what)?,
            "payoff" => d.payoff = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    if !instead_set {
        return Err(misuse(
            lua,
            "card:replace needs instead = \"remove\" | \"smash\" | \"hand\" | \"deck_top\" | \
             \"deck_bottom\"",
        ));
    }
    Ok(d)
}
