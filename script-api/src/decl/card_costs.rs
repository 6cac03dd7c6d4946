//! Costs paid with cards in Lua: `card_costs` entries of `card:activated` and
//! `card:play_costs`.

use crate::decl::fields::{fields, func};
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::objects::args::{str_arg, zones};
use dzero_core::{CardPick, CostDest, ZoneSet};
use mlua::{Function, Lua, Value};

/// A card paid as part of a ● or play cost (R5.8), e.g. 盟約's 「A」.
pub(crate) struct CardCostDecl {
    pub zones: ZoneSet,
    pub filter: Option<Function>,
    pub to: CostDest,
    pub pick: dzero_core::CardPick,
}

/// Parses one card cost: `{ zones = …, filter = function(self, c), to = "remove" |
/// "graveyard" | "hand" | "freeze", this = true, count = 1 | "x" }`.
pub(crate) fn card_cost(lua: &Lua, spec: &Value, what: &str) -> mlua::Result<CardCostDecl> {
    let mut d = CardCostDecl {
        zones: ZoneSet::ALL,
        filter: None,
        to: CostDest::Remove,
        pick: CardPick::One,
    };
    let mut counted = false;
    for (k, v) in fields(lua, spec, what, &["zones", "filter", "to", "this", "count"])? {
        let field = format!("{what}.{k}");
        match k.as_str() {
            "zones" => d.zones = zones(lua, &v, &field)?,
            "filter" => d.filter = Some(func(lua, v, &field)?),
            "to" => {
                let n = str_arg(lua, &v, &field)?;
                d.to = match n.as_str() {
                    "remove" => CostDest::Remove,
                    "graveyard" => CostDest::Graveyard,
                    "hand" => CostDest::Hand,
                    "freeze" => CostDest::Freeze,
                    _ => {
                        return Err(misuse(
                            lua,
                            format!(
                                "{field} must be \"remove\", \"graveyard\", \"hand\" or \"freeze\", not '{n}'"
                            ),
                        ));
                    }
                };
            }
            "this" => match v {
                Value::Boolean(true) => d.pick = CardPick::This,
                Value::Boolean(false) => {}
                _ => return Err(misuse(lua, format!("{field} must be true or false"))),
            },
            _ => {
                counted = true;
                match v {
                    Value::Integer(1) => {}
                    Value::String(s) if s.to_string_lossy() == "x" => d.x_count(),
                    _ => {
                        return Err(misuse(
                            lua,
                            format!(
                                "{field} must be 1 or \"x\" (list one entry per card for a fixed number)"
                            ),
                        ));
                    }
                }
            }
        }
    }
    if d.pick == CardPick::This && (d.filter.is_some() || counted) {
        return Err(misuse(
            lua,
            format!("{what}: this = true pays with the card itself, without filter or count"),
        ));
    }
    Ok(d)
}

impl CardCostDecl {
    /// Makes this an X cost, unless it is paid with the card itself.
    fn x_count(&mut self) {
        if self.pick != CardPick::This {
            self.pick = CardPick::X;
        }
    }
}

/// Parses `card:play_costs { {…}, … }`: additional card costs of every play of this card.
pub(crate) fn parse_play_costs(lua: &Lua, spec: &Value) -> mlua::Result<Vec<CardCostDecl>> {
    let Value::Table(list) = spec else {
        return Err(misuse(
            lua,
            "card:play_costs takes a list of card costs, e.g. card:play_costs { { zones = \"hand\", to = \"graveyard\" } }",
        ));
    };
    let mut costs = Vec::new();
    for i in 1..=list.raw_len() {
        let what = format!("card:play_costs[{i}]");
        let c = card_cost(lua, &list.raw_get(i)?, &what)?;
        if c.pick == CardPick::This {
            return Err(misuse(
                lua,
                format!("{what}: a card being played cannot pay with itself (no this = true)"),
            ));
        }
        costs.push(c);
    }
    if costs.is_empty() || list.pairs::<Value, Value>().count() != costs.len() {
        return Err(misuse(
            lua,
            "card:play_costs takes a non-empty list of card costs (tables), nothing else",
        ));
    }
    Ok(costs)
}

/// Documents the `CardCostSpec` class.
pub(crate) const CARD_COST_SPEC_CLASS: Class = Class {
    name: "CardCostSpec",
    reached: "`card_costs = { {...} }`",
    doc: "Cards paid as part of a ● cost or as an additional play cost, chosen on declaration and paid at once before the item is stacked (R5.8, R5.9, e.g. 盟約); a cost that cannot be paid makes the action illegal.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "CardCostSpec",
        Field,
        "zones",
        [],
        "ZoneName|ZoneName[]?",
        "Zones the card may come from (default any).",
        "{ zones = {\"hand\", \"field\"} }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "filter",
        [],
        "fun(self: Card, candidate: Card): boolean?",
        "Which cards qualify.",
        "{ filter = function(self, c) return c.play_name == \"チルノ\" end }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "to",
        [],
        "\"remove\"|\"graveyard\"|\"hand\"|\"freeze\"?",
        "Where the card goes (default \"remove\"): `graveyard` (from the hand: discarding), its owner's `hand` (not from a hand), or `freeze`: it stays and is frozen (a released card in a square, R5.6).",
        "{ to = \"graveyard\" }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "this",
        [],
        "boolean?",
        "Paid with the ability's card itself, no choice (「このカードを手札に戻す」); its zone must be in `zones`. Not for play costs.",
        "{ this = true, zones = \"field\", to = \"hand\" }"
    ),
    entry!(
        "CardCostSpec",
        Field,
        "count",
        [],
        "1|\"x\"?",
        "How many cards: 1 (default; list one entry per card for more) or `\"x\"`: X cards, X chosen on declaration and seen by the effect as `e.x` (「カードをX枚選び、除外する」): any X the zones allow, each card chosen one at a time.",
        "{ zones = \"graveyard\", count = \"x\", to = \"remove\" }"
    ),
];
