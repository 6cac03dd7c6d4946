//! Where a card came from and why it moved, in Lua: the `from` / `method` / `cause` filters of `card:trigger`, the provenance fields of event tables and the
//! `played_from` / `play_method` / `came_from` / `cause` fields of cards.

use crate::context::Shared;
use crate::convert;
use crate::docs::Alias;
use crate::error::misuse;
use crate::objects::args::{names, zones};
use crate::objects::values::{card_value, player_value};
use dzero_core::{Arrival, CardId, Cause, Event, ItemTag, Query, ZoneSet, method_matches};
use mlua::{Lua, Table, Value};

/// The script names of [`Cause`]s.
pub(crate) const CAUSES: [&str; 5] = ["played", "moved", "effect", "cost", "rule"];

/// The script name of a cause.
pub(crate) fn cause_name(c: Cause) -> &'static str {
    match c {
        Cause::Played(_) => CAUSES[0],
        Cause::Moved => CAUSES[1],
        Cause::Effect { .. } => CAUSES[2],
        Cause::Cost => CAUSES[3],
        Cause::Rule => CAUSES[4],
    }
}

/// The `from` / `method` / `cause` filters of a ◆ declaration; empty filters accept anything.
#[derive(Default)]
pub(crate) struct ArrivalFilter {
    from: Option<ZoneSet>,
    methods: Vec<String>,
    causes: Vec<&'static str>,
}

impl ArrivalFilter {
    /// The declaration keys this filter reads.
    pub const KEYS: [&'static str; 3] = ["from", "method", "cause"];

    /// Reads one of [`ArrivalFilter::KEYS`].
    pub fn set(&mut self, lua: &Lua, key: &str, v: &Value, what: &str) -> mlua::Result<()> {
        match key {
            "from" => self.from = Some(zones(lua, v, what)?),
            "method" => self.methods = names(lua, v, what)?,
            _ => {
                for n in names(lua, v, what)? {
                    let c = CAUSES.iter().find(|c| **c == n).ok_or_else(|| {
                        misuse(
                            lua,
                            format!("{what}: unknown cause '{n}' (known: {})", CAUSES.join(", ")),
                        )
                    })?;
                    self.causes.push(c);
                }
            }
        }
        Ok(())
    }

    fn is_empty(&self) -> bool {
        self.from.is_none() && self.methods.is_empty() && self.causes.is_empty()
    }

    /// Whether `event` passes: a moved / placed event by its arrival, a `played` (stacked play)
    /// event by how its card was played. Events without provenance pass only an empty filter.
    pub fn matches(&self, view: &Query<'_>, event: &Event) -> bool {
        if self.is_empty() {
            return true;
        }
        let (arrival, card) = match *event {
            Event::Moved { card, arrival, .. } | Event::Placed { card, arrival, .. } => {
                (arrival, card)
            }
            Event::Stacked {
                tag: ItemTag::Play,
                card: Some(card),
                ..
            } => match view.played(card) {
                Some(p) => (
                    Arrival {
                        from: p.from,
                        cause: Cause::Played(p),
                    },
                    card,
                ),
                None => return false,
            },
            _ => return false,
        };
        let from = origin(&arrival);
        if self.from.is_some_and(|z| !z.contains(from)) {
            return false;
        }
        if !self.causes.is_empty() && !self.causes.contains(&cause_name(arrival.cause)) {
            return false;
        }
        if !self.methods.is_empty() {
            let Cause::Played(p) = arrival.cause else {
                return false;
            };
            let name = p.method_name(view.db, view.game, card);
            if !self.methods.iter().any(|m| method_matches(m, name)) {
                return false;
            }
        }
        true
    }
}

/// The zone a card came from, for a played card the zone it was played from (not the stack).
fn origin(a: &Arrival) -> dzero_core::Zone {
    match a.cause {
        Cause::Played(p) => p.from,
        _ => a.from,
    }
}

/// Sets `e.from` (a placed card's origin; the plan zone as "plan"), `e.cause`, `e.method`,
/// `e.by` and `e.by_player` on the table of a moved or placed event.
pub(crate) fn arrival_fields(
    lua: &Lua,
    sh: &Shared,
    t: &Table,
    card: CardId,
    a: Arrival,
    placed: bool,
) -> mlua::Result<()> {
    if placed {
        t.raw_set("from", convert::zone_name(origin(&a)))?;
    } else {
        t.raw_set("from", convert::zone_name(a.from))?;
    }
    t.raw_set("cause", cause_name(a.cause))?;
    match a.cause {
        Cause::Played(p) => {
            let name = sh.view(lua, "event.method", |v| {
                Ok(p.method_name(v.db, v.game, card).to_owned())
            })?;
            t.raw_set("method", name)?;
            t.raw_set("played_from", convert::zone_name(p.from))?;
        }
        Cause::Effect { card: by, player } => {
            if let Some(c) = by {
                t.raw_set("by", card_value(lua, sh, c)?)?;
            }
            t.raw_set("by_player", player_value(lua, sh, player)?)?;
        }
        Cause::Moved | Cause::Cost | Cause::Rule => {}
    }
    Ok(())
}

/// The value of a card's provenance field `name` (`played_from`, `play_method`, `came_from`,
/// `cause`).
pub(crate) fn card_field(v: &Query<'_>, card: CardId, name: &str) -> Option<&'static str> {
    match name {
        "played_from" => v.played(card).map(|p| convert::zone_name(p.from)),
        "came_from" => Some(convert::zone_name(origin(&v.arrival(card)))),
        "cause" => Some(cause_name(v.arrival(card).cause)),
        _ => None,
    }
}

/// Documents the named type `CauseName`.
pub(crate) const CAUSE_NAME_ALIAS: Alias = (
    "CauseName",
    r#""played"|"moved"|"effect"|"cost"|"rule""#,
    "Why a card moved: played (declared, or put into its square by the resolving play), moved by a move action (R10), put by a card's effect, paid as a cost (R5), or by a game rule (drawing, smashing, battle, resolution).",
);
