//! The state Rust callbacks share with one Lua state: the context stack through which Lua
//! reaches the game, the instruction budget of the running call, and what scripts leave for the
//! host (recorded errors, printed lines).
//!
//! Lua never holds a borrow of the game. While a hook or an effect runs, a frame on the context
//! stack names what it may see: a [`Query`] (★ hooks, trigger conditions, target filters) or a
//! [`Resolve`] (effect bodies). Every API function reads only the top frame, so a static hook
//! nested inside an effect (a damage replacement during `g:damage`) can never reach the effect's
//! `&mut` resolution; the frame is popped before the borrow it was made from ends.

use crate::error::{
    ErrorKind, Misuse, ScriptError, find_location, misuse, split_traceback, suggestion, where_,
};
use crate::limits::Limits;
use crate::log::{Log, truncate};
use dzero_core::{Query, Resolve};
use mlua::{Lua, RegistryKey, Table, Value, VmState};
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::ptr::NonNull;
use std::rc::Rc;

/// How often the instruction hook runs.
pub(crate) const HOOK_STEP: u32 = 1000;

/// Most distinct runtime errors kept in the log.
const MAX_LOGGED: usize = 1000;

/// Longest error message or traceback kept (bytes); longer ones are cut with a marker.
const MAX_MESSAGE: usize = 2048;

/// Memory a call may grow the state by before each instruction starts costing more: past it,
/// every further `MEMORY_STEP` bytes add one more instruction's worth per instruction, so
/// loops over huge strings or tables (whose single steps are long) stay bounded in time.
const MEMORY_FREE: usize = 4 << 20;

/// See [`MEMORY_FREE`].
const MEMORY_STEP: usize = 64 << 10;

/// Identifies a distinct error: card, file, line, message.
type ErrorKey = (String, String, Option<u32>, String);

/// What the running script may see.
#[derive(Clone, Copy)]
pub(crate) enum Ctx {
    /// A card script's top level: declarations only.
    Load,
    /// A read-only view (★ hooks, trigger conditions, filters).
    Query(Query<'static>),
    /// A resolving effect.
    Effect(NonNull<Resolve<'static>>),
}

/// Where a Lua function came from, for error messages.
#[derive(Clone, Debug)]
pub(crate) struct Origin {
    /// The card's printed name.
    pub card: Rc<str>,
    /// The card's script file.
    pub file: Rc<str>,
    /// The line declaring the ability: the location reported for errors that carry none
    /// (e.g. running out of memory).
    pub line: Option<u32>,
}

/// State shared by the Rust callbacks registered in Lua. Holds no lasting Lua values (only what
/// a loading script hands over, until the load ends), so callbacks that capture it create no
/// lasting reference cycle with the Lua state.
pub(crate) struct Shared {
    ctx: RefCell<Vec<Ctx>>,
    /// The card of each frame, for tagging `print` lines.
    cards: RefCell<Vec<Rc<str>>>,
    budget: Cell<i64>,
    /// Counts outermost calls: iterators made in one call refuse to run in another.
    generation: Cell<u64>,
    /// Memory in use when the outermost call began.
    base_memory: Cell<usize>,
    /// Abilities that used up a budget, as (the script file of their load, declaring line): they
    /// fail at once from then on, so a looping filter called for every card costs one budget,
    /// not one per call. Each load of a script makes a new file `Rc`, compared by identity, so a
    /// hot-reloaded version starts afresh (the `Rc` kept here keeps its address unique).
    spent: RefCell<Vec<(Rc<str>, Option<u32>)>>,
    exceeded: Cell<bool>,
    /// The running effect asked a question that has no answer yet.
    pub suspended: Cell<bool>,
    pub limits: Limits,
    /// Chunk names (script paths) loaded so far, for locating errors.
    pub chunks: RefCell<Vec<String>>,
    errors: RefCell<Vec<ScriptError>>,
    seen: RefCell<HashSet<ErrorKey>>,
    /// Lines written with `print`.
    pub log: RefCell<Log>,
    /// Values a loading script handed to the engine (declarations), for freezing after load.
    pub roots: RefCell<Vec<Value>>,
    /// Where the current call first ran out of budget.
    budget_msg: RefCell<String>,
    /// Bytes the current outermost call copied from Lua values into the engine.
    copied: Cell<usize>,
    /// Cached userdata tables (cards, players, squares), set once at start-up.
    pub caches: RefCell<Option<Caches>>,
    /// Whether time spent in outermost calls is measured (for `dzero bench`).
    pub timing: Cell<bool>,
    /// When the running outermost call began, while timing.
    started: Cell<Option<std::time::Instant>>,
    /// Time spent in outermost calls while timing.
    pub spent_time: Cell<std::time::Duration>,
}

/// Registry keys of the object caches, so equal game objects are the same Lua value.
pub(crate) struct Caches {
    pub cards: RegistryKey,
    pub players: RegistryKey,
    pub squares: RegistryKey,
}

/// Pops its frame when dropped (also while unwinding).
pub(crate) struct Frame<'a> {
    sh: &'a Shared,
}

impl Drop for Frame<'_> {
    fn drop(&mut self) {
        if let Ok(mut s) = self.sh.ctx.try_borrow_mut() {
            s.pop();
            if s.is_empty()
                && let Some(t) = self.sh.started.take()
            {
                self.sh
                    .spent_time
                    .set(self.sh.spent_time.get() + t.elapsed());
            }
        }
        if let Ok(mut c) = self.sh.cards.try_borrow_mut() {
            c.pop();
        }
    }
}

impl Shared {
    /// Fresh shared state for a Lua state running under `limits`.
    pub fn new(limits: Limits) -> Shared {
        Shared {
            ctx: RefCell::new(Vec::new()),
            cards: RefCell::new(Vec::new()),
            budget: Cell::new(0),
            generation: Cell::new(0),
            base_memory: Cell::new(0),
            spent: RefCell::new(Vec::new()),
            exceeded: Cell::new(false),
            suspended: Cell::new(false),
            limits,
            chunks: RefCell::new(Vec::new()),
            errors: RefCell::new(Vec::new()),
            seen: RefCell::new(HashSet::new()),
            log: RefCell::new(Log::default()),
            roots: RefCell::new(Vec::new()),
            budget_msg: RefCell::new(String::new()),
            copied: Cell::new(0),
            caches: RefCell::new(None),
            timing: Cell::new(false),
            started: Cell::new(None),
            spent_time: Cell::new(std::time::Duration::ZERO),
        }
    }

    /// Pushes a frame for `card`; an outermost call gets a fresh instruction budget.
    pub fn enter(&self, ctx: Ctx, card: &Rc<str>, lua: &Lua) -> Frame<'_> {
        let mut s = self.ctx.borrow_mut();
        if s.is_empty() {
            self.budget
                .set(i64::try_from(self.limits.instructions).unwrap_or(i64::MAX));
            self.exceeded.set(false);
            self.copied.set(0);
            self.base_memory.set(lua.used_memory());
            self.generation.set(self.generation.get() + 1);
            if self.timing.get() {
                self.started.set(Some(std::time::Instant::now()));
            }
        }
        s.push(ctx);
        self.cards.borrow_mut().push(Rc::clone(card));
        Frame { sh: self }
    }

    /// The instruction hook: charges [`HOOK_STEP`] instructions (more while the call has grown
    /// the state's memory past [`MEMORY_FREE`]) and fails once the budget is used up.
    pub fn count_instructions(&self, lua: &Lua) -> mlua::Result<VmState> {
        if self.exceeded.get() {
            return Err(budget_error(lua, self.limits.instructions));
        }
        let grown = lua
            .used_memory()
            .saturating_sub(self.base_memory.get())
            .saturating_sub(MEMORY_FREE);
        let weight = 1 + i64::try_from(grown / MEMORY_STEP).unwrap_or(i64::MAX);
        let left = self
            .budget
            .get()
            .saturating_sub(weight.saturating_mul(i64::from(HOOK_STEP)));
        self.budget.set(left);
        if left < 0 {
            return Err(self.exhaust(lua, &where_hook(lua)));
        }
        Ok(VmState::Continue)
    }

    /// The error of an ability that already used up a budget (it no longer runs).
    pub fn spent_error(&self, origin: &Origin) -> Option<ScriptError> {
        let spent = self.spent.borrow();
        if !spent
            .iter()
            .any(|(file, line)| Rc::ptr_eq(file, &origin.file) && *line == origin.line)
        {
            return None;
        }
        Some(ScriptError {
            kind: ErrorKind::Budget,
            card: origin.card.to_string(),
            file: origin.file.to_string(),
            line: origin.line,
            message: format!(
                "this ability used up its instruction budget of {} earlier, so it no longer runs",
                self.limits.instructions
            ),
            traceback: String::new(),
        })
    }

    /// The result of a call made for `origin` as a script error: a used-up budget fails the call
    /// even when the script caught the error, and marks the ability of an outermost call as
    /// spent.
    pub fn finish<R>(&self, res: mlua::Result<R>, origin: &Origin) -> Result<R, ScriptError> {
        if self.exceeded() && self.ctx.borrow().len() == 1 {
            self.spent
                .borrow_mut()
                .push((Rc::clone(&origin.file), origin.line));
        }
        match res {
            Ok(_) if self.exceeded() => {
                // The script swallowed the budget error with pcall: it still failed.
                let msg = self.budget_msg.borrow().clone();
                let e = mlua::Error::runtime(msg.trim_start_matches("runtime error: "));
                Err(self.script_error(&e, origin))
            }
            Ok(v) => Ok(v),
            Err(e) => Err(self.script_error(&e, origin)),
        }
    }

    /// The number of the current outermost call.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Instructions left in the current call's budget.
    pub fn remaining(&self) -> u64 {
        u64::try_from(self.budget.get()).unwrap_or(0)
    }

    /// The card whose script is running (for tagging `print` lines).
    pub fn current_card(&self) -> Rc<str> {
        self.cards
            .borrow()
            .last()
            .cloned()
            .unwrap_or_else(|| Rc::from(""))
    }

    /// Charges `n` instructions' worth of work to the running call; fails once the budget is
    /// used up (and from then on, like the instruction hook).
    pub fn charge(&self, lua: &Lua, n: u64) -> mlua::Result<()> {
        self.live(lua)?;
        let left = self
            .budget
            .get()
            .saturating_sub(i64::try_from(n).unwrap_or(i64::MAX));
        self.budget.set(left);
        if left < 0 && !self.ctx.borrow().is_empty() {
            return Err(self.exhaust(lua, &where_(lua)));
        }
        Ok(())
    }

    /// Charges `bytes` about to be copied from Lua values into the engine (strings handed to an
    /// engine function, text built on the host side) to the card's memory cap before they are
    /// copied: the copies of one outermost call and the Lua state together stay within it, so
    /// handing one huge string many times cannot grow the host's memory. Also charges the copy
    /// to the instruction budget. `what` names the function for the error.
    pub fn copy_in(&self, lua: &Lua, bytes: usize, what: &str) -> mlua::Result<()> {
        let copied = self.copied.get().saturating_add(bytes);
        let total = lua.used_memory().saturating_add(copied);
        if total > self.limits.memory {
            return Err(misuse(
                lua,
                format!(
                    "{what}: the values handed to the engine in this call would take {copied} \
                     bytes on the host besides the script's {} bytes, past the card's memory \
                     cap of {} bytes (each value is copied, also the same long string passed \
                     many times); pass short strings",
                    lua.used_memory(),
                    self.limits.memory
                ),
            ));
        }
        self.copied.set(copied);
        self.charge(lua, bytes as u64 / 256)
    }

    /// Marks the budget as used up and returns the error saying so.
    fn exhaust(&self, lua: &Lua, at: &str) -> mlua::Error {
        self.exceeded.set(true);
        let e = budget_error_at(lua, at, self.limits.instructions);
        *self.budget_msg.borrow_mut() = e.to_string();
        e
    }

    /// The top frame.
    pub fn top(&self) -> Option<Ctx> {
        self.ctx.borrow().last().copied()
    }

    /// Whether the budget of the current outermost call is used up.
    pub fn exceeded(&self) -> bool {
        self.exceeded.get()
    }

    /// Runs `f` with a view of the game as the top frame sees it.
    pub fn view<R>(
        &self,
        lua: &Lua,
        what: &str,
        f: impl FnOnce(&Query<'_>) -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        self.live(lua)?;
        match self.top() {
            Some(Ctx::Query(v)) => f(&v),
            Some(Ctx::Effect(p)) => {
                // SAFETY: the pointer was made from a `&mut Resolve` that outlives its frame,
                // and only the top frame is ever dereferenced: no `&mut` to it is alive while
                // this shared reference is (Lua runs one callback at a time, and nested Lua
                // calls push their own frame).
                let r = unsafe { p.as_ref() };
                f(&r.view())
            }
            Some(Ctx::Load) | None => Err(misuse(
                lua,
                format!(
                    "{what} needs a game: it works while an ability runs, not at the top level \
                     of a card script"
                ),
            )),
        }
    }

    /// Runs `f` with the resolving effect, if the top frame is one.
    pub fn resolve<R>(
        &self,
        lua: &Lua,
        what: &str,
        f: impl FnOnce(&mut Resolve<'_>) -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        self.live(lua)?;
        if self.suspended.get() {
            return Err(misuse(
                lua,
                format!("g:{what} after a choice suspended the effect (do not catch suspensions)"),
            ));
        }
        match self.top() {
            Some(Ctx::Effect(mut p)) => {
                // SAFETY: as in `view`; this is the only reference made from the pointer
                // until `f` returns, and nested Lua calls inside `f` see their own frames.
                let r = unsafe { p.as_mut() };
                f(r)
            }
            _ => Err(misuse(
                lua,
                format!(
                    "g:{what} only works while an effect resolves (not in a ★ hook, a trigger \
                     condition, a filter or at load time)"
                ),
            )),
        }
    }

    /// Fails once the budget is used up, so scripts cannot outrun it through API calls.
    pub fn live(&self, lua: &Lua) -> mlua::Result<()> {
        if self.exceeded.get() {
            Err(budget_error(lua, self.limits.instructions))
        } else {
            Ok(())
        }
    }

    /// Records a runtime error from a hook (first occurrence of each distinct error only).
    pub fn record(&self, mut e: ScriptError) {
        e.message = truncate(&e.message, MAX_MESSAGE);
        e.traceback = truncate(&e.traceback, MAX_MESSAGE);
        let key = (e.card.clone(), e.file.clone(), e.line, e.message.clone());
        let mut seen = self.seen.borrow_mut();
        if seen.len() < MAX_LOGGED && seen.insert(key) {
            self.errors.borrow_mut().push(e);
        }
    }

    /// The recorded errors.
    pub fn errors(&self) -> Vec<ScriptError> {
        self.errors.borrow().clone()
    }

    /// Removes and returns the recorded errors.
    pub fn take_errors(&self) -> Vec<ScriptError> {
        self.seen.borrow_mut().clear();
        std::mem::take(&mut *self.errors.borrow_mut())
    }

    /// The cached Lua table behind `key`.
    pub fn cache(&self, lua: &Lua, pick: fn(&Caches) -> &RegistryKey) -> mlua::Result<Table> {
        let c = self.caches.borrow();
        let c = c
            .as_ref()
            .ok_or_else(|| mlua::Error::runtime("object caches not initialised"))?;
        lua.registry_value(pick(c))
    }

    /// Converts an mlua error into a typed script error for `origin`.
    pub fn script_error(&self, e: &mlua::Error, origin: &Origin) -> ScriptError {
        let (mut kind, text, extra_tb) = classify(e);
        if self.exceeded.get() {
            kind = ErrorKind::Budget;
        }
        let (mut message, mut traceback) = split_traceback(&text);
        if traceback.is_empty() {
            traceback = extra_tb;
        }
        let chunks = self.chunks.borrow();
        let (file, line) = if let Some((f, l, range)) = find_location(&message, &chunks) {
            if range.start == 0 {
                message = message[range.end..].to_owned();
            }
            (f, Some(l))
        } else if let Some((f, l, _)) = find_location(&traceback, &chunks) {
            (f, Some(l))
        } else {
            (origin.file.to_string(), origin.line)
        };
        if let Some(hint) = suggestion(&message) {
            message = format!("{message}; {hint}");
        }
        ScriptError {
            kind,
            card: origin.card.to_string(),
            file,
            line,
            message: truncate(&message, MAX_MESSAGE),
            traceback: truncate(&traceback, MAX_MESSAGE),
        }
    }
}

/// [`Shared::copy_in`] for a callback that reaches the shared state through the Lua state (see
/// [`install`]).
pub(crate) fn copy_in(lua: &Lua, bytes: usize, what: &str) -> mlua::Result<()> {
    let sh = lua
        .app_data_ref::<Rc<Shared>>()
        .map(|s| Rc::clone(&s))
        .ok_or_else(|| mlua::Error::runtime("the script state has no shared state"))?;
    sh.copy_in(lua, bytes, what)
}

/// A Lua string as a Rust string, copied only after [`copy_in`] charged it.
pub(crate) fn copied_string(lua: &Lua, s: &mlua::LuaString, what: &str) -> mlua::Result<String> {
    copy_in(lua, s.as_bytes().len(), what)?;
    Ok(s.to_string_lossy())
}

/// Lets callbacks that are given only the Lua state reach `sh` (for [`copy_in`]).
pub(crate) fn install(lua: &Lua, sh: &Rc<Shared>) {
    lua.set_app_data(Rc::clone(sh));
}

/// Walks an mlua error down to its cause: (kind, message possibly with traceback, traceback of
/// an enclosing callback).
fn classify(e: &mlua::Error) -> (ErrorKind, String, String) {
    match e {
        mlua::Error::SyntaxError { message, .. } => {
            (ErrorKind::Syntax, message.clone(), String::new())
        }
        mlua::Error::RuntimeError(m) => (ErrorKind::Runtime, m.clone(), String::new()),
        mlua::Error::MemoryError(m) => (ErrorKind::Memory, m.clone(), String::new()),
        mlua::Error::CallbackError { traceback, cause } => {
            let (k, m, tb) = classify(cause);
            (k, m, if tb.is_empty() { traceback.clone() } else { tb })
        }
        mlua::Error::WithContext { cause, .. } => classify(cause),
        mlua::Error::ExternalError(inner) => {
            if let Some(m) = inner.downcast_ref::<Misuse>() {
                (ErrorKind::Misuse, m.0.clone(), String::new())
            } else if let Some(e) = inner.downcast_ref::<mlua::Error>() {
                classify(e)
            } else {
                (ErrorKind::Runtime, inner.to_string(), String::new())
            }
        }
        mlua::Error::BadArgument { .. }
        | mlua::Error::FromLuaConversionError { .. }
        | mlua::Error::UserDataTypeMismatch
        | mlua::Error::UserDataDestructed
        | mlua::Error::UserDataBorrowError
        | mlua::Error::UserDataBorrowMutError
        | mlua::Error::CallbackDestructed
        | mlua::Error::RecursiveMutCallback
        | mlua::Error::CoroutineUnresumable => (ErrorKind::Misuse, e.to_string(), String::new()),
        other => (ErrorKind::Runtime, other.to_string(), String::new()),
    }
}

fn budget_error(lua: &Lua, n: u64) -> mlua::Error {
    budget_error_at(lua, &where_hook(lua), n)
}

fn budget_error_at(lua: &Lua, at: &str, n: u64) -> mlua::Error {
    let tb = lua
        .traceback(None, 1)
        .map(|s| truncate(&s.to_string_lossy(), MAX_MESSAGE))
        .unwrap_or_default();
    mlua::Error::runtime(format!(
        "{at}instruction budget of {n} exceeded (endless loop?)\n{tb}"
    ))
}

/// Like [`where_`] but from inside the instruction hook, where level 0 is the running function.
fn where_hook(lua: &Lua) -> String {
    lua.inspect_stack(0, |d| {
        let src = d.source();
        match (src.source, d.current_line()) {
            (Some(s), Some(line)) if s.starts_with('@') => format!("{}:{line}: ", &s[1..]),
            _ => String::new(),
        }
    })
    .unwrap_or_default()
}
