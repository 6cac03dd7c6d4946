//! The loader: one [`ScriptHost`] (one Lua state) per card database. It compiles each card
//! script once, runs its declarations and attaches the resulting abilities to the card's
//! [`CardDef`].

use crate::abilities::{
    Builder, Built, Loading, keyed, parse_activated, parse_method, parse_spell, parse_static,
    parse_trigger,
};
use crate::effects::{CHOICES, g_table, suspend_marker};
use crate::error::{ErrorKind, ScriptError};
use crate::log::LogLine;
use crate::objects::{game_table, register, target_table};
use crate::runtime::{Limits, Origin, Runtime, Shared, misuse};
use crate::sandbox::{Leftovers, Private, freeze_leftovers};
use dzero_core::{CardDef, CardKind};
use mlua::{
    Function, Lua, MetaMethod, MultiValue, RegistryKey, Table, UserDataFields, UserDataMethods,
    Value,
};
use std::rc::Rc;

/// Most bytes of one `print` call read into the log.
const PRINT_MAX: usize = 64 << 10;

/// The named registry slot of the prelude's `thaw` (a plain copy of a declaration table).
const THAW: &str = "dzero.thaw";

/// The Lua state with the handles the abilities need.
pub(crate) struct Engine {
    /// The sandboxed state.
    pub rt: Runtime,
    /// The effect handle `g`.
    pub g: RegistryKey,
    new_env: RegistryKey,
    add_module: RegistryKey,
    private: Private,
}

impl Engine {
    /// The value of a hook, or `default` after recording its error (hooks fail neutral).
    pub fn neutral<T>(&self, r: Result<T, ScriptError>, default: T) -> T {
        match r {
            Ok(v) => v,
            Err(e) => {
                self.rt.sh.record(e);
                default
            }
        }
    }
}

/// The line of the Lua code calling the current callback.
fn calling_line(lua: &Lua) -> Option<u32> {
    lua.inspect_stack(1, |d| d.current_line())
        .flatten()
        .and_then(|l| u32::try_from(l).ok())
}

/// The `card` object a script declares its abilities on.
struct DeclRef;

fn register_decl(lua: &Lua, sh: &Rc<Shared>) -> mlua::Result<()> {
    let sh = Rc::clone(sh);
    lua.register_userdata_type::<DeclRef>(move |reg| {
        type Parse = fn(&Lua, &Value) -> mlua::Result<crate::abilities::Decl>;
        let kinds: [(&str, Parse); 8] = [
            ("grantable", crate::grantable::parse_grantable),
            ("static", parse_static),
            ("replace", crate::replacement::parse_replace),
            ("trigger", parse_trigger),
            ("activated", parse_activated),
            ("play_method", parse_method),
            ("on_play", parse_spell),
            ("play_costs", crate::costs::parse_play_costs),
        ];
        for (name, parse) in kinds {
            let sh = Rc::clone(&sh);
            reg.add_method(name, move |lua, _: &DeclRef, spec: Value| {
                let spec = thaw_decl(lua, &sh, spec)?;
                let decl = parse(lua, &spec)?;
                let mut loading = sh.loading.borrow_mut();
                let Some(l) = loading.as_mut() else {
                    return Err(misuse(
                        lua,
                        format!("card:{name} only works at the top level of a card script"),
                    ));
                };
                if let crate::abilities::Decl::Grantable { name: n, .. } = &decl
                    && l.decls.iter().any(|(d, _)| {
                        matches!(d, crate::abilities::Decl::Grantable { name: m, .. } if m == n)
                    })
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
                    if l.decls
                        .iter()
                        .any(|(d, _)| matches!(d, crate::abilities::Decl::Spell { .. }))
                    {
                        return Err(misuse(lua, "card:on_play declared twice"));
                    }
                }
                if name == "play_costs"
                    && l.decls
                        .iter()
                        .any(|(d, _)| matches!(d, crate::abilities::Decl::PlayCosts(_)))
                {
                    return Err(misuse(lua, "card:play_costs declared twice"));
                }
                l.decls.push((decl, calling_line(lua)));
                Ok(())
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_method("play_cost", move |lua, _: &DeclRef, f: Value| {
                sh.roots.borrow_mut().push(f.clone());
                let Value::Function(f) = f else {
                    return Err(misuse(
                        lua,
                        "card:play_cost takes a function(self, cost) returning the new cost",
                    ));
                };
                let mut loading = sh.loading.borrow_mut();
                let Some(l) = loading.as_mut() else {
                    return Err(misuse(
                        lua,
                        "card:play_cost only works at the top level of a card script",
                    ));
                };
                l.decls
                    .push((crate::abilities::Decl::OwnCost(f), calling_line(lua)));
                Ok(())
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("name", move |_, _: &DeclRef| {
                Ok(sh.loading.borrow().as_ref().map(|l| l.name.clone()))
            });
        }
        {
            let sh = Rc::clone(&sh);
            reg.add_field_method_get("kind", move |_, _: &DeclRef| {
                Ok(sh
                    .loading
                    .borrow()
                    .as_ref()
                    .map(|l| crate::convert::kind_name(l.kind)))
            });
        }
        reg.add_meta_method(MetaMethod::Index, |lua, _: &DeclRef, k: Value| {
            let k = match k {
                Value::String(s) => s.to_string_lossy(),
                other => format!("<{}>", other.type_name()),
            };
            Err::<Value, _>(misuse(
                lua,
                format!(
                    "card has no field '{k}' (static, trigger, activated, play_method, \
                     play_cost, play_costs, on_play, name, kind)"
                ),
            ))
        });
    })
}

/// Remembers a declaration for the freezer and returns a plain copy of it for the parser
/// (frozen tables and API proxies hide their contents from raw reads).
fn thaw_decl(lua: &Lua, sh: &Shared, spec: Value) -> mlua::Result<Value> {
    sh.roots.borrow_mut().push(spec.clone());
    let thaw: Function = lua.named_registry_value(THAW)?;
    thaw.call(spec)
}

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
}

impl ScriptHost {
    /// A host with a fresh sandboxed Lua state.
    pub fn new(limits: Limits) -> Result<ScriptHost, ScriptError> {
        let rt = Runtime::new(limits)?;
        let host = |e: mlua::Error| ScriptError::host(format!("setting up the Lua API: {e}"));
        let lua = &rt.lua;
        register(lua, &rt.sh).map_err(host)?;
        register_decl(lua, &rt.sh).map_err(host)?;
        let raw = lua.create_table().map_err(host)?;
        let build = || -> mlua::Result<()> {
            raw.raw_set("g", g_table(lua, &rt.sh)?)?;
            raw.raw_set("choices", lua.create_sequence_from(CHOICES)?)?;
            raw.raw_set("target", target_table(lua)?)?;
            raw.raw_set("game", game_table(lua, &rt.sh)?)?;
            raw.raw_set("SUSPEND", suspend_marker())?;
            crate::sandbox::register(lua, &rt.sh, &raw)?;
            crate::patterns::register(lua, &rt.sh, &raw)?;
            let sh = Rc::clone(&rt.sh);
            raw.raw_set(
                "print",
                lua.create_function(move |lua, args: MultiValue| {
                    let mut line = String::new();
                    for (i, v) in args.iter().enumerate() {
                        if i > 0 {
                            line.push('\t');
                        }
                        // Only what the log can keep is read: printing a huge string costs
                        // no more than printing its first 64 KiB.
                        match v {
                            Value::String(s) => {
                                let b = s.as_bytes();
                                let n = b.len().min(PRINT_MAX);
                                line.push_str(&String::from_utf8_lossy(&b[..n]));
                            }
                            other => line.push_str(
                                &other
                                    .to_string()
                                    .unwrap_or_else(|_| other.type_name().to_owned()),
                            ),
                        }
                        sh.charge(lua, 1 + line.len() as u64 / 64)?;
                        if line.len() > PRINT_MAX {
                            break;
                        }
                    }
                    sh.log.borrow_mut().push(&sh.current_card(), &line);
                    Ok(())
                })?,
            )?;
            Ok(())
        };
        build().map_err(host)?;
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
    /// (`return { name = ... }`) for the keyword DSL's `lua:name` lines.
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
        let sh = &self.engine.rt.sh;
        *sh.loading.borrow_mut() = Some(Loading {
            name: def.name.clone(),
            kind: def.kind,
            decls: Vec::new(),
        });
        let ran = self.run_chunk(&origin, path, source, true);
        let loading = sh.loading.borrow_mut().take();
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
        let exports = Exports {
            engine: Rc::clone(&self.engine),
            origin: origin.clone(),
            table: table.map(Rc::new),
        };
        let decls = loading.map(|l| l.decls).unwrap_or_default();
        let mut spell = None;
        for (d, line) in decls {
            let builder = Builder {
                engine: Rc::clone(&self.engine),
                origin: Origin {
                    line,
                    ..origin.clone()
                },
            };
            match builder.ability(d)? {
                Built::Ability(a) => def.abilities.push(keyed(a, source, line)),
                Built::Spell(s) => spell = Some(s),
            }
        }
        if let Some(s) = spell {
            def.spell = Some(s);
        }
        if def.kind == CardKind::Strategy && def.spell.is_none() {
            return Err(ScriptError {
                kind: ErrorKind::Misuse,
                card: def.name.clone(),
                file: path.to_owned(),
                line: None,
                message: "a strategy's script must declare card:on_play { resolve = ... }".into(),
                traceback: String::new(),
            });
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

/// The named parts a card script returns, e.g.
/// `return { snipe = function(g, e) ... end, on_enter = { on = "placed", resolve = ... } }`.
/// A keyword line `● [白1]《クイック》 lua:snipe` uses `snipe` as the effect.
pub struct Exports {
    engine: Rc<Engine>,
    origin: Origin,
    table: Option<Rc<RegistryKey>>,
}

impl Exports {
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
        parse: impl FnOnce(&Lua, &Value) -> mlua::Result<crate::abilities::Decl>,
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
