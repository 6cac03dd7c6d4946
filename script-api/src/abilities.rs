//! Declarations made by card scripts (`card:static{...}` and friends) and the core ability
//! types they become: Lua-backed [`Effect`], [`Trigger`] and [`StaticEffect`] values holding
//! compiled function handles (never re-loaded per call).

use crate::convert;
use crate::effects::effect_info;
use crate::error::ScriptError;
use crate::host::Engine;
use crate::objects::{
    EVENT_KINDS, Relation, TargetDesc, card_value, cost_arg, cost_table, event_cards, event_kind,
    event_player, event_table, player_value, relation_holds, square_arg, square_value, str_arg,
};
use crate::provenance::ArrivalFilter;
use crate::runtime::{Origin, Shared, misuse};
use dzero_core::{
    Ability, AbilityKey, Activated, CardCost, CardId, CardKind, Characteristics, Cost, CostDest,
    DamageSource, Effect, EffectError, Event, EventKinds, Failure, Forbid, Grantable, Hooks,
    Keywords, Permit, Phase, PlayMethod, PlayModifier, Player, Resolve, Side, Spell, SquareSet,
    Static, StaticEffect, TargetSpec, Timing, Trigger, Triggered, View, ZoneSet,
};
use mlua::thread::ThreadStatus;
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// The card being loaded and what its script declared so far.
pub(crate) struct Loading {
    /// The card's printed name.
    pub name: String,
    /// Its type.
    pub kind: CardKind,
    /// Declarations in script order, with the line that declared them.
    pub decls: Vec<(Decl, Option<u32>)>,
}

/// A target spec with its optional filter.
pub(crate) struct TargetDecl {
    desc: TargetDesc,
    filter: Option<Function>,
}

/// A constant or a function computing a number.
pub(crate) enum NumOrFn {
    Num(i32),
    Fn(Function),
}

/// Which cards a ★ characteristic change applies to.
pub(crate) enum Applies {
    Rel(Relation),
    Fn(Function),
}

/// A ★ declaration.
pub(crate) struct StaticDecl {
    zones: ZoneSet,
    applies: Applies,
    power: Option<NumOrFn>,
    smash: Option<NumOrFn>,
    keywords: Keywords,
    damage: Option<Function>,
    smash_loss: Option<NumOrFn>,
    forbid_lose: Option<Function>,
    untargetable: Option<Side>,
    forbid_target: Option<Function>,
    forbid_play: Option<Function>,
    forbid_move: Option<Function>,
    forbid_smash: Option<Function>,
    forbid_release: Option<Function>,
    play_cost: Option<Function>,
    permit_diagonal_move: Option<Function>,
    permit_own_area_smash: Option<Function>,
    play_timing: Option<Function>,
}

/// What a ◆ listens to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum On {
    Kind(usize),
    Played,
}

/// `player = "me" | "opponent"` in a trigger.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PlayerRel {
    Me,
    Opponent,
}

/// A ◆ declaration.
pub(crate) struct TriggerDecl {
    zones: ZoneSet,
    on: Vec<On>,
    card: Option<Relation>,
    player: Option<PlayerRel>,
    phase: Option<Phase>,
    when: Option<Function>,
    arrival: ArrivalFilter,
    target: Option<TargetDecl>,
    resolve: Function,
}

/// A card paid as part of a ● or play cost (R5.8), e.g. 盟約's 「A」.
pub(crate) struct CardCostDecl {
    pub zones: ZoneSet,
    pub filter: Option<Function>,
    pub to: CostDest,
    pub pick: dzero_core::CardPick,
}

/// One declaration of a card script.
pub(crate) enum Decl {
    Static(Box<StaticDecl>),
    Trigger(TriggerDecl),
    Activated {
        zones: ZoneSet,
        cost: Cost,
        timing: Timing,
        target: Option<TargetDecl>,
        card_costs: Vec<CardCostDecl>,
        condition: Option<Function>,
        resolve: Function,
    },
    Method {
        name: String,
        from: ZoneSet,
        cost: Option<Cost>,
        timing: Option<Timing>,
        squares: Option<Function>,
        centre_exempt: bool,
        condition: Option<Function>,
    },
    OwnCost(Function),
    /// `card:replace{...}` (a ★ replacement on zone changes).
    Replace(crate::replacement::ReplaceDecl),
    PlayCosts(Vec<CardCostDecl>),
    Spell {
        target: Option<TargetDecl>,
        resolve: Function,
    },
    /// `card:grantable{...}`: an ability for the card's effects to grant.
    Grantable {
        name: String,
        ability: Box<Decl>,
    },
}

/// Reads the fields of a declaration table, failing on unknown keys.
pub(crate) fn fields(
    lua: &Lua,
    spec: &Value,
    what: &str,
    known: &[&str],
) -> mlua::Result<Vec<(String, Value)>> {
    let Value::Table(t) = spec else {
        return Err(misuse(
            lua,
            format!(
                "{what} takes a table, e.g. {what} {{ ... }}, not {}",
                spec.type_name()
            ),
        ));
    };
    let mut out = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let key = str_arg(lua, &k, what)?;
        if !known.contains(&key.as_str()) {
            return Err(misuse(
                lua,
                format!(
                    "{what}: unknown field '{key}' (known: {})",
                    known.join(", ")
                ),
            ));
        }
        out.push((key, v));
    }
    Ok(out)
}

pub(crate) fn func(lua: &Lua, v: Value, what: &str) -> mlua::Result<Function> {
    match v {
        Value::Function(f) => Ok(f),
        other => Err(misuse(
            lua,
            format!("{what} must be a function, not {}", other.type_name()),
        )),
    }
}

pub(crate) fn num_or_fn(lua: &Lua, v: Value, what: &str) -> mlua::Result<NumOrFn> {
    match v {
        Value::Function(f) => Ok(NumOrFn::Fn(f)),
        Value::Integer(n) => i32::try_from(n)
            .map(NumOrFn::Num)
            .map_err(|_| misuse(lua, format!("{what}: {n} is out of range"))),
        other => Err(misuse(
            lua,
            format!(
                "{what} must be an integer or a function, not {}",
                other.type_name()
            ),
        )),
    }
}

pub(crate) fn names(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Vec<String>> {
    match v {
        Value::String(s) => Ok(vec![s.to_string_lossy()]),
        Value::Table(t) => (1..=t.raw_len())
            .map(|i| str_arg(lua, &t.raw_get(i)?, what))
            .collect(),
        other => Err(misuse(
            lua,
            format!(
                "{what} must be a name or a list of names, not {}",
                other.type_name()
            ),
        )),
    }
}

pub(crate) fn zones(lua: &Lua, v: &Value, what: &str) -> mlua::Result<ZoneSet> {
    let n = names(lua, v, what)?;
    convert::zone_set(n.iter().map(String::as_str)).map_err(|e| misuse(lua, format!("{what}: {e}")))
}

fn timing(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Timing> {
    let n = str_arg(lua, v, what)?;
    convert::timing(&n).ok_or_else(|| {
        misuse(
            lua,
            format!("{what}: unknown timing '{n}' (normal, quick, battle)"),
        )
    })
}

fn target(lua: &Lua, v: Value, what: &str) -> mlua::Result<TargetDecl> {
    if let Value::UserData(ud) = &v
        && let Ok(desc) = ud.borrow::<TargetDesc>()
    {
        let filter = match ud.user_value::<Value>()? {
            Value::Function(f) => Some(f),
            _ => None,
        };
        return Ok(TargetDecl {
            desc: *desc,
            filter,
        });
    }
    Err(misuse(
        lua,
        format!(
            "{what} must be a target spec such as target.unit(), not {}",
            v.type_name()
        ),
    ))
}

pub(crate) fn relation(lua: &Lua, v: &Value, what: &str) -> mlua::Result<Relation> {
    let n = str_arg(lua, v, what)?;
    Relation::parse(&n).ok_or_else(|| {
        misuse(
            lua,
            format!(
                "{what}: unknown relation '{n}' (self, own, opponent, any, own_units, \
                 opponent_units, units, line_units, adjacent_units)"
            ),
        )
    })
}

/// Parses `card:static{...}`.
pub(crate) fn parse_static(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    const KNOWN: &[&str] = &[
        "zones",
        "applies_to",
        "power",
        "smash",
        "keywords",
        "damage",
        "smash_loss",
        "forbid_lose",
        "untargetable",
        "forbid_target",
        "forbid_play",
        "forbid_move",
        "forbid_smash",
        "forbid_release",
        "play_cost",
        "permit_diagonal_move",
        "permit_own_area_smash",
        "play_timing",
    ];
    let mut d = StaticDecl {
        zones: ZoneSet::FIELD,
        applies: Applies::Rel(Relation::Me),
        power: None,
        smash: None,
        keywords: Keywords::NONE,
        damage: None,
        smash_loss: None,
        forbid_lose: None,
        untargetable: None,
        forbid_target: None,
        forbid_play: None,
        forbid_move: None,
        forbid_smash: None,
        forbid_release: None,
        play_cost: None,
        permit_diagonal_move: None,
        permit_own_area_smash: None,
        play_timing: None,
    };
    let mut applies_set = false;
    for (k, v) in fields(lua, spec, "card:static", KNOWN)? {
        let what = format!("card:static{{{k}}}");
        match k.as_str() {
            "zones" => d.zones = zones(lua, &v, &what)?,
            "applies_to" => {
                applies_set = true;
                d.applies = match v {
                    Value::Function(f) => Applies::Fn(f),
                    v => Applies::Rel(relation(lua, &v, &what)?),
                }
            }
            "power" => d.power = Some(num_or_fn(lua, v, &what)?),
            "smash" => d.smash = Some(num_or_fn(lua, v, &what)?),
            "keywords" => {
                for n in names(lua, &v, &what)? {
                    let kw = convert::keyword(&n).ok_or_else(|| {
                        misuse(lua, format!("{what}: {}", convert::unknown_keyword(&n)))
                    })?;
                    d.keywords = d.keywords.with(kw);
                }
            }
            "damage" => d.damage = Some(func(lua, v, &what)?),
            "smash_loss" => d.smash_loss = Some(num_or_fn(lua, v, &what)?),
            "forbid_lose" => d.forbid_lose = Some(func(lua, v, &what)?),
            "untargetable" => {
                let n = str_arg(lua, &v, &what)?;
                d.untargetable = Some(match n.as_str() {
                    "opponent" => Side::Opponent,
                    "any" => Side::Any,
                    _ => {
                        return Err(misuse(
                            lua,
                            format!("{what} must be \"opponent\" or \"any\", not '{n}'"),
                        ));
                    }
                });
            }
            "forbid_target" => d.forbid_target = Some(func(lua, v, &what)?),
            "forbid_play" => d.forbid_play = Some(func(lua, v, &what)?),
            "forbid_move" => d.forbid_move = Some(func(lua, v, &what)?),
            "forbid_smash" => d.forbid_smash = Some(func(lua, v, &what)?),
            "forbid_release" => d.forbid_release = Some(func(lua, v, &what)?),
            "play_cost" => d.play_cost = Some(func(lua, v, &what)?),
            "permit_diagonal_move" => d.permit_diagonal_move = Some(func(lua, v, &what)?),
            "permit_own_area_smash" => d.permit_own_area_smash = Some(func(lua, v, &what)?),
            "play_timing" => d.play_timing = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    if d.untargetable.is_some() && !applies_set {
        // "This card can't be targeted" is the natural reading without applies_to.
        d.applies = Applies::Rel(Relation::Me);
    }
    Ok(Decl::Static(Box::new(d)))
}

/// Parses `card:trigger{...}`.
pub(crate) fn parse_trigger(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
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
    Ok(Decl::Trigger(TriggerDecl {
        zones: d_zones,
        on,
        card,
        player,
        phase,
        when,
        arrival,
        target: tgt,
        resolve,
    }))
}

/// Parses `card:activated{...}`.
pub(crate) fn parse_activated(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    const KNOWN: &[&str] = &[
        "cost",
        "timing",
        "zones",
        "target",
        "card_costs",
        "condition",
        "resolve",
    ];
    let mut card_costs = Vec::new();
    let mut condition = None;
    let mut cost = Cost::FREE;
    let mut t = Timing::Quick;
    let mut z = ZoneSet::FIELD;
    let (mut tgt, mut resolve) = (None, None);
    for (k, v) in fields(lua, spec, "card:activated", KNOWN)? {
        let what = format!("card:activated{{{k}}}");
        match k.as_str() {
            "cost" => cost = cost_arg(lua, &v, &what)?,
            "timing" => t = timing(lua, &v, &what)?,
            "zones" => z = zones(lua, &v, &what)?,
            "target" => tgt = Some(target(lua, v, &what)?),
            "card_costs" => {
                let Value::Table(list) = v else {
                    return Err(misuse(lua, format!("{what} must be a list of tables")));
                };
                for i in 1..=list.raw_len() {
                    card_costs.push(card_cost(lua, &list.raw_get(i)?, &format!("{what}[{i}]"))?);
                }
            }
            "condition" => condition = Some(func(lua, v, &what)?),
            "resolve" => resolve = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:activated needs resolve = function(g, e)"))?;
    Ok(Decl::Activated {
        zones: z,
        cost,
        timing: t,
        target: tgt,
        card_costs,
        condition,
        resolve,
    })
}

/// Parses one `card_costs` entry: `{ zones = ..., filter = function(self, c), to = "remove",
/// this = true, count = "x" }`.
fn card_cost(lua: &Lua, spec: &Value, what: &str) -> mlua::Result<CardCostDecl> {
    crate::costs::card_cost(lua, spec, what)
}

/// Parses `card:play_method{...}`.
pub(crate) fn parse_method(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    const KNOWN: &[&str] = &[
        "name",
        "from",
        "cost",
        "timing",
        "squares",
        "centre_exempt",
        "condition",
    ];
    let mut name = None;
    let mut from = ZoneSet::HAND;
    let (mut cost, mut t, mut squares, mut exempt) = (None, None, None, false);
    let mut condition = None;
    for (k, v) in fields(lua, spec, "card:play_method", KNOWN)? {
        let what = format!("card:play_method{{{k}}}");
        match k.as_str() {
            "name" => name = Some(str_arg(lua, &v, &what)?),
            "from" => from = zones(lua, &v, &what)?,
            "cost" => cost = Some(cost_arg(lua, &v, &what)?),
            "timing" => t = Some(timing(lua, &v, &what)?),
            "squares" => squares = Some(func(lua, v, &what)?),
            "centre_exempt" => exempt = v.as_boolean().unwrap_or(false),
            "condition" => condition = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let name = name.ok_or_else(|| misuse(lua, "card:play_method needs name = \"...\""))?;
    Ok(Decl::Method {
        name,
        from,
        cost,
        timing: t,
        squares,
        centre_exempt: exempt,
        condition,
    })
}

/// Parses `card:on_play{...}`.
pub(crate) fn parse_spell(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
    const KNOWN: &[&str] = &["target", "resolve"];
    let (mut tgt, mut resolve) = (None, None);
    for (k, v) in fields(lua, spec, "card:on_play", KNOWN)? {
        let what = format!("card:on_play{{{k}}}");
        match k.as_str() {
            "target" => tgt = Some(target(lua, v, &what)?),
            "resolve" => resolve = Some(func(lua, v, &what)?),
            _ => {}
        }
    }
    let resolve =
        resolve.ok_or_else(|| misuse(lua, "card:on_play needs resolve = function(g, e)"))?;
    Ok(Decl::Spell {
        target: tgt,
        resolve,
    })
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
    mlua::Error::external(crate::error::Misuse(format!("{file}:{line}: {msg}")))
}

pub(crate) fn int_result(f: &Function, v: Value, what: &str) -> mlua::Result<i32> {
    match v {
        Value::Integer(n) => {
            i32::try_from(n).map_err(|_| fn_misuse(f, format!("{what} returned {n}, out of range")))
        }
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e9 => Ok(n as i32),
        other => Err(fn_misuse(
            f,
            format!("{what} must return an integer, not {}", other.type_name()),
        )),
    }
}

pub(crate) fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Nil | Value::Boolean(false))
}

/// Builds core abilities from declarations.
pub(crate) struct Builder {
    pub engine: Rc<Engine>,
    pub origin: Origin,
}

impl Builder {
    pub(crate) fn effect(&self, f: Function) -> Box<dyn Effect> {
        Box::new(LuaEffect {
            engine: Rc::clone(&self.engine),
            origin: self.origin.clone(),
            func: f,
        })
    }

    /// A Lua condition `(self, uses) -> bool` as a core condition (errors count as false);
    /// `uses` is how many times the ability was activated this turn.
    fn condition(&self, f: Function) -> dzero_core::Condition {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(move |view: &View<'_>, me: CardId, uses: u32| {
            let sh = &engine.rt.sh;
            let r = engine.rt.in_view(view, &origin, |lua| {
                let a = card_value(lua, sh, me)?;
                Ok(truthy(&f.call::<Value>((a, uses))?))
            });
            engine.neutral(r, false)
        })
    }

    /// A Lua filter `(self, candidate) -> bool` as a core filter (errors count as false).
    fn filter(&self, f: Function) -> dzero_core::TargetFilter {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(move |view: &View<'_>, me: CardId, cand: CardId| {
            let sh = &engine.rt.sh;
            let r = engine.rt.in_view(view, &origin, |lua| {
                let a = card_value(lua, sh, me)?;
                let b = card_value(lua, sh, cand)?;
                let e = crate::targeting::filter_context(lua, sh, view)?;
                Ok(truthy(&f.call::<Value>((a, b, e))?))
            });
            engine.neutral(r, false)
        })
    }

    /// A Lua filter `(self, candidate, e)` on a square, player or stack item as a core check
    /// (errors count as false).
    fn check(&self, f: Function) -> dzero_core::TargetCheck {
        let engine = Rc::clone(&self.engine);
        let origin = self.origin.clone();
        Box::new(
            move |view: &View<'_>, me: Option<CardId>, cand: dzero_core::Target| {
                let sh = &engine.rt.sh;
                let r = engine.rt.in_view(view, &origin, |lua| {
                    let a = me.map_or(Ok(Value::Nil), |me| card_value(lua, sh, me))?;
                    let b = crate::targeting::target_value(lua, sh, cand)?;
                    let e = crate::targeting::filter_context(lua, sh, view)?;
                    Ok(truthy(&f.call::<Value>((a, b, e))?))
                });
                engine.neutral(r, false)
            },
        )
    }

    fn target(&self, t: Option<TargetDecl>) -> Option<TargetSpec> {
        let t = t?;
        let mut spec = TargetSpec {
            kind: t.desc.kind,
            side: t.desc.side,
            count: t.desc.count,
            min: if t.desc.up_to { 0 } else { t.desc.count },
            filter: None,
            check: None,
        };
        match t.filter {
            Some(f) if crate::targeting::is_card_kind(t.desc.kind) => {
                spec.filter = Some(self.filter(f))
            }
            Some(f) => spec.check = Some(self.check(f)),
            None => {}
        }
        Some(spec)
    }

    /// The core card cost of a declared one.
    fn card_cost(&self, c: CardCostDecl) -> CardCost {
        CardCost {
            zones: c.zones,
            filter: match c.filter {
                Some(f) => self.filter(f),
                None => Box::new(|_: &View<'_>, _: CardId, _: CardId| true),
            },
            to: c.to,
            pick: c.pick,
        }
    }

    /// The core ability of one declaration.
    pub fn ability(&self, d: Decl) -> Result<Built, ScriptError> {
        Ok(match d {
            Decl::Static(s) => Built::Ability(Ability::Static(Static {
                zones: s.zones,
                effect: Box::new(LuaStatic {
                    engine: Rc::clone(&self.engine),
                    origin: self.origin.clone(),
                    d: *s,
                }),
            })),
            Decl::Trigger(t) => {
                let when = LuaTrigger {
                    engine: Rc::clone(&self.engine),
                    origin: self.origin.clone(),
                    on: t.on,
                    card: t.card,
                    player: t.player,
                    phase: t.phase,
                    when: t.when,
                    arrival: t.arrival,
                };
                Built::Ability(Ability::Triggered(Triggered {
                    key: AbilityKey::NONE,
                    zones: t.zones,
                    when: Box::new(when),
                    target: self.target(t.target),
                    effect: self.effect(t.resolve),
                }))
            }
            Decl::Activated {
                zones,
                cost,
                timing,
                target,
                card_costs,
                condition,
                resolve,
            } => Built::Ability(Ability::Activated(Activated {
                key: AbilityKey::NONE,
                zones,
                cost,
                timing,
                target: self.target(target),
                card_costs: card_costs.into_iter().map(|c| self.card_cost(c)).collect(),
                condition: condition.map(|f| self.condition(f)),
                effect: self.effect(resolve),
            })),
            Decl::Method {
                name,
                from,
                cost,
                timing,
                squares,
                centre_exempt,
                condition,
            } => {
                let condition = condition.map(|f| {
                    let engine = Rc::clone(&self.engine);
                    let origin = self.origin.clone();
                    Box::new(move |view: &View<'_>, card: CardId, p: Player| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let a = (card_value(lua, sh, card)?, player_value(lua, sh, p)?);
                            Ok(truthy(&f.call::<Value>(a)?))
                        });
                        engine.neutral(r, false)
                    }) as dzero_core::MethodCondition
                });
                let squares = squares.map(|f| {
                    let engine = Rc::clone(&self.engine);
                    let origin = self.origin.clone();
                    Box::new(move |view: &View<'_>, card: CardId| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let me = card_value(lua, sh, card)?;
                            let list = match f.call::<Value>(me)? {
                                Value::Table(t) => t,
                                other => {
                                    return Err(fn_misuse(
                                        &f,
                                        format!(
                                            "play_method squares must return a list of squares, not {}",
                                            other.type_name()
                                        ),
                                    ));
                                }
                            };
                            let mut set = SquareSet::NONE;
                            for i in 1..=list.raw_len() {
                                set = set.with(square_arg(lua, &list.raw_get(i)?, "squares")?);
                            }
                            Ok(set)
                        });
                        engine.neutral(r, SquareSet::NONE)
                    }) as dzero_core::SquareRule
                });
                Built::Ability(Ability::Play(PlayModifier::Method(PlayMethod {
                    name,
                    from,
                    cost,
                    timing,
                    squares,
                    centre_exempt,
                    condition,
                })))
            }
            Decl::OwnCost(f) => {
                let engine = Rc::clone(&self.engine);
                let origin = self.origin.clone();
                Built::Ability(Ability::Play(PlayModifier::Cost(Box::new(
                    move |view: &View<'_>, me: CardId, method: Option<&str>, cost: &mut Cost| {
                        let sh = &engine.rt.sh;
                        let r = engine.rt.in_view(view, &origin, |lua| {
                            let a = card_value(lua, sh, me)?;
                            let t = cost_table(lua, cost)?;
                            cost_result(lua, &f, f.call::<Value>((a, t, method))?, *cost)
                        });
                        *cost = engine.neutral(r, *cost);
                    },
                ))))
            }
            Decl::Replace(r) => Built::Ability(Ability::Static(self.replacement(r))),
            Decl::PlayCosts(costs) => Built::Ability(Ability::Play(PlayModifier::Costs(
                costs.into_iter().map(|c| self.card_cost(c)).collect(),
            ))),
            Decl::Spell { target, resolve } => Built::Spell(Spell {
                target: self.target(target),
                effect: self.effect(resolve),
            }),
            Decl::Grantable { name, ability } => match self.ability(*ability)? {
                Built::Ability(a) => Built::Ability(Ability::Grantable(Grantable {
                    name,
                    ability: Box::new(a),
                })),
                Built::Spell(_) => {
                    return Err(ScriptError::host(
                        "card:grantable cannot hold a strategy effect".to_owned(),
                    ));
                }
            },
        })
    }
}

/// `a`, declared at `line` of the script `source`, with its identity across hot reloads: the
/// key of its declaration's text (◆ and ● abilities; see [`declaration_key`]).
pub(crate) fn keyed(a: Ability, source: &str, line: Option<u32>) -> Ability {
    match a {
        Ability::Triggered(t) => {
            Ability::Triggered(t.keyed(declaration_key(source, line, "trigger")))
        }
        Ability::Activated(x) => {
            Ability::Activated(x.keyed(declaration_key(source, line, "activated")))
        }
        Ability::Grantable(g) => {
            let key = declaration_key(source, line, "grantable");
            let ability = Box::new(match *g.ability {
                Ability::Triggered(t) => Ability::Triggered(t.keyed(key)),
                Ability::Activated(x) => Ability::Activated(x.keyed(key)),
                other => other,
            });
            Ability::Grantable(Grantable { ability, ..g })
        }
        other => other,
    }
}

/// The identity of the `card:<method>` declaration starting at `line` (1-based) of `source`:
/// a hash of the call's text up to its closing bracket, comments dropped and blank space folded,
/// so moving or re-indenting a declaration keeps its key and editing it changes it. Declarations
/// without a known line (or made alike in a loop) are told apart by position.
pub(crate) fn declaration_key(source: &str, line: Option<u32>, method: &str) -> AbilityKey {
    let Some(line) = line.filter(|&l| l >= 1) else {
        return AbilityKey::NONE;
    };
    let Some(start) = source
        .split_inclusive('\n')
        .take(line as usize - 1)
        .map(str::len)
        .try_fold(0usize, |acc, n| Some(acc + n))
        .filter(|&s| s < source.len())
    else {
        return AbilityKey::NONE;
    };
    let rest = &source[start..];
    let first = rest.split('\n').next().unwrap_or("");
    let from = first.find(&format!(":{method}")).unwrap_or(0);
    AbilityKey::of(method).then(&call_text(&rest.as_bytes()[from..]))
}

/// The level of a Lua long bracket (`[[`, `[==[`) opening `b`, if one does.
fn long_bracket(b: &[u8]) -> Option<usize> {
    let level = b.iter().skip(1).take_while(|&&c| c == b'=').count();
    (b.first() == Some(&b'[') && b.get(level + 1) == Some(&b'[')).then_some(level)
}

/// The index just past the long bracket of `level` closing in `b` from `i` (or the end).
fn skip_long(b: &[u8], i: usize, level: usize) -> usize {
    let close: Vec<u8> = std::iter::once(b']')
        .chain(std::iter::repeat_n(b'=', level))
        .chain(std::iter::once(b']'))
        .collect();
    b[i..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(b.len(), |p| i + p + close.len())
}

/// The tokens of Lua code from the start of `b` to the bracket closing its first `{` or `(`:
/// strings kept verbatim, comments dropped, runs of blank space folded to one space.
fn call_text(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut depth, mut i, mut space) = (0i32, 0usize, false);
    while i < b.len() {
        let c = b[i];
        if c == b'-' && b.get(i + 1) == Some(&b'-') {
            i = match long_bracket(&b[i + 2..]) {
                Some(level) => skip_long(b, i + 2, level),
                None => b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| i + p),
            };
            space = true;
            continue;
        }
        if c.is_ascii_whitespace() {
            space = true;
            i += 1;
            continue;
        }
        if space && !out.is_empty() {
            out.push(b' ');
        }
        space = false;
        let end = match c {
            b'"' | b'\'' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != c && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                (j + 1).min(b.len())
            }
            b'[' => long_bracket(&b[i..]).map_or(i + 1, |level| skip_long(b, i + level + 2, level)),
            _ => i + 1,
        };
        out.extend_from_slice(&b[i..end]);
        i = end;
        match c {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => {
                depth -= 1;
                if depth <= 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    out
}

/// What a declaration became.
pub(crate) enum Built {
    Ability(Ability),
    Spell(Spell),
}

fn cost_result(lua: &Lua, f: &Function, v: Value, old: Cost) -> mlua::Result<Cost> {
    match v {
        Value::Nil => Ok(old),
        v @ (Value::Table(_) | Value::String(_)) => cost_arg(lua, &v, "play_cost result"),
        other => Err(fn_misuse(
            f,
            format!(
                "a play_cost function must return a cost table or nil, not {}",
                other.type_name()
            ),
        )),
    }
}

/// A Lua effect body (○, ●, ◆). Runs in a fresh coroutine each time; a choice without an
/// answer yields out of it and the engine re-runs the effect with the recorded answers.
pub(crate) struct LuaEffect {
    engine: Rc<Engine>,
    origin: Origin,
    func: Function,
}

impl Effect for LuaEffect {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        let rt = &self.engine.rt;
        let sh: &Shared = &rt.sh;
        let res = rt.in_effect(r, &self.origin, |lua| {
            let g: Table = lua.registry_value(&self.engine.g)?;
            let e = effect_info(lua, sh)?;
            let th = lua.create_thread(self.func.clone())?;
            th.resume::<MultiValue>((g, e))?;
            if th.status() == ThreadStatus::Resumable && !sh.suspended.get() {
                return Err(fn_misuse(
                    &self.func,
                    "the effect yielded outside a choice (coroutine.yield in an effect body)",
                ));
            }
            Ok(())
        });
        if sh.suspended.get() {
            return Err(EffectError::Suspended);
        }
        match res {
            Ok(()) => Ok(()),
            Err(e) => {
                let msg = e.effect_message();
                sh.record(e);
                Err(EffectError::Failed(Failure::Message(msg)))
            }
        }
    }
}

/// A Lua ◆ condition: the event kind and the built-in `card` / `player` / `phase` filters are
/// checked in Rust; `when` runs only for events that pass them.
pub(crate) struct LuaTrigger {
    engine: Rc<Engine>,
    origin: Origin,
    on: Vec<On>,
    card: Option<Relation>,
    player: Option<PlayerRel>,
    phase: Option<Phase>,
    when: Option<Function>,
    arrival: ArrivalFilter,
}

impl LuaTrigger {
    fn kind_matches(&self, e: &Event) -> bool {
        let k = event_kind(e);
        self.on.iter().any(|on| match on {
            On::Kind(i) => {
                *i == k
                    && match (self.phase, e) {
                        (Some(p), Event::PhaseBegan { phase } | Event::PhaseEnded { phase }) => {
                            *phase == p
                        }
                        _ => true,
                    }
            }
            On::Played => matches!(
                e,
                Event::Stacked {
                    tag: dzero_core::ItemTag::Play,
                    ..
                }
            ),
        })
    }
}

impl Trigger for LuaTrigger {
    fn events(&self) -> EventKinds {
        self.on.iter().fold(EventKinds::NONE, |k, on| {
            k.with(match on {
                On::Kind(i) => u8::try_from(*i).map_or(EventKinds::NONE, EventKinds::nth),
                On::Played => EventKinds::STACKED,
            })
        })
    }

    fn matches(&self, view: &View<'_>, me: CardId, event: &Event) -> bool {
        if !self.kind_matches(event) || !view.exists(me) || !self.arrival.matches(view, event) {
            return false;
        }
        if let Some(rel) = self.card
            && !event_cards(event)
                .into_iter()
                .flatten()
                .any(|c| relation_holds(view, rel, me, c))
        {
            return false;
        }
        if let Some(pr) = self.player {
            let mine = view.controller(me);
            let ok = match (pr, event_player(event)) {
                (PlayerRel::Me, Some(p)) => p == mine,
                (PlayerRel::Opponent, Some(p)) => p != mine,
                (_, None) => false,
            };
            if !ok {
                return false;
            }
        }
        let Some(f) = &self.when else { return true };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let a = card_value(lua, sh, me)?;
            let e = event_table(lua, sh, event)?;
            Ok(truthy(&f.call::<Value>((a, e))?))
        });
        self.engine.neutral(r, false)
    }
}

/// A Lua ★ effect.
pub(crate) struct LuaStatic {
    engine: Rc<Engine>,
    origin: Origin,
    d: StaticDecl,
}

impl LuaStatic {
    /// Whether the characteristic parts apply to `subject` (built-in relations in Rust).
    fn applies(
        &self,
        lua: &Lua,
        view: &View<'_>,
        me: CardId,
        subject: CardId,
    ) -> mlua::Result<bool> {
        match &self.d.applies {
            Applies::Rel(rel) => Ok(relation_holds(view, *rel, me, subject)),
            Applies::Fn(f) => {
                let sh = &self.engine.rt.sh;
                Ok(truthy(&f.call::<Value>((
                    card_value(lua, sh, me)?,
                    card_value(lua, sh, subject)?,
                ))?))
            }
        }
    }

    fn amount(
        &self,
        lua: &Lua,
        n: &NumOrFn,
        me: CardId,
        subject: CardId,
        what: &str,
    ) -> mlua::Result<i32> {
        match n {
            NumOrFn::Num(n) => Ok(*n),
            NumOrFn::Fn(f) => {
                let sh = &self.engine.rt.sh;
                let v =
                    f.call::<Value>((card_value(lua, sh, me)?, card_value(lua, sh, subject)?))?;
                int_result(f, v, what)
            }
        }
    }

    fn call_bool(
        &self,
        view: &View<'_>,
        f: &Function,
        me: CardId,
        args: impl FnOnce(&Lua) -> mlua::Result<MultiValue>,
    ) -> bool {
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let mut a = args(lua)?.into_vec();
            a.insert(0, card_value(lua, sh, me)?);
            Ok(truthy(&f.call::<Value>(MultiValue::from_vec(a))?))
        });
        self.engine.neutral(r, false)
    }
}

impl StaticEffect for LuaStatic {
    fn hooks(&self) -> Hooks {
        let d = &self.d;
        let mut h = Hooks::NONE;
        let mut add = |on: bool, hook: Hooks| {
            if on {
                h = h.with(hook);
            }
        };
        add(
            d.power.is_some() || d.smash.is_some() || d.keywords != Keywords::NONE,
            Hooks::CHARACTERISTICS,
        );
        add(d.damage.is_some(), Hooks::DAMAGE);
        add(d.smash_loss.is_some(), Hooks::SMASH_LOSS);
        add(
            d.forbid_lose.is_some()
                || d.untargetable.is_some()
                || d.forbid_target.is_some()
                || d.forbid_play.is_some()
                || d.forbid_move.is_some()
                || d.forbid_smash.is_some()
                || d.forbid_release.is_some(),
            Hooks::FORBID,
        );
        add(d.play_cost.is_some(), Hooks::PLAY_COST);
        add(
            d.permit_diagonal_move.is_some() || d.permit_own_area_smash.is_some(),
            Hooks::PERMIT,
        );
        add(d.play_timing.is_some(), Hooks::PLAY_TIMING);
        h
    }

    fn characteristics(
        &self,
        view: &View<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        let d = &self.d;
        if d.power.is_none() && d.smash.is_none() && d.keywords == Keywords::NONE {
            return;
        }
        if let Applies::Rel(rel) = d.applies
            && !relation_holds(view, rel, me, subject)
        {
            return;
        }
        if let (Applies::Rel(_), None | Some(NumOrFn::Num(_)), None | Some(NumOrFn::Num(_))) =
            (&d.applies, &d.power, &d.smash)
        {
            // Entirely declarative: no Lua call.
            if let Some(NumOrFn::Num(n)) = d.power {
                ch.power = ch.power.saturating_add(n);
            }
            if let Some(NumOrFn::Num(n)) = d.smash {
                ch.smash = ch.smash.saturating_add(n);
            }
            ch.keywords = ch.keywords.with(d.keywords);
            return;
        }
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            if !self.applies(lua, view, me, subject)? {
                return Ok(None);
            }
            let p = match &d.power {
                Some(n) => self.amount(lua, n, me, subject, "static power")?,
                None => 0,
            };
            let s = match &d.smash {
                Some(n) => self.amount(lua, n, me, subject, "static smash")?,
                None => 0,
            };
            Ok(Some((p, s)))
        });
        if let Some((p, s)) = self.engine.neutral(r, None) {
            ch.power = ch.power.saturating_add(p);
            ch.smash = ch.smash.saturating_add(s);
            ch.keywords = ch.keywords.with(d.keywords);
        }
    }

    fn damage_from(
        &self,
        view: &View<'_>,
        me: CardId,
        recipient: CardId,
        amount: i32,
        source: DamageSource,
    ) -> i32 {
        let Some(f) = &self.d.damage else {
            return amount;
        };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, recipient)?,
                amount,
                crate::replacement::damage_source(lua, sh, source)?,
            ))?;
            int_result(f, v, "a damage replacement")
        });
        self.engine.neutral(r, amount)
    }

    fn smash_loss(&self, view: &View<'_>, me: CardId, player: Player, limit: u32) -> u32 {
        match &self.d.smash_loss {
            None => limit,
            Some(NumOrFn::Num(n)) if view.owner(me) == player => u32::try_from(*n).unwrap_or(0),
            Some(NumOrFn::Num(_)) => limit,
            Some(NumOrFn::Fn(f)) => {
                let sh = &self.engine.rt.sh;
                let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                    let v = f.call::<Value>((
                        card_value(lua, sh, me)?,
                        player_value(lua, sh, player)?,
                        limit,
                    ))?;
                    let n = int_result(f, v, "smash_loss")?;
                    u32::try_from(n).map_err(|_| {
                        fn_misuse(
                            f,
                            format!("smash_loss returned {n}; it must not be negative"),
                        )
                    })
                });
                self.engine.neutral(r, limit)
            }
        }
    }

    fn forbids(&self, view: &View<'_>, me: CardId, what: Forbid) -> bool {
        let d = &self.d;
        let sh = &self.engine.rt.sh;
        match what {
            Forbid::Target { subject, by } => {
                if let Some(side) = d.untargetable
                    && view.exists(subject)
                    && (side == Side::Any || by != view.controller(subject))
                {
                    let applies = match &d.applies {
                        Applies::Rel(rel) => relation_holds(view, *rel, me, subject),
                        Applies::Fn(_) => {
                            let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                                self.applies(lua, view, me, subject)
                            });
                            self.engine.neutral(r, false)
                        }
                    };
                    if applies {
                        return true;
                    }
                }
                let Some(f) = &d.forbid_target else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, subject)?,
                        player_value(lua, sh, by)?,
                    ]))
                })
            }
            Forbid::Play {
                card,
                player,
                square,
                method,
            } => {
                let Some(f) = &d.forbid_play else {
                    return false;
                };
                let method = method.and_then(|i| match view.def(card).abilities.get(i as usize) {
                    Some(Ability::Play(PlayModifier::Method(m))) => Some(m.name.as_str()),
                    _ => None,
                });
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, card)?,
                        player_value(lua, sh, player)?,
                        square.map_or(Ok(Value::Nil), |s| square_value(lua, sh, s))?,
                        method
                            .map_or(Ok(Value::Nil), |m| lua.create_string(m).map(Value::String))?,
                    ]))
                })
            }
            Forbid::Release { card } => {
                let Some(f) = &d.forbid_release else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, card)?]))
                })
            }
            Forbid::Lose { player, cause } => {
                let Some(f) = &d.forbid_lose else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        player_value(lua, sh, player)?,
                        Value::String(lua.create_string(crate::replacement::loss_name(cause))?),
                    ]))
                })
            }
            Forbid::Move { unit, to } => {
                let Some(f) = &d.forbid_move else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, unit)?,
                        square_value(lua, sh, to)?,
                    ]))
                })
            }
            Forbid::Smash { unit } => {
                let Some(f) = &d.forbid_smash else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, unit)?]))
                })
            }
        }
    }

    fn permits(&self, view: &View<'_>, me: CardId, what: Permit) -> bool {
        let sh = &self.engine.rt.sh;
        match what {
            Permit::MoveDiagonally { unit, to } => {
                let Some(f) = &self.d.permit_diagonal_move else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![
                        card_value(lua, sh, unit)?,
                        square_value(lua, sh, to)?,
                    ]))
                })
            }
            Permit::SmashFromOwnArea { unit } => {
                let Some(f) = &self.d.permit_own_area_smash else {
                    return false;
                };
                self.call_bool(view, f, me, |lua| {
                    Ok(MultiValue::from_vec(vec![card_value(lua, sh, unit)?]))
                })
            }
        }
    }

    fn play_timing(&self, view: &View<'_>, me: CardId, card: CardId, timing: &mut Timing) {
        let Some(f) = &self.d.play_timing else { return };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, card)?,
                convert::timing_name(*timing),
            ))?;
            match v {
                Value::Nil => Ok(*timing),
                Value::String(s) => {
                    let n = s.to_string_lossy();
                    convert::timing(&n).ok_or_else(|| {
                        fn_misuse(
                            f,
                            format!("play_timing: unknown timing '{n}' (normal, quick, battle)"),
                        )
                    })
                }
                other => Err(fn_misuse(
                    f,
                    format!(
                        "play_timing must return a timing name or nil, not {}",
                        other.type_name()
                    ),
                )),
            }
        });
        *timing = self.engine.neutral(r, *timing);
    }

    fn play_cost(&self, view: &View<'_>, me: CardId, card: CardId, cost: &mut Cost) {
        let Some(f) = &self.d.play_cost else { return };
        let sh = &self.engine.rt.sh;
        let r = self.engine.rt.in_view(view, &self.origin, |lua| {
            let v = f.call::<Value>((
                card_value(lua, sh, me)?,
                card_value(lua, sh, card)?,
                cost_table(lua, cost)?,
            ))?;
            cost_result(lua, f, v, *cost)
        });
        *cost = self.engine.neutral(r, *cost);
    }
}
