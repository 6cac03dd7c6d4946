//! The Rust half of the sandbox: helpers the prelude builds the script API from (`live`,
//! `charge`, `keys`, `generation`) and the freezer that runs after every script load.
//!
//! After a load, every table reachable from the script's globals, from what it returned or
//! declared, and from the upvalues of the functions it left behind is frozen (read-only), and
//! every assignment to an upvalue of such a function is refused with a located error: no state
//! can outlive one call, so no game can see what an earlier one did.

use crate::bytecode::persistent_upvalue_writes;
use crate::context::Shared;
use crate::objects::values::{CardRef, PlayerRef, SquareRef};
use crate::runtime::Runtime;
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::cmp::Ordering;
use std::collections::HashSet;
use std::rc::Rc;

/// The named registry slot of the prelude's `thaw` (a plain copy of a declaration table).
pub(crate) const THAW: &str = "dzero.thaw";

/// Adds `live`, `charge`, `keys` and `generation` to `raw`.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>, raw: &Table) -> mlua::Result<()> {
    let s = Rc::clone(sh);
    raw.raw_set(
        "live",
        lua.create_function(move |lua, args: MultiValue| {
            s.live(lua)?;
            Ok(args)
        })?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "charge",
        lua.create_function(move |lua, n: f64| {
            let n = if n.is_finite() && n > 0.0 {
                n.min(1e18) as u64
            } else if n > 0.0 {
                u64::MAX
            } else {
                0
            };
            s.charge(lua, n)
        })?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "generation",
        lua.create_function(move |_, ()| Ok(s.generation()))?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "keys",
        lua.create_function(move |lua, t: Table| keys(lua, &s, &t))?,
    )?;
    Ok(())
}

/// Where a key sorts in a repeatable `pairs` order.
#[derive(PartialEq, PartialOrd)]
enum Rank {
    Bool(bool),
    Num(f64, i64),
    Str(Vec<u8>),
    Object(u8, i64),
}

fn rank(v: &Value) -> Option<Rank> {
    Some(match v {
        Value::Boolean(b) => Rank::Bool(*b),
        Value::Integer(i) => Rank::Num(*i as f64, *i),
        Value::Number(n) => Rank::Num(*n, 0),
        Value::String(s) => Rank::Str(s.as_bytes().to_vec()),
        Value::UserData(u) => {
            if let Ok(c) = u.borrow::<CardRef>() {
                Rank::Object(0, i64::from(c.0.0))
            } else if let Ok(p) = u.borrow::<PlayerRef>() {
                Rank::Object(1, p.0.index() as i64)
            } else if let Ok(s) = u.borrow::<SquareRef>() {
                Rank::Object(2, s.0.index() as i64)
            } else {
                return None;
            }
        }
        _ => return None,
    })
}

/// `nil` when every key of `t` is a string, number or boolean (iterate in raw order);
/// otherwise the keys in a repeatable order (primitive keys, then cards, players and squares
/// by id), or `false` and a message when some key has no repeatable order.
fn keys(lua: &Lua, sh: &Shared, t: &Table) -> mlua::Result<MultiValue> {
    let mut all = Vec::new();
    let mut primitive = true;
    for pair in t.pairs::<Value, Value>() {
        let (k, _) = pair?;
        primitive &= matches!(
            k,
            Value::Boolean(_) | Value::Integer(_) | Value::Number(_) | Value::String(_)
        );
        all.push(k);
    }
    sh.charge(lua, all.len() as u64 / 4)?;
    if primitive {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    }
    let mut ranked = Vec::with_capacity(all.len());
    for k in all {
        let Some(r) = rank(&k) else {
            return Ok(MultiValue::from_vec(vec![
                Value::Boolean(false),
                Value::String(lua.create_string(format!(
                    "pairs over a table keyed by {}s has no repeatable order; key it by card, \
                     player, square or id",
                    k.type_name()
                ))?),
            ]));
        };
        ranked.push((r, k));
    }
    let n = ranked.len() as u64;
    sh.charge(lua, n * (64 - n.leading_zeros()) as u64)?;
    ranked.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
    let out = lua.create_sequence_from(ranked.into_iter().map(|(_, k)| k))?;
    Ok(MultiValue::from_vec(vec![Value::Table(out)]))
}

/// What a loading script left behind, to be checked and frozen.
pub(crate) struct Leftovers {
    /// The chunk name (`@path`) of the script.
    pub chunk: String,
    /// The script's file, for messages.
    pub file: String,
    /// The script's environment.
    pub env: Table,
    /// Everything else the engine keeps: the returned value, declarations.
    pub roots: Vec<Value>,
    /// The script is a module (its tables are shared by every card).
    pub module: bool,
}

/// The prelude's private helpers used by the freezer.
pub(crate) struct Private {
    /// `freeze(t, mt)`: moves `t`'s contents away and returns its new metatable.
    pub freeze: Function,
    /// Frozen table -> hidden contents.
    pub hidden: Table,
    /// Proxy -> engine table.
    pub target_of: Table,
}

impl Private {
    /// Reads the helpers from the table the prelude returned.
    pub fn new(t: &Table) -> mlua::Result<Private> {
        Ok(Private {
            freeze: t.raw_get("freeze")?,
            hidden: t.raw_get("hidden")?,
            target_of: t.raw_get("target_of")?,
        })
    }
}

/// Checks what a script left behind (no coroutine, no assignment to a lasting upvalue) and
/// freezes every table in it. The error names the file and line of the first offence.
pub(crate) fn freeze_leftovers(rt: &Runtime, p: &Private, left: &Leftovers) -> mlua::Result<()> {
    let mut seen: HashSet<usize> = HashSet::new();
    seen.insert(left.env.to_pointer() as usize);
    let mut stack: Vec<(Value, Rc<str>)> = Vec::new();
    for pair in left.env.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let name: Rc<str> = match &k {
            Value::String(s) => Rc::from(format!("global '{}'", s.to_string_lossy())),
            _ => Rc::from("a global"),
        };
        stack.push((v, name));
    }
    for v in &left.roots {
        stack.push((v.clone(), Rc::from("a declaration or the returned value")));
    }
    let mut tables: Vec<(Table, Option<Table>)> = Vec::new();
    let mut checked: HashSet<Vec<u8>> = HashSet::new();
    while let Some((v, path)) = stack.pop() {
        let ptr = v.to_pointer() as usize;
        match &v {
            Value::Table(_) | Value::Function(_) | Value::Thread(_) => {
                if !seen.insert(ptr) {
                    continue;
                }
            }
            _ => continue,
        }
        match v {
            Value::Table(t) => {
                let key = Value::Table(t.clone());
                if !p.hidden.raw_get::<Value>(key.clone())?.is_nil()
                    || !p.target_of.raw_get::<Value>(key)?.is_nil()
                {
                    continue;
                }
                for pair in t.pairs::<Value, Value>() {
                    let (k, x) = pair?;
                    stack.push((k, Rc::clone(&path)));
                    stack.push((x, Rc::clone(&path)));
                }
                let mt = t.metatable();
                if let Some(m) = &mt {
                    stack.push((Value::Table(m.clone()), Rc::clone(&path)));
                }
                tables.push((t, mt));
            }
            Value::Function(f) => {
                let info = f.info();
                let own = info.source.as_deref() == Some(left.chunk.as_str());
                if info.what != "C" && !own {
                    continue;
                }
                let here: Rc<str> = match info.line_defined {
                    Some(l) if own => Rc::from(format!("the function at {}:{l}", left.file)),
                    _ => Rc::clone(&path),
                };
                if own {
                    let dump = f.dump(false);
                    if checked.insert(dump.clone()) {
                        check_writes(&dump, left)?;
                    }
                }
                for i in 1..=i64::from(info.num_upvalues) {
                    let (_, x): (Value, Value) = rt.getupvalue.call((f.clone(), i))?;
                    stack.push((x, Rc::clone(&here)));
                }
            }
            Value::Thread(_) => {
                return Err(mlua::Error::runtime(format!(
                    "{}: a coroutine made while the script loads is kept in {path}: it would \
                     carry its state from one game to the next; create coroutines inside the \
                     function that uses them",
                    left.file
                )));
            }
            _ => {}
        }
    }
    for (t, mt) in tables {
        let f: Table = p.freeze.call((t.clone(), mt, left.module))?;
        t.set_metatable(Some(f))?;
    }
    Ok(())
}

fn check_writes(dump: &[u8], left: &Leftovers) -> mlua::Result<()> {
    let writes = persistent_upvalue_writes(dump)
        .map_err(|e| mlua::Error::runtime(format!("{}: {e}", left.file)))?;
    if let Some(w) = writes.first() {
        let at = match w.line {
            Some(l) => format!("{}:{l}", left.file),
            None => left.file.clone(),
        };
        return Err(mlua::Error::runtime(format!(
            "{at}: assignment to '{}', a variable that outlives the script's load: it would \
             carry state from one call (and one game) to the next. Variables declared outside a \
             function are read-only once the script has loaded; keep lasting state in the game \
             (on cards, through the engine's API) and use locals inside the function for \
             scratch values",
            w.name
        )));
    }
    Ok(())
}
