//! What a card script hands the card loader: the named parts it returns, for the card-text
//! DSL's `lua:name` lines, and the printed lines its declarations claim.

use crate::abilities::builder::{Builder, Built};
use crate::abilities::engine::Engine;
use crate::context::Origin;
use crate::decl::card_decl::Claim;
use crate::decl::declaration::{Decl, parse_spell, parse_static, parse_trigger};
use crate::docs::Alias;
use crate::error::{ErrorKind, ScriptError};
use mlua::{Lua, RegistryKey, Table, Value};
use std::rc::Rc;

/// The named parts a card script returns, e.g.
/// `return { snipe = function(g, e) ... end, on_enter = { on = "placed", resolve = ... } }`.
/// A keyword line `● [白1]《クイック》 lua:snipe` uses `snipe` as the effect.
pub struct Exports {
    /// The Lua state the script was loaded into.
    pub(crate) engine: Rc<Engine>,
    /// The card and script file.
    pub(crate) origin: Origin,
    /// The returned table, if the script returned one.
    pub(crate) table: Option<Rc<RegistryKey>>,
    /// The printed line each declaration of the script claims, in script order.
    pub(crate) claims: Vec<Claim>,
}

impl Exports {
    /// The printed line each declaration of the script claims (`line = N`), in script order.
    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    fn get(&self, name: &str) -> Result<Value, ScriptError> {
        let missing = || ScriptError {
            kind: ErrorKind::Misuse,
            card: self.origin.card.to_string(),
            file: self.origin.file.to_string(),
            line: None,
            message: format!(
                "the script returns no `{name}` (end it with `return {{ {name} = ... }}`)"
            ),
            traceback: String::new(),
        };
        let key = self.table.as_ref().ok_or_else(missing)?;
        let lua = &self.engine.rt.lua;
        let t: Table = lua
            .registry_value(key)
            .map_err(|e| ScriptError::host(e.to_string()))?;
        match t.raw_get::<Value>(name) {
            Ok(Value::Nil) | Err(_) => Err(missing()),
            Ok(v) => Ok(v),
        }
    }

    fn build(
        &self,
        parse: impl FnOnce(&Lua, &Value) -> mlua::Result<Decl>,
        name: &str,
    ) -> Result<Built, ScriptError> {
        let v = self.get(name)?;
        let lua = &self.engine.rt.lua;
        let decl = parse(lua, &v).map_err(|e| self.engine.rt.sh.script_error(&e, &self.origin))?;
        let builder = Builder {
            engine: Rc::clone(&self.engine),
            origin: self.origin.clone(),
        };
        builder.ability(decl)
    }

    /// The effect (and targets) named `name`: a function `(g, e)` or a table
    /// `{ target = ..., resolve = function(g, e) ... end }`.
    pub fn spell(&self, name: &str) -> Result<dzero_core::Spell, ScriptError> {
        let parse = |lua: &Lua, v: &Value| match v {
            Value::Function(f) => {
                let t = lua.create_table()?;
                t.raw_set("resolve", f.clone())?;
                parse_spell(lua, &Value::Table(t))
            }
            other => parse_spell(lua, other),
        };
        match self.build(parse, name)? {
            Built::Spell(s) => Ok(s),
            Built::Ability(_) => Err(ScriptError::host(format!("`{name}` is not an effect"))),
        }
    }

    /// The ◆ ability named `name`: a table as for `card:trigger`.
    pub fn trigger(&self, name: &str) -> Result<dzero_core::Triggered, ScriptError> {
        match self.build(parse_trigger, name)? {
            Built::Ability(dzero_core::Ability::Triggered(t)) => Ok(t),
            _ => Err(ScriptError::host(format!("`{name}` is not a trigger"))),
        }
    }

    /// The ★ effect named `name`: a table as for `card:static`.
    pub fn static_effect(
        &self,
        name: &str,
    ) -> Result<Box<dyn dzero_core::StaticEffect>, ScriptError> {
        match self.build(parse_static, name)? {
            Built::Ability(dzero_core::Ability::Static(s)) => Ok(s.effect),
            _ => Err(ScriptError::host(format!(
                "`{name}` is not a static effect"
            ))),
        }
    }
}

/// Documents the named type `DslExport`.
pub(crate) const DSL_EXPORT_ALIAS: Alias = (
    "DslExport",
    "fun(g: Resolve, e: EffectInfo)|OnPlaySpec|TriggerSpec|StaticSpec",
    "What a card-file DSL line `lua:NAME` uses: the field NAME of the table the card's script returns (`return { NAME = ... }`). A `● [cost]《timing》 lua:NAME` line takes the effect — a function `(g, e)` or a table `{ target = ..., resolve = ... }` (as `card:on_play`); `◆ lua:NAME` a table as for `card:trigger`; `★ lua:NAME` a table as for `card:static`.",
);

/// Documents the named type `DslExports`.
pub(crate) const DSL_EXPORTS_ALIAS: Alias = (
    "DslExports",
    "table<string, DslExport>",
    "The table a card script returns for its DSL lines; annotate it for completion of `g` and `e`: `---@type DslExports` before `local exports = { burn = function(g, e) g:damage(e.target, 2000) end }`, then `return exports`.",
);
