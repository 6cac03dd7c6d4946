//! The loader: one [`ScriptHost`] (one Lua state) per card database. It compiles each card
//! script once, runs its declarations and attaches the resulting abilities to the card's
//! [`CardDef`].

use crate::abilities::builder::{Builder, Built};
use crate::abilities::engine::Engine;
use crate::abilities::key::keyed;
use crate::context::Origin;
use crate::decl::card_decl::{self, DeclRef, Loading, LoadingSlot};
use crate::error::{ErrorKind, ScriptError};
use crate::exports::Exports;
use crate::globals;
use crate::limits::Limits;
use crate::log::LogLine;
use crate::runtime::Runtime;
use crate::sandbox::{Leftovers, Private, THAW, freeze_leftovers};
use dzero_core::{Ability, CardDef, CardKind};
use mlua::{Function, Table, Value};
use std::rc::Rc;

/// Loads card scripts into one sandboxed Lua state and turns them into core abilities.
///
/// ```
/// use dzero_core::{Colour, Cost};
/// use dzero_script_api::{Limits, ScriptHost, blank_strategy};
/// let host = ScriptHost::new(Limits::default()).unwrap();
/// let def = blank_strategy("プラズマ・ライフル")
///     .colour(Colour::Red)
///     .cost(Cost::FREE.and(Colour::Red, 1).and_colourless(1));
/// let def = host
///     .load_card(def, "cards/plasma_rifle.lua", r#"
///         card:on_play { target = target.unit(), resolve = function(g, e) g:damage(e.target, 3000) end }
///     "#)
///     .unwrap();
/// assert!(def.spell.is_some());
/// ```
pub struct ScriptHost {
    engine: Rc<Engine>,
    /// The card whose script is loading, shared with the `card` object's methods.
    loading: LoadingSlot,
}

impl ScriptHost {
    /// A host with a fresh sandboxed Lua state.
    pub fn new(limits: Limits) -> Result<ScriptHost, ScriptError> {
        crate::error::API_NAMES.get_or_init(|| {
            let mut names: Vec<&'static str> = crate::docs::API.iter().map(|e| e.name).collect();
            names.sort_unstable();
            names.dedup();
            names
        });
        let rt = Runtime::new(limits)?;
        let host = |e: mlua::Error| ScriptError::host(format!("setting up the Lua API: {e}"));
        let lua = &rt.lua;
        globals::register(lua, &rt.sh).map_err(host)?;
        let loading = card_decl::register(lua, &rt.sh).map_err(host)?;
        let raw = globals::raw_table(lua, &rt.sh).map_err(host)?;
        let (_api, g, new_env, add_module, private): (Table, Table, Function, Function, Table) =
            lua.load(include_str!("prelude.lua"))
                .set_name("=dzero prelude")
                .set_mode(mlua::chunk::ChunkMode::Text)
                .call((raw, lua.globals()))
                .map_err(host)?;
        let thaw: Function = private.raw_get("thaw").map_err(host)?;
        lua.set_named_registry_value(THAW, thaw).map_err(host)?;
        let engine = Engine {
            g: lua.create_registry_value(g).map_err(host)?,
            new_env: lua.create_registry_value(new_env).map_err(host)?,
            add_module: lua.create_registry_value(add_module).map_err(host)?,
            private: Private::new(&private).map_err(host)?,
            rt,
        };
        Ok(ScriptHost {
            engine: Rc::new(engine),
            loading,
        })
    }

    fn remember_chunk(&self, path: &str) {
        let mut chunks = self.engine.rt.sh.chunks.borrow_mut();
        if !chunks.iter().any(|c| c == path) {
            chunks.push(path.to_owned());
        }
    }

    /// Runs `source` (named `@path`) in a fresh card environment whose `card` is `decl`, then
    /// checks and freezes what it left behind; returns what the chunk returned and a plain
    /// copy of it for the engine.
    fn run_chunk(
        &self,
        origin: &Origin,
        path: &str,
        source: &str,
        decl: bool,
    ) -> Result<(Value, Value), ScriptError> {
        self.remember_chunk(path);
        let rt = &self.engine.rt;
        rt.sh.roots.borrow_mut().clear();
        let decl_given = decl;
        let res = rt.in_load(origin, |lua| {
            let new_env: Function = lua.registry_value(&self.engine.new_env)?;
            let decl = if decl {
                Value::UserData(lua.create_any_userdata(DeclRef)?)
            } else {
                Value::Nil
            };
            let (env, freeze): (Table, Function) = new_env.call(decl)?;
            let f = lua
                .load(source)
                .set_name(format!("@{path}"))
                .set_mode(mlua::chunk::ChunkMode::Text)
                .set_environment(env.clone())
                .into_function()?;
            let v = f.call::<Value>(())?;
            let thaw: Function = lua.named_registry_value(THAW)?;
            let copy: Value = thaw.call(v.clone())?;
            let mut roots = std::mem::take(&mut *rt.sh.roots.borrow_mut());
            roots.push(v.clone());
            let left = Leftovers {
                chunk: format!("@{path}"),
                file: path.to_owned(),
                env,
                roots,
                module: !decl_given,
            };
            freeze_leftovers(rt, &self.engine.private, &left)?;
            freeze.call::<()>(())?;
            Ok((v, copy))
        });
        rt.sh.roots.borrow_mut().clear();
        res
    }

    /// Runs the card script `source` (its chunk named `path`) and attaches the abilities it
    /// declares to `def`. Printed values stay as `def` has them.
    pub fn load_card(
        &self,
        def: CardDef,
        path: &str,
        source: &str,
    ) -> Result<CardDef, ScriptError> {
        self.load_card_with_exports(def, path, source)
            .map(|(d, _)| d)
    }

    /// [`ScriptHost::load_card`], also returning the named parts the script returns
    /// (`return { name = ... }`) for the card-text DSL's `lua:name` lines and the printed lines
    /// its declarations claim. A strategy may leave its ○ effect to its card text.
    pub fn load_card_with_exports(
        &self,
        mut def: CardDef,
        path: &str,
        source: &str,
    ) -> Result<(CardDef, Exports), ScriptError> {
        let origin = Origin {
            card: Rc::from(def.name.as_str()),
            file: Rc::from(path),
            line: None,
        };
        *self.loading.borrow_mut() = Some(Loading {
            name: def.name.clone(),
            kind: def.kind,
            decls: Vec::new(),
            claims: Vec::new(),
        });
        let ran = self.run_chunk(&origin, path, source, true);
        let loading = self.loading.borrow_mut().take();
        let (_, returned) = ran?;
        let table = match returned {
            Value::Table(t) => Some(
                self.engine
                    .rt
                    .lua
                    .create_registry_value(t)
                    .map_err(|e| ScriptError::host(e.to_string()))?,
            ),
            _ => None,
        };
        let (decls, claims) = loading.map(|l| (l.decls, l.claims)).unwrap_or_default();
        let exports = Exports {
            engine: Rc::clone(&self.engine),
            origin: origin.clone(),
            table: table.map(Rc::new),
            claims,
        };
        let mut spell = None;
        let mut grants = Vec::new();
        for (d, line) in decls {
            let builder = Builder {
                engine: Rc::clone(&self.engine),
                origin: Origin {
                    line,
                    ..origin.clone()
                },
            };
            match builder.ability(d)? {
                Built::Ability(a) => {
                    if let Ability::Static(s) = &a
                        && let Some(name) = s.effect.granted()
                    {
                        grants.push((name.to_owned(), line));
                    }
                    def.abilities.push(keyed(a, source, line));
                }
                Built::Spell(s) => spell = Some(s),
            }
        }
        for (name, line) in grants {
            let declared = def
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::Grantable(g) if g.name == name));
            if !declared {
                return Err(ScriptError {
                    kind: ErrorKind::Misuse,
                    card: def.name.clone(),
                    file: path.to_owned(),
                    line,
                    message: format!(
                        "card:static{{grants}}: this card declares no card:grantable named '{name}'"
                    ),
                    traceback: String::new(),
                });
            }
        }
        if let Some(s) = spell {
            def.spell = Some(s);
        }
        Ok((def, exports))
    }

    /// Loads a shared module (e.g. a set's helper functions) that card scripts reach with
    /// `use(name)`. The chunk returns the module value; tables are shared read-only.
    pub fn load_module(&self, name: &str, path: &str, source: &str) -> Result<(), ScriptError> {
        let origin = Origin {
            card: Rc::from(format!("module {name}").as_str()),
            file: Rc::from(path),
            line: None,
        };
        let (v, _) = self.run_chunk(&origin, path, source, false)?;
        let lua = &self.engine.rt.lua;
        let add: Function = lua
            .registry_value(&self.engine.add_module)
            .map_err(|e| ScriptError::host(e.to_string()))?;
        add.call::<()>((name, v))
            .map_err(|e| self.engine.rt.sh.script_error(&e, &origin))
    }

    /// Errors recorded so far from ★ hooks, trigger conditions, filters and effects (each
    /// distinct error once). Hooks fail neutral, so this log is where their errors surface.
    pub fn errors(&self) -> Vec<ScriptError> {
        self.engine.rt.sh.errors()
    }

    /// Removes and returns the recorded errors.
    pub fn take_errors(&self) -> Vec<ScriptError> {
        self.engine.rt.sh.take_errors()
    }

    /// Strict mode for tests: the first recorded script error, if any. Pair it with
    /// `Game::set_strict(true)`, which turns failing effects into refused actions.
    pub fn check(&self) -> Result<(), ScriptError> {
        match self.engine.rt.sh.errors().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Lines the scripts wrote with `print` (bounded: at most 1000 lines or 64 KiB per host,
    /// then one line counting the dropped ones).
    pub fn log(&self) -> Vec<String> {
        self.log_lines().into_iter().map(|l| l.text).collect()
    }

    /// [`ScriptHost::log`] with the card that printed each line (`Display` shows
    /// `[card] text`).
    pub fn log_lines(&self) -> Vec<LogLine> {
        self.engine.rt.sh.log.borrow().lines()
    }

    /// [`ScriptHost::log_lines`], emptying the log: a long session (a watch, many scenarios)
    /// reports each run's lines once, and the bounds apply per run.
    pub fn take_log(&self) -> Vec<LogLine> {
        self.engine.rt.sh.log.borrow_mut().take()
    }

    /// Bytes the Lua state currently uses.
    pub fn memory_used(&self) -> usize {
        self.engine.rt.lua.used_memory()
    }

    /// The limits this host runs scripts under.
    pub fn limits(&self) -> Limits {
        self.engine.rt.sh.limits
    }

    /// Starts or stops measuring the time spent running this host's scripts (outermost calls).
    pub fn set_timing(&self, on: bool) {
        self.engine.rt.sh.timing.set(on);
    }

    /// The time spent running scripts while timing was on, since the last call (which resets it).
    pub fn take_time(&self) -> std::time::Duration {
        self.engine.rt.sh.spent_time.take()
    }
}

/// A strategy definition without an effect yet, for a script to give it one with
/// `card:on_play`.
pub fn blank_strategy(name: &str) -> CardDef {
    let mut d = CardDef::strategy(
        name,
        dzero_core::Spell::new(|_: &mut dzero_core::Resolve<'_>| Ok(())),
    );
    d.spell = None;
    d
}

/// A copy of `def`'s printed values (name, type, colours, race, timing, costs, power, smash,
/// keywords, text) without any ability, ready for a script to attach behaviour to.
pub fn printed(def: &CardDef) -> CardDef {
    let mut d = match def.kind {
        CardKind::Unit => CardDef::unit(&def.name, def.power, def.smash),
        CardKind::Base => CardDef::base(&def.name),
        CardKind::Strategy => blank_strategy(&def.name),
        kind => CardDef::new(&def.name, kind),
    };
    d.colours = def.colours;
    d.race = def.race.clone();
    d.timing = def.timing;
    d.cost = def.cost;
    d.move_cost = def.move_cost;
    d.power = def.power;
    d.smash = def.smash;
    d.keywords = def.keywords;
    d.text = def.text.clone();
    d
}
