//! Engine events in Lua: the event kinds a ◆ ability listens to, the cards and player an event
//! is about, an event as a table (`ev.kind` plus the fields of that kind), and the context a
//! target filter sees.

use crate::context::Shared;
use crate::convert;
use crate::docs::{Alias, Class, Entry, entry};
use crate::objects::provenance::arrival_fields;
use crate::objects::values::{card_value, player_value, square_value, target_value};
use dzero_core::{CardId, Event, ItemTag, Loc, Player, Query, Square};
use mlua::{Lua, Table, Value};

/// The script name of an event kind, with its index in [`EVENT_KINDS`].
pub(crate) const EVENT_KINDS: [&str; 34] = [
    "turn_began",
    "phase_began",
    "mulligan",
    "drew",
    "moved",
    "placed",
    "destroyed",
    "damaged",
    "frozen",
    "released",
    "stacked",
    "resolved",
    "passed",
    "battle_began",
    "battle_step",
    "battle_ended",
    "smashed",
    "plan_opened",
    "shuffled",
    "triggered",
    "trigger_voided",
    "effect_failed",
    "game_over",
    "phase_ended",
    "plan_closed",
    "turn_ending",
    "played",
    "targeted",
    "countered",
    "rolled",
    "revealed",
    "bottomed",
    "token_moved",
    "hand_shown",
];

/// The index in [`EVENT_KINDS`] of an event.
pub(crate) fn event_kind(e: &Event) -> usize {
    usize::from(dzero_core::EventKinds::index(e))
}

/// The cards an event is about (for `card = "self"` conditions).
pub(crate) fn event_cards(e: &Event) -> [Option<CardId>; 2] {
    match *e {
        Event::Drew { card, .. }
        | Event::Moved { card, .. }
        | Event::Placed { card, .. }
        | Event::Destroyed { card, .. }
        | Event::Damaged { card, .. }
        | Event::Frozen { card }
        | Event::Released { card }
        | Event::PlanOpened { card, .. }
        | Event::PlanClosed { card, .. }
        | Event::Triggered { card }
        | Event::TriggerVoided { card }
        | Event::HandShown { card, .. } => [Some(card), None],
        Event::Targeted { target, .. } => [target.card(), None],
        Event::Stacked { card, .. }
        | Event::Resolved { card, .. }
        | Event::Countered { card, .. }
        | Event::EffectFailed { card, .. } => [card, None],
        Event::BattleBegan {
            attacker, defender, ..
        } => [Some(attacker), Some(defender)],
        Event::BattleEnded { winner, .. } => [winner, None],
        Event::Smashed { unit, .. } => [Some(unit), None],
        _ => [None, None],
    }
}

/// The player an event is about (for `player = "me"` conditions).
pub(crate) fn event_player(e: &Event) -> Option<Player> {
    match *e {
        Event::TurnBegan { player, .. }
        | Event::TurnEnding { player, .. }
        | Event::Mulligan { player }
        | Event::Drew { player, .. }
        | Event::Stacked { player, .. }
        | Event::Targeted { player, .. }
        | Event::Passed { player }
        | Event::PlanOpened { player, .. }
        | Event::PlanClosed { player, .. }
        | Event::Shuffled { player } => Some(player),
        Event::Smashed { victim, .. } => Some(victim),
        _ => None,
    }
}

fn tag_name(t: ItemTag) -> &'static str {
    match t {
        ItemTag::Play => "play",
        ItemTag::CreatePlan => "create_plan",
        ItemTag::UpdatePlan => "update_plan",
        ItemTag::Move => "move",
        ItemTag::Activated => "activated",
        ItemTag::Triggered => "triggered",
        ItemTag::Damage => "damage",
        ItemTag::Roll => "roll",
    }
}

fn loc_fields(lua: &Lua, sh: &Shared, t: &Table, prefix: &str, l: Loc) -> mlua::Result<()> {
    t.raw_set(prefix, convert::zone_name(l.zone()))?;
    if let Some(s) = l.square() {
        t.raw_set(format!("{prefix}_square"), square_value(lua, sh, s)?)?;
    }
    Ok(())
}

/// An event as a Lua table: `kind` plus the event's fields.
pub(crate) fn event_table(lua: &Lua, sh: &Shared, e: &Event) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("kind", EVENT_KINDS[event_kind(e)])?;
    let card = |t: &Table, k: &str, c: CardId| -> mlua::Result<()> {
        t.raw_set(k, card_value(lua, sh, c)?)
    };
    let player = |t: &Table, k: &str, p: Player| -> mlua::Result<()> {
        t.raw_set(k, player_value(lua, sh, p)?)
    };
    let square = |t: &Table, k: &str, s: Square| -> mlua::Result<()> {
        t.raw_set(k, square_value(lua, sh, s)?)
    };
    match *e {
        Event::TurnBegan { player: p, turn } | Event::TurnEnding { player: p, turn } => {
            player(&t, "player", p)?;
            t.raw_set("turn", turn)?;
        }
        Event::PhaseBegan { phase } | Event::PhaseEnded { phase } => {
            t.raw_set("phase", convert::phase_name(phase))?
        }
        Event::Mulligan { player: p }
        | Event::Passed { player: p }
        | Event::Shuffled { player: p } => player(&t, "player", p)?,
        Event::Drew { player: p, card: c }
        | Event::PlanOpened { player: p, card: c }
        | Event::PlanClosed { player: p, card: c } => {
            player(&t, "player", p)?;
            card(&t, "card", c)?;
        }
        Event::Moved {
            card: c,
            from,
            to,
            arrival,
        } => {
            card(&t, "card", c)?;
            loc_fields(lua, sh, &t, "from", from)?;
            loc_fields(lua, sh, &t, "to", to)?;
            arrival_fields(lua, sh, &t, c, arrival, false)?;
        }
        Event::Placed {
            card: c,
            square: s,
            played,
            arrival,
        } => {
            card(&t, "card", c)?;
            square(&t, "square", s)?;
            t.raw_set("played", played)?;
            arrival_fields(lua, sh, &t, c, arrival, true)?;
        }
        Event::Destroyed { card: c, square: s } => {
            card(&t, "card", c)?;
            square(&t, "square", s)?;
        }
        Event::Damaged {
            card: c,
            amount,
            source,
        } => {
            card(&t, "card", c)?;
            t.raw_set("amount", amount)?;
            if let Some(s) = source {
                card(&t, "source", s)?;
            }
        }
        Event::Frozen { card: c }
        | Event::Released { card: c }
        | Event::Triggered { card: c }
        | Event::TriggerVoided { card: c } => card(&t, "card", c)?,
        Event::Stacked {
            player: p,
            tag,
            card: c,
        } => {
            player(&t, "player", p)?;
            t.raw_set("tag", tag_name(tag))?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::Resolved {
            tag,
            card: c,
            fizzled,
        } => {
            t.raw_set("tag", tag_name(tag))?;
            t.raw_set("fizzled", fizzled)?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::Targeted {
            target,
            tag,
            by,
            player: p,
        } => {
            t.raw_set("target", target_value(lua, sh, target)?)?;
            if let Some(c) = target.card() {
                card(&t, "card", c)?;
            }
            t.raw_set("tag", tag_name(tag))?;
            if let Some(b) = by {
                card(&t, "by", b)?;
            }
            player(&t, "player", p)?;
        }
        Event::Countered { tag, card: c, by } => {
            t.raw_set("tag", tag_name(tag))?;
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
            if let Some(b) = by {
                card(&t, "by", b)?;
            }
        }
        Event::BattleBegan {
            square: s,
            attacker,
            defender,
        } => {
            square(&t, "square", s)?;
            card(&t, "attacker", attacker)?;
            card(&t, "defender", defender)?;
        }
        Event::BattleStepBegan { step } => t.raw_set("step", convert::step_name(step))?,
        Event::Rolled { player: p, face } => {
            player(&t, "player", p)?;
            t.raw_set("face", convert::face_name(face))?;
        }
        Event::Revealed { card: c, at, setup } => {
            card(&t, "card", c)?;
            t.raw_set("setup", setup)?;
            if let Some(at) = at {
                t.raw_set("row", at.row)?;
                t.raw_set("col", at.col)?;
            }
        }
        Event::Bottomed { card: c } => card(&t, "card", c)?,
        Event::HandShown { card: c, to } => {
            card(&t, "card", c)?;
            player(&t, "player", to)?;
        }
        Event::TokenMoved { from, to } => {
            t.raw_set("from_row", from.row)?;
            t.raw_set("from_col", from.col)?;
            t.raw_set("row", to.row)?;
            t.raw_set("col", to.col)?;
        }
        Event::BattleEnded { square: s, winner } => {
            square(&t, "square", s)?;
            if let Some(w) = winner {
                card(&t, "winner", w)?;
            }
        }
        Event::Smashed {
            unit,
            victim,
            cards,
        } => {
            card(&t, "card", unit)?;
            card(&t, "unit", unit)?;
            player(&t, "victim", victim)?;
            t.raw_set("cards", cards)?;
        }
        Event::EffectFailed { card: c, .. } => {
            if let Some(c) = c {
                card(&t, "card", c)?;
            }
        }
        Event::GameOver { result } => match result {
            dzero_core::GameResult::Win(p) => player(&t, "winner", p)?,
            dzero_core::GameResult::Draw => t.raw_set("draw", true)?,
        },
    }
    Ok(t)
}

/// The third argument of a target filter: `{ event = ... }` while a ◆ ability's targets are
/// chosen or checked, nil otherwise.
pub(crate) fn filter_context(lua: &Lua, sh: &Shared, view: &Query<'_>) -> mlua::Result<Value> {
    match view.event() {
        Some(e) => {
            let t = lua.create_table()?;
            t.raw_set("event", event_table(lua, sh, &e)?)?;
            Ok(Value::Table(t))
        }
        None => Ok(Value::Nil),
    }
}

/// Documents the named type `EventKind`.
pub(crate) const EVENT_KIND_ALIAS: Alias = (
    "EventKind",
    r#""turn_began"|"phase_began"|"phase_ended"|"mulligan"|"drew"|"moved"|"placed"|"destroyed"|"damaged"|"frozen"|"released"|"stacked"|"resolved"|"passed"|"battle_began"|"battle_step"|"battle_ended"|"smashed"|"plan_opened"|"shuffled"|"triggered"|"trigger_voided"|"effect_failed"|"game_over"|"plan_closed"|"turn_ending"|"played"|"targeted"|"countered"|"rolled"|"revealed"|"bottomed"|"token_moved"|"hand_shown""#,
    "An engine event a ◆ ability listens to (`played`: a card was played; `phase_ended`: a phase of the turn ended, before the next began; `plan_closed`: a plan zone ended, seen by its card's ◆ from the plan zone; `turn_ending`: 「ターン終了時」, the recovery phase began — ◆ triggering on it resolve in an end-of-turn window of the same turn, with priority for quick-timing actions; `targeted`: a card, square, player or item became a target of an item put on the stack, `card = \"self\"` meaning this card was; `countered`: an item was made to fail or negated by an effect; `rolled`: the dimension die was rolled, `ev.player` and `ev.face` = \"P\"|\"C\"|\"blank\" (R19.11–R19.14); `revealed`: a dimension-deck card was turned face up, `ev.setup` true during setup, when phenomena do not trigger (R19.9); `bottomed`, `token_moved`: R19.12, R19.18; `hand_shown`: a hand card was shown to `ev.player` by 「公開する」, A47).",
);

/// Documents the `FilterContext` class.
pub(crate) const FILTER_CONTEXT_CLASS: Class = Class {
    name: "FilterContext",
    reached: "third argument of a target filter",
    doc: "What a target filter sees besides the candidate: `event`, the triggering event of a ◆ ability.",
};

/// Documents the `Event` class.
pub(crate) const EVENT_CLASS: Class = Class {
    name: "Event",
    reached: "`e.event`, `when = function(self, ev)`",
    doc: "An engine event: `kind` plus the fields of that kind.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "Event",
        Field,
        "target",
        [],
        "Target?",
        "targeted: what became a target (a card, square, player or stack item).",
        "if ev.target == self then end"
    ),
    entry!(
        "Event",
        Field,
        "by",
        [],
        "Card?",
        "targeted / countered: the card whose item targeted, or whose effect countered; moved / placed by an effect: the card whose effect it was.",
        "local src = ev.by"
    ),
    entry!(
        "FilterContext",
        Field,
        "event",
        [],
        "Event?",
        "The event that triggered the ◆ ability whose targets are being chosen or checked.",
        "target.unit { filter = function(self, c, e) return c.square:adjacent(e.event.square) end }"
    ),
    entry!(
        "Event",
        Field,
        "kind",
        [],
        "EventKind",
        "The event kind.",
        "if ev.kind == \"placed\" then end"
    ),
    entry!(
        "Event",
        Field,
        "card",
        [],
        "Card?",
        "The card the event is about (the unit for smashed).",
        "if ev.card == self then end"
    ),
    entry!(
        "Event",
        Field,
        "player",
        [],
        "Player?",
        "The player the event is about.",
        "if ev.player == self.owner then end"
    ),
    entry!(
        "Event",
        Field,
        "turn",
        [],
        "integer?",
        "turn_began / turn_ending: the turn number.",
        "local t = ev.turn"
    ),
    entry!(
        "Event",
        Field,
        "phase",
        [],
        "PhaseName?",
        "phase_began / phase_ended: the phase.",
        "if ev.phase == \"main\" then end"
    ),
    entry!(
        "Event",
        Field,
        "square",
        [],
        "Square?",
        "placed / destroyed / battles: the square.",
        "local s = ev.square"
    ),
    entry!(
        "Event",
        Field,
        "played",
        [],
        "boolean?",
        "placed: whether it was played (not put by an effect or moved).",
        "if ev.played then end"
    ),
    entry!(
        "Event",
        Field,
        "amount",
        [],
        "integer?",
        "damaged: the amount after replacement effects.",
        "if ev.amount >= 3000 then end"
    ),
    entry!(
        "Event",
        Field,
        "source",
        [],
        "Card?",
        "damaged: the card that dealt it.",
        "local src = ev.source"
    ),
    entry!(
        "Event",
        Field,
        "from",
        [],
        "ZoneName?",
        "moved: the zone it came from (`\"plan\"` for the plan card, not `\"deck\"`); placed: the zone it came from, for a played card the zone it was played from.",
        "if ev.from == \"hand\" then end"
    ),
    entry!(
        "Event",
        Field,
        "cause",
        [],
        "CauseName?",
        "moved / placed: why the card moved.",
        "if ev.cause == \"effect\" then end"
    ),
    entry!(
        "Event",
        Field,
        "method",
        [],
        "string?",
        "moved / placed by a play: `\"normal\"` or the ☆ method's name.",
        "if ev.method == \"normal\" then end"
    ),
    entry!(
        "Event",
        Field,
        "played_from",
        [],
        "ZoneName?",
        "moved / placed by a play: the zone the card was played from.",
        "if ev.played_from == \"plan\" then end"
    ),
    entry!(
        "Event",
        Field,
        "by_player",
        [],
        "Player?",
        "moved / placed by an effect: the player controlling the effect.",
        "local p = ev.by_player"
    ),
    entry!(
        "Event",
        Field,
        "to",
        [],
        "ZoneName?",
        "moved: the zone it went to.",
        "if ev.to == \"graveyard\" then end"
    ),
    entry!(
        "Event",
        Field,
        "from_square",
        [],
        "Square?",
        "moved: the square it left.",
        "local s = ev.from_square"
    ),
    entry!(
        "Event",
        Field,
        "to_square",
        [],
        "Square?",
        "moved: the square it entered.",
        "local s = ev.to_square"
    ),
    entry!(
        "Event",
        Field,
        "tag",
        [],
        "string?",
        "stacked / resolved: the item kind (play, move, activated, triggered, damage, …).",
        "if ev.tag == \"move\" then end"
    ),
    entry!(
        "Event",
        Field,
        "fizzled",
        [],
        "boolean?",
        "resolved: failed because every target became illegal.",
        "if ev.fizzled then end"
    ),
    entry!(
        "Event",
        Field,
        "attacker",
        [],
        "Card?",
        "battle_began: the attacker.",
        "local a = ev.attacker"
    ),
    entry!(
        "Event",
        Field,
        "defender",
        [],
        "Card?",
        "battle_began: the defender.",
        "local d = ev.defender"
    ),
    entry!(
        "Event",
        Field,
        "step",
        [],
        "string?",
        "battle_step: first, second or end.",
        "if ev.step == \"second\" then end"
    ),
    entry!(
        "Event",
        Field,
        "winner",
        [],
        "Card|Player?",
        "battle_ended: the winning unit; game_over: the winning player.",
        "if ev.winner == self then end"
    ),
    entry!(
        "Event",
        Field,
        "unit",
        [],
        "Card?",
        "smashed: the smashing unit.",
        "local u = ev.unit"
    ),
    entry!(
        "Event",
        Field,
        "victim",
        [],
        "Player?",
        "smashed: the player whose deck lost cards.",
        "local v = ev.victim"
    ),
    entry!(
        "Event",
        Field,
        "cards",
        [],
        "integer?",
        "smashed: how many cards.",
        "local n = ev.cards"
    ),
    entry!(
        "Event",
        Field,
        "draw",
        [],
        "boolean?",
        "game_over: the duel was a draw.",
        "if ev.draw then end"
    ),
];
