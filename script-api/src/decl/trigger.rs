//! `card:trigger{...}`: a ◆ declaration (the events it listens to, built-in conditions, a `when`
//! test, targets and the effect) read from its table.

use crate::convert;
use crate::decl::fields::{TargetDecl, fields, func, target};
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{names, str_arg, zones};
use crate::objects::events::EVENT_KINDS;
use crate::objects::provenance::ArrivalFilter;
use crate::objects::relation::{Relation, relation};
use dzero_core::{Phase, ZoneSet};
use mlua::{Function, Lua, Value};

/// What a ◆ listens to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum On {
    /// An event kind, by its index in [`EVENT_KINDS`].
    Kind(usize),
    /// A card was played (a play item was stacked).
    Played,
}

/// `player = "me" | "opponent"` in a trigger.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PlayerRel {
    /// The player controlling this card.
    Me,
    /// The other player.
    Opponent,
}

/// A ◆ declaration.
pub(crate) struct TriggerDecl {
    /// Where the ability works.
    pub zones: ZoneSet,
    /// The events it listens to.
    pub on: Vec<On>,
    /// Which card the event must be about, relative to this card.
    pub card: Option<Relation>,
    /// Which player the event must be about.
    pub player: Option<PlayerRel>,
    /// The phase a phase event must be of.
    pub phase: Option<Phase>,
    /// `(self, ev) -> bool`: the further condition.
    pub when: Option<Function>,
    /// Where a card must have come from, and how.
    pub arrival: ArrivalFilter,
    /// Its targets, if any.
    pub target: Option<TargetDecl>,
    /// The effect `(g, e)`.
    pub resolve: Function,
}

/// Reads the table of `card:trigger{...}`.
pub(crate) fn parse(lua: &Lua, spec: &Value) -> mlua::Result<TriggerDecl> {
    const KNOWN: &[&str] = &[
        "on", "zones", "card", "player", "phase", "when", "target", "resolve", "from", "method",
        "cause",
    ];
    let mut arrival = ArrivalFilter::default();
    let mut on = Vec::new();
    let mut d_zones = ZoneSet::FIELD;
    let (mut card, mut player, mut phase, mut when, mut tgt, mut resolve) =
        (None, None, None, None, None, None);
    for (k, v) in fields(lua, spec, "card:trigger", KNOWN)? {
        let what = format!("card:trigger{{{k}}}");
        match k.as_str() {
            "on" => {
                for n in names(lua, &v, &what)? {
                    on.push(match n.as_str() {
                        "played" => On::Played,
                        "drawn" | "card_drawn" => On::Kind(3),
                        "damage_dealt" => On::Kind(7),
                        "battle_start" => On::Kind(13),
                        "battle_end" => On::Kind(15),
                        name => On::Kind(
                            EVENT_KINDS
                                .iter()
                                .position(|k| *k == name && *k != "played")
                                .ok_or_else(|| {
                                    misuse(
                                        lua,
                                        format!(
                                            "{what}: unknown event '{name}' (known: {})",
                                            EVENT_KINDS.join(", ")
                                        ),
                                    )
                                })?,
                        ),
                    });
                }
            }
            "zones" => d_zones = zones(lua, &v, &what)?,
            "card" => card = Some(relation(lua, &v, &what)?),
            "player" => {
                let n = str_arg(lua, &v, &what)?;
                player = Some(match n.as_str() {
                    "me" | "self" | "own" => PlayerRel::Me,
                    "opponent" => PlayerRel::Opponent,
                    _ => {
                        return Err(misuse(
                            lua,
                            format!("{what} must be \"me\" or \"opponent\", not '{n}'"),
                        ));
                    }
                });
            }
            "phase" => {
                let n = str_arg(lua, &v, &what)?;
                phase = Some(
                    convert::phase(&n)
                        .ok_or_else(|| misuse(lua, format!("{what}: unknown phase '{n}'")))?,
                );
            }
            "when" => when = Some(func(lua, v, &what)?),
            "target" => tgt = Some(target(lua, v, &what)?),
            "resolve" => resolve = Some(func(lua, v, &what)?),
            k if ArrivalFilter::KEYS.contains(&k) => arrival.set(lua, k, &v, &what)?,
            _ => {}
        }
    }
    if on.is_empty() {
        return Err(misuse(
            lua,
            "card:trigger needs on = \"event\" (e.g. on = \"placed\")",
        ));
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:trigger needs resolve = function(g, e)"))?;
    Ok(TriggerDecl {
        zones: d_zones,
        on,
        card,
        player,
        phase,
        when,
        arrival,
        target: tgt,
        resolve,
    })
}

/// Documents the `TriggerSpec` class.
pub(crate) const TRIGGER_SPEC_CLASS: Class = Class {
    name: "TriggerSpec",
    reached: "`card:trigger { ... }`",
    doc: "◆ a triggered ability: an event, built-in conditions, an optional `when` test, optional targets and the effect.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "TriggerSpec",
        Field,
        "on",
        [],
        "EventKind|EventKind[]",
        "The event(s) the ability listens to.",
        "card:trigger { on = {\"destroyed\", \"damaged\"}, resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Where the card must be (the zone before the event for events moving the card itself).",
        "card:trigger { on = \"destroyed\", card = \"self\", zones = \"field\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "card",
        [],
        "Relation?",
        "The card the event is about must have this relation to this card when the event happens.",
        "card:trigger { on = \"placed\", card = \"self\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "player",
        [],
        "\"me\"|\"opponent\"?",
        "The player the event is about must be this card's owner or the opponent.",
        "card:trigger { on = \"drew\", player = \"opponent\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "phase",
        [],
        "PhaseName?",
        "For phase_began / phase_ended: which phase.",
        "card:trigger { on = \"phase_ended\", phase = \"main\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "from",
        [],
        "ZoneName|ZoneName[]?",
        "For moved / placed / played: only cards that came from these zones; a played card counts as coming from the zone it was played from (`\"plan\"` for the plan card, R9.6), never the stack.",
        "card:trigger { on = \"placed\", card = \"self\", from = \"plan\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "method",
        [],
        "string|string[]?",
        "For moved / placed / played: only cards played by these methods: `\"normal\"` or a ☆ method's name (`\"隊列召喚\"` also accepts `\"隊列召喚―縦列\"`).",
        "card:trigger { on = \"placed\", card = \"self\", method = \"隊列召喚\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "cause",
        [],
        "CauseName|CauseName[]?",
        "For moved / placed / played: only cards that moved for these reasons.",
        "card:trigger { on = \"placed\", card = \"own_units\", cause = \"effect\", resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "when",
        [],
        "fun(self: Card, ev: Event): boolean?",
        "A further condition, checked when the event happens.",
        "card:trigger { on = \"damaged\", when = function(self, ev) return ev.amount >= 3000 end, resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "target",
        [],
        "TargetSpec?",
        "Targets, chosen when the ability goes on the stack; none legal voids it.",
        "card:trigger { on = \"placed\", card = \"self\", target = target.unit(), resolve = function(g, e) end }"
    ),
    entry!(
        "TriggerSpec",
        Field,
        "resolve",
        [],
        "fun(g: Resolve, e: EffectInfo)",
        "The effect.",
        "card:trigger { on = \"smashed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end }"
    ),
];
