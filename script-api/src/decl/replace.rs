//! `card:replace{...}`: a ★ replacement effect on zone changes (「…場合、かわりに…」) read from
//! its table.

use crate::decl::fields::{Applies, TargetDecl, fields, func, target};
use crate::docs::{Alias, Class, Entry, entry};
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
    /// The targets the payoff chooses as the replacement applies.
    pub payoff_target: Option<TargetDecl>,
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
        "payoff_target",
    ];
    let mut d = ReplaceDecl {
        zones: ZoneSet::FIELD,
        on: ReplaceOn::ToGraveyard,
        applies: Applies::Rel(Relation::Me),
        instead: Instead::Remove,
        optional: false,
        prompt: String::new(),
        payoff: None,
        payoff_target: None,
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
            "payoff_target" => d.payoff_target = Some(target(lua, v, &what)?),
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

/// Documents the named type `ReplaceEvent`.
pub(crate) const REPLACE_EVENT_ALIAS: Alias = (
    "ReplaceEvent",
    r#""to_graveyard"|"destroyed""#,
    "The moves a replacement listens to: any move into a graveyard (destruction, discards, costs, a resolved strategy …), or destruction only (from a square into the graveyard, 001 破壊).",
);

/// Documents the named type `InsteadName`.
pub(crate) const INSTEAD_NAME_ALIAS: Alias = (
    "InsteadName",
    r#""remove"|"smash"|"hand"|"deck_top"|"deck_bottom""#,
    "Where a replacement puts the card instead (its owner's zone).",
);

/// Documents the `ReplaceSpec` class.
pub(crate) const REPLACE_SPEC_CLASS: Class = Class {
    name: "ReplaceSpec",
    reached: "`card:replace { ... }`",
    doc: "★ a replacement effect on zone changes (「…場合、かわりに…」): a static ability, so it works while the card is in `zones` and an effect granting it makes a temporary one. The card goes straight to the new zone: nothing sees it arrive in the old one, and a destruction replaced away from the graveyard reports no `destroyed` event. Each replacement applies at most once to a move; when several apply, the moving card's owner chooses which applies first.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "ReplaceSpec",
        Field,
        "event",
        [],
        "ReplaceEvent?",
        "The moves it listens to (default \"to_graveyard\").",
        "card:replace { event = \"destroyed\", instead = \"smash\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "applies_to",
        [],
        "Relation|fun(self: Card, card: Card): boolean?",
        "Which moving cards it replaces (default \"self\"; \"any\" for every card).",
        "card:replace { applies_to = \"opponent\", instead = \"remove\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "instead",
        [],
        "InsteadName",
        "Where the card goes instead (required).",
        "card:replace { instead = \"remove\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where this card must be for the replacement to work (default \"field\").",
        "card:replace { zones = \"hand\", instead = \"deck_bottom\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "optional",
        [],
        "boolean?",
        "「…してもよい」: this card's owner chooses whether it applies (inside a resolution, or before anyone receives priority).",
        "card:replace { event = \"destroyed\", instead = \"hand\", optional = true }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "prompt",
        [],
        "string?",
        "The question asked for an optional replacement.",
        "card:replace { instead = \"hand\", optional = true, prompt = \"return it to your hand?\" }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "payoff",
        [],
        "fun(g: Resolve, e: EffectInfo)?",
        "「そうしたなら、…」: runs right after the replaced move, as part of the action that moved the card (its choices too); `e.event` is the `moved` event as made, `e.controller` this card's owner.",
        "card:replace { instead = \"hand\", optional = true, payoff = function(g, e) g:draw(e.controller) end }"
    ),
    entry!(
        "ReplaceSpec",
        Field,
        "payoff_target",
        [],
        "TargetSpec?",
        "「そうした場合、対象の…」: the payoff's targets, chosen by this card's owner as the replacement applies (R7.4, A50) and read as `e.target` / `e.targets`; with no legal target the payoff does nothing and the replacement still applies.",
        "card:replace { event = \"destroyed\", instead = \"hand\", optional = true, payoff_target = target.unit { side = \"opponent\" }, payoff = function(g, e) g:damage(e.target, 1000) end }"
    ),
];
