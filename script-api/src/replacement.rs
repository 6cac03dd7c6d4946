//! `card:replace{...}`: ★ replacement effects on zone changes (「…場合、かわりに…」), and the
//! Lua values of damage sources and loss causes seen by ★ hooks.

use crate::abilities::{Applies, Builder, Decl, fields, func, relation, truthy, zones};
use crate::host::Engine;
use crate::objects::{Relation, card_value, relation_holds, str_arg};
use crate::runtime::{Origin, Shared, misuse};
use dzero_core::{
    CardId, DamageKind, DamageSource, Effect, EffectError, Hooks, Instead, Loc, LossCause,
    MoveReplacement, Resolve, Static, StaticEffect, View, ZoneMove, ZoneSet,
};
use mlua::{Function, Lua, Table, Value};
use std::rc::Rc;

/// Which moves a replacement listens to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ReplaceOn {
    /// Any move into a graveyard (destruction, discard, a resolved strategy, costs …).
    ToGraveyard,
    /// Only destruction (from a square into the graveyard).
    Destroyed,
}

/// A `card:replace{...}` declaration.
pub(crate) struct ReplaceDecl {
    zones: ZoneSet,
    on: ReplaceOn,
    applies: Applies,
    instead: Instead,
    optional: bool,
    prompt: String,
    payoff: Option<Function>,
}

const INSTEAD: &[(&str, Instead)] = &[
    ("remove", Instead::Remove),
    ("smash", Instead::Smash),
    ("hand", Instead::Hand),
    ("deck_top", Instead::DeckTop),
    ("deck_bottom", Instead::DeckBottom),
];

/// Parses `card:replace{...}`.
pub(crate) fn parse_replace(lua: &Lua, spec: &Value) -> mlua::Result<Decl> {
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
    Ok(Decl::Replace(d))
}

impl Builder {
    /// The ★ ability of a `card:replace{...}` declaration.
    pub(crate) fn replacement(&self, d: ReplaceDecl) -> Static {
        let payoff = d.payoff.clone().map(|f| self.effect(f));
        Static {
            zones: d.zones,
            effect: Box::new(LuaReplacement {
                engine: Rc::clone(&self.engine),
                origin: self.origin.clone(),
                d,
                payoff,
            }),
        }
    }
}

/// A Lua ★ replacement on zone changes.
struct LuaReplacement {
    engine: Rc<Engine>,
    origin: Origin,
    d: ReplaceDecl,
    payoff: Option<Box<dyn Effect>>,
}

impl StaticEffect for LuaReplacement {
    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }

    fn replace_move(&self, view: &View<'_>, me: CardId, mv: &ZoneMove) -> Option<MoveReplacement> {
        let listens =
            mv.to == Loc::Graveyard && (self.d.on == ReplaceOn::ToGraveyard || mv.destroyed);
        if !listens || !view.exists(mv.card) {
            return None;
        }
        let applies = match &self.d.applies {
            Applies::Rel(rel) => relation_holds(view, *rel, me, mv.card),
            Applies::Fn(f) => {
                let sh = &self.engine.rt.sh;
                let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                    Ok(truthy(&f.call::<Value>((
                        card_value(lua, sh, me)?,
                        card_value(lua, sh, mv.card)?,
                    ))?))
                });
                self.engine.neutral(r, false)
            }
        };
        applies.then(|| MoveReplacement {
            instead: self.d.instead,
            optional: self.d.optional,
            prompt: self.d.prompt.clone(),
        })
    }

    fn replaced(
        &self,
        r: &mut Resolve<'_>,
        _me: CardId,
        _mv: &ZoneMove,
    ) -> Result<(), EffectError> {
        match &self.payoff {
            Some(p) => p.resolve(r),
            None => Ok(()),
        }
    }

    fn replaces_moves(&self) -> bool {
        true
    }
}

/// The Lua name of a loss cause.
pub(crate) fn loss_name(cause: LossCause) -> &'static str {
    match cause {
        LossCause::Smash => "smash",
        LossCause::DeckOut => "deck_out",
    }
}

/// `{ card = Card?, kind = "battle" | "strategy" | "ability" }` for a damage hook.
pub(crate) fn damage_source(lua: &Lua, sh: &Shared, s: DamageSource) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    if let Some(c) = s.card {
        t.raw_set("card", card_value(lua, sh, c)?)?;
    }
    let kind = match s.kind {
        DamageKind::Battle => "battle",
        DamageKind::Strategy => "strategy",
        DamageKind::Ability => "ability",
    };
    t.raw_set("kind", kind)?;
    Ok(t)
}
