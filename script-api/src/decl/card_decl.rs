//! The `card` object a script declares its abilities on at load time, and the card being loaded
//! with what its script declared so far.

use crate::context::Shared;
use crate::convert;
use crate::decl::declaration::{
    Decl, parse_activated, parse_method, parse_play_costs, parse_replace, parse_spell,
    parse_static, parse_trigger,
};
use crate::decl::grantable::parse_grantable;
use crate::docs::{Class, Entry, entry};
use crate::error::misuse;
use crate::sandbox::THAW;
use dzero_core::CardKind;
use mlua::{Function, Lua, MetaMethod, UserDataFields, UserDataMethods, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// The card being loaded and what its script declared so far.
pub(crate) struct Loading {
    /// The card's printed name.
    pub name: String,
    /// Its type.
    pub kind: CardKind,
    /// Declarations in script order, with the line that declared them.
    pub decls: Vec<(Decl, Option<u32>)>,
    /// The printed line each declaration claims, in script order.
    pub claims: Vec<Claim>,
}

/// A declaration of a card script and the printed ability line it says it implements
/// (`line = N`); the card loader checks every printed line is implemented and every
/// declaration claims one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The 1-based index of the printed ability line among the non-empty lines of the card's
    /// `text`; `None` when the declaration has no `line` field.
    pub line: Option<u32>,
    /// The declaration, e.g. `trigger` for `card:trigger`.
    pub kind: &'static str,
    /// The line of the script that declared it, when known.
    pub lua_line: Option<u32>,
}

/// Reads and removes the `line` field of a (thawed) declaration table.
fn take_line(lua: &Lua, spec: &Value, what: &str) -> mlua::Result<Option<u32>> {
    let Value::Table(t) = spec else {
        return Ok(None);
    };
    let v: Value = t.raw_get("line")?;
    t.raw_set("line", Value::Nil)?;
    match v {
        Value::Nil => Ok(None),
        Value::Integer(n) if n >= 1 => u32::try_from(n)
            .map(Some)
            .map_err(|_| misuse(lua, format!("card:{what}{{line}} is too large: {n}"))),
        Value::Number(f) if f >= 1.0 && f.fract() == 0.0 && f <= f64::from(u32::MAX) => {
            Ok(Some(f as u32))
        }
        other => Err(misuse(
            lua,
            format!(
                "card:{what}{{line}} must be the number (1, 2, …) of the printed ability line \
                 it implements, not {}",
                match other {
                    Value::Integer(n) => n.to_string(),
                    Value::Number(f) => f.to_string(),
                    o => o.type_name().to_owned(),
                }
            ),
        )),
    }
}

/// The line of the Lua code calling the current callback.
fn calling_line(lua: &Lua) -> Option<u32> {
    lua.inspect_stack(1, |d| d.current_line())
        .flatten()
        .and_then(|l| u32::try_from(l).ok())
}

/// The card whose script is loading, if one is: it holds Lua functions only during a load.
pub(crate) type LoadingSlot = Rc<RefCell<Option<Loading>>>;

/// The `card` object a script declares its abilities on.
pub(crate) struct DeclRef;

/// Registers the `card` userdata type; its methods add declarations to the card in the returned
/// slot.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<LoadingSlot> {
    let sh = Rc::clone(sh);
    let slot = LoadingSlot::default();
    let loading = Rc::clone(&slot);
    lua.register_userdata_type::<DeclRef>(move |reg| {
        type Parse = fn(&Lua, &Value) -> mlua::Result<Decl>;
        let kinds: [(&str, Parse); 8] = [
            ("grantable", parse_grantable),
            ("static", parse_static),
            ("replace", parse_replace),
            ("trigger", parse_trigger),
            ("activated", parse_activated),
            ("play_method", parse_method),
            ("on_play", parse_spell),
            ("play_costs", parse_play_costs),
        ];
        for (name, parse) in kinds {
            let sh = Rc::clone(&sh);
            let loading = Rc::clone(&loading);
            reg.add_method(name, move |lua, _: &DeclRef, spec: Value| {
                let spec = thaw_decl(lua, &sh, spec)?;
                let claimed = take_line(lua, &spec, name)?;
                let decl = parse(lua, &spec)?;
                let mut loading = loading.borrow_mut();
                let Some(l) = loading.as_mut() else {
                    return Err(misuse(
                        lua,
                        format!("card:{name} only works at the top level of a card script"),
                    ));
                };
                if let Decl::Grantable { name: n, .. } = &decl
                    && l.decls
                        .iter()
                        .any(|(d, _)| matches!(d, Decl::Grantable { name: m, .. } if m == n))
                {
                    return Err(misuse(
                        lua,
                        format!("card:grantable: the name '{n}' is declared twice on this card"),
                    ));
                }
                if name == "on_play" {
                    if l.kind != CardKind::Strategy {
                        return Err(misuse(
                            lua,
                            format!(
                                "card:on_play is for strategies; '{}' is a {:?} (use trigger, \
                                 static or activated)",
                                l.name, l.kind
                            ),
                        ));
                    }
                    if l.decls.iter().any(|(d, _)| matches!(d, Decl::Spell { .. })) {
                        return Err(misuse(lua, "card:on_play declared twice"));
                    }
                }
                if name == "play_costs"
                    && l.decls.iter().any(|(d, _)| matches!(d, Decl::PlayCosts(_)))
                {
                    return Err(misuse(lua, "card:play_costs declared twice"));
                }
                let at = calling_line(lua);
                l.claims.push(Claim {
                    line: claimed,
                    kind: name,
                    lua_line: at,
                });
                l.decls.push((decl, at));
                Ok(())
            });
        }
        {
            let sh = Rc::clone(&sh);
            let loading = Rc::clone(&loading);
            reg.add_method("play_cost", move |lua, _: &DeclRef, f: Value| {
                sh.roots.borrow_mut().push(f.clone());
                let (f, claimed) = match f {
                    Value::Table(_) => {
                        let spec = thaw_decl(lua, &sh, f)?;
                        let claimed = take_line(lua, &spec, "play_cost")?;
                        let Value::Table(t) = &spec else {
                            return Err(misuse(lua, "card:play_cost takes a table"));
                        };
                        for pair in t.pairs::<Value, Value>() {
                            let (k, _) = pair?;
                            if !matches!(&k, Value::String(s) if s == "change") {
                                return Err(misuse(
                                    lua,
                                    "card:play_cost { ... } takes only `line` and `change`",
                                ));
                            }
                        }
                        (t.raw_get::<Value>("change")?, claimed)
                    }
                    other => (other, None),
                };
                let Value::Function(f) = f else {
                    return Err(misuse(
                        lua,
                        "card:play_cost takes a function(self, cost) returning the new cost, \
                         or { line = N, change = function(self, cost) ... end }",
                    ));
                };
                let mut loading = loading.borrow_mut();
                let Some(l) = loading.as_mut() else {
                    return Err(misuse(
                        lua,
                        "card:play_cost only works at the top level of a card script",
                    ));
                };
                let at = calling_line(lua);
                l.claims.push(Claim {
                    line: claimed,
                    kind: "play_cost",
                    lua_line: at,
                });
                l.decls.push((Decl::OwnCost(f), at));
                Ok(())
            });
        }
        {
            let loading = Rc::clone(&loading);
            reg.add_field_method_get("name", move |_, _: &DeclRef| {
                Ok(loading.borrow().as_ref().map(|l| l.name.clone()))
            });
        }
        {
            reg.add_field_method_get("kind", move |_, _: &DeclRef| {
                Ok(loading
                    .borrow()
                    .as_ref()
                    .map(|l| convert::kind_name(l.kind)))
            });
        }
        reg.add_meta_method(MetaMethod::Index, |lua, _: &DeclRef, k: Value| {
            let k = crate::error::key_text(&k);
            Err::<Value, _>(misuse(
                lua,
                format!(
                    "card has no field '{k}' (static, trigger, activated, play_method, \
                     play_cost, play_costs, on_play, name, kind)"
                ),
            ))
        });
    })?;
    Ok(slot)
}

/// Remembers a declaration for the freezer and returns a plain copy of it for the parser
/// (frozen tables and API proxies hide their contents from raw reads).
fn thaw_decl(lua: &Lua, sh: &Shared, spec: Value) -> mlua::Result<Value> {
    sh.roots.borrow_mut().push(spec.clone());
    let thaw: Function = lua.named_registry_value(THAW)?;
    thaw.call(spec)
}

/// Documents the `CardDecl` class.
pub(crate) const CARD_DECL_CLASS: Class = Class {
    name: "CardDecl",
    reached: "`card` (load time)",
    doc: "The card the script defines. Declare its abilities at the top level of the script.",
};

/// Documents what this file registers, in documentation order.
pub(crate) const DOCS: &[Entry] = &[
    entry!(
        "CardDecl",
        Field,
        "name",
        [],
        "string",
        "The card's printed name.",
        "print(card.name)"
    ),
    entry!(
        "CardDecl",
        Field,
        "kind",
        [],
        "CardKind",
        "The card's type.",
        "if card.kind == \"unit\" then end"
    ),
    entry!(
        "CardDecl",
        Method,
        "static",
        [("spec", "StaticSpec")],
        "",
        "Declares a ★ static ability.",
        "card:static { applies_to = \"own_units\", power = 500 }"
    ),
    entry!(
        "CardDecl",
        Method,
        "replace",
        [("spec", "ReplaceSpec")],
        "",
        "Declares a ★ replacement effect on zone changes (「…場合、かわりに…」).",
        "card:replace { event = \"to_graveyard\", applies_to = \"self\", instead = \"remove\" }"
    ),
    entry!(
        "CardDecl",
        Method,
        "trigger",
        [("spec", "TriggerSpec")],
        "",
        "Declares a ◆ triggered ability.",
        "card:trigger { on = \"placed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "activated",
        [("spec", "ActivatedSpec")],
        "",
        "Declares a ● activated ability.",
        "card:activated { cost = \"白1 フリーズ\", target = target.unit(), resolve = function(g, e) g:damage(e.target, 2000) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_method",
        [("spec", "PlayMethodSpec")],
        "",
        "Declares a ☆ alternative play method.",
        "card:play_method { name = \"転生\", from = \"graveyard\", cost = \"無1\" }"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_cost",
        [(
            "change",
            "fun(self: Card, cost: Cost, method: string?): CostSpec?"
        )],
        "",
        "Declares a ☆ change to this card's own use cost (works from any zone). It applies to every way the card is played, ☆ play methods included: `method` is the method's name (nil for the normal play), so return nil for a method to leave its cost alone.",
        "card:play_cost(function(self, cost, method) if method then return nil end cost.colourless = 0 return cost end)"
    ),
    entry!(
        "CardDecl",
        Method,
        "play_costs",
        [("costs", "CardCostSpec[]")],
        "",
        "Declares additional costs paid with cards by every play of this card (「追加コストとして、手札を1枚捨てる」): chosen and paid when it is played, with its energy (R5.8, R5.9); once per card.",
        "card:play_costs { { zones = \"hand\", to = \"graveyard\" } }"
    ),
    entry!(
        "CardDecl",
        Method,
        "on_play",
        [("spec", "OnPlaySpec")],
        "",
        "Declares a strategy's ○ effect.",
        "card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }"
    ),
    entry!(
        "CardDecl",
        Method,
        "grantable",
        [("spec", "GrantableSpec")],
        "",
        "Declares an ability for this card's effects to grant (inactive on the card itself).",
        "card:grantable { name = \"draw_on_smash\", trigger = { on = \"smashed\", card = \"self\", resolve = function(g, e) g:draw(e.controller) end } }"
    ),
];
