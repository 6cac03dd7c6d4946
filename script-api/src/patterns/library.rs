//! `string.find`, `match`, `gmatch` and `gsub` for the sandbox: Lua's argument rules, matched
//! with [`Matcher`] under the running call's budget.

use crate::context::Shared;
use crate::patterns::matcher::{ESC, MAXCCALLS, Matcher, Res, SPECIALS, Stop, at, bad};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// Runs `f` with a matcher limited to the budget left, then charges the steps it took.
fn with_budget<T>(lua: &Lua, sh: &Shared, f: impl FnOnce(u64) -> (Res<T>, u64)) -> mlua::Result<T> {
    sh.live(lua)?;
    let (res, steps) = f(sh.remaining());
    match res {
        Ok(v) => {
            sh.charge(lua, steps)?;
            Ok(v)
        }
        Err(Stop::Budget) => {
            sh.charge(lua, steps.max(sh.remaining() + 1))?;
            Err(bad(lua, "pattern matching exceeded the budget"))
        }
        Err(Stop::Bad(m)) => Err(bad(lua, &m)),
    }
}

fn string_arg(lua: &Lua, v: &Value, n: usize, fname: &str) -> mlua::Result<mlua::LuaString> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Integer(_) | Value::Number(_) => lua
            .coerce_string(v.clone())?
            .ok_or_else(|| bad(lua, "number has no string form")),
        other => Err(bad(
            lua,
            &format!(
                "bad argument #{n} to '{fname}' (string expected, got {})",
                other.type_name()
            ),
        )),
    }
}

fn int_arg(lua: &Lua, v: Option<&Value>, n: usize, fname: &str, def: i64) -> mlua::Result<i64> {
    match v {
        None | Some(Value::Nil) => Ok(def),
        Some(Value::Integer(i)) => Ok(*i),
        Some(Value::Number(f)) if f.fract() == 0.0 && f.abs() < 9.2e18 => Ok(*f as i64),
        Some(other) => Err(bad(
            lua,
            &format!(
                "bad argument #{n} to '{fname}' (number expected, got {})",
                other.type_name()
            ),
        )),
    }
}

/// Lua's `posrelatI`: a 1-based start position for a string of length `len`.
fn start_pos(pos: i64, len: usize) -> usize {
    if pos > 0 {
        pos as usize
    } else if pos == 0 || pos < -(len as i64) {
        1
    } else {
        (len as i64 + pos + 1) as usize
    }
}

/// Naive substring search with every window compared charged as a step.
fn plain_find(hay: &[u8], needle: &[u8], limit: u64) -> (Res<Option<usize>>, u64) {
    let mut steps = 0u64;
    if needle.is_empty() {
        return (Ok(Some(0)), 0);
    }
    if needle.len() > hay.len() {
        return (Ok(None), 0);
    }
    for i in 0..=hay.len() - needle.len() {
        steps += 1;
        if hay[i] == needle[0] {
            let same = hay[i..i + needle.len()]
                .iter()
                .zip(needle)
                .take_while(|(a, b)| a == b)
                .count();
            steps += same as u64 / 16;
            if same == needle.len() {
                return (Ok(Some(i)), steps);
            }
        }
        if steps > limit {
            return (Err(Stop::Budget), steps);
        }
    }
    (Ok(None), steps)
}

fn find_aux(lua: &Lua, sh: &Shared, args: MultiValue, find: bool) -> mlua::Result<MultiValue> {
    let fname = if find { "find" } else { "match" };
    let args: Vec<Value> = args.into_iter().collect();
    let nil = Value::Nil;
    let s = string_arg(lua, args.first().unwrap_or(&nil), 1, fname)?;
    let p = string_arg(lua, args.get(1).unwrap_or(&nil), 2, fname)?;
    let (s, p) = (s.as_bytes(), p.as_bytes());
    let init = start_pos(int_arg(lua, args.get(2), 3, fname, 1)?, s.len()) - 1;
    if init > s.len() {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    }
    let plain = args
        .get(3)
        .is_some_and(|v| v.as_boolean().unwrap_or(!v.is_nil()));
    if find && (plain || !p.iter().any(|c| SPECIALS.contains(c))) {
        let found = with_budget(lua, sh, |limit| plain_find(&s[init..], &p, limit))?;
        return Ok(MultiValue::from_vec(match found {
            Some(i) => vec![
                Value::Integer((init + i + 1) as i64),
                Value::Integer((init + i + p.len()) as i64),
            ],
            None => vec![Value::Nil],
        }));
    }
    let (anchor, pat) = match p.first() {
        Some(b'^') => (true, &p[1..]),
        _ => (false, &p[..]),
    };
    let src: &[u8] = &s;
    let found = with_budget(lua, sh, |limit| {
        let mut m = Matcher::new(src, pat, limit);
        let mut s1 = init;
        let r = loop {
            m.level = 0;
            m.depth = MAXCCALLS;
            match m.do_match(s1, 0) {
                Ok(Some(e)) => break Ok(Some((s1, e, m.level, m.capture))),
                Ok(None) => {}
                Err(e) => break Err(e),
            }
            s1 += 1;
            if anchor || s1 > src.len() {
                break Ok(None);
            }
        };
        (r, m.steps)
    })?;
    let Some((s1, e, level, capture)) = found else {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    };
    let mut m = Matcher::new(src, pat, 0);
    m.level = level;
    m.capture = capture;
    if find {
        let mut out = vec![Value::Integer(s1 as i64 + 1), Value::Integer(e as i64)];
        out.extend(m.captures(lua, s1, e, false)?);
        Ok(MultiValue::from_vec(out))
    } else {
        Ok(MultiValue::from_vec(m.captures(lua, s1, e, true)?))
    }
}

/// Appends the replacement for the match `s..e` to `out`; whether it changed anything.
fn add_value(
    lua: &Lua,
    m: &Matcher<'_>,
    repl: &Value,
    s: usize,
    e: usize,
    out: &mut Vec<u8>,
) -> mlua::Result<()> {
    let v = match repl {
        Value::Table(t) => {
            let k = m.capture_value(lua, 0, s, e)?;
            t.get::<Value>(k)?
        }
        Value::Function(f) => {
            let caps = m.captures(lua, s, e, true)?;
            f.call::<Value>(MultiValue::from_vec(caps))?
        }
        other => {
            let r = string_arg(lua, other, 3, "gsub")?;
            let r = r.as_bytes();
            let mut i = 0;
            while i < r.len() {
                let c = r[i];
                i += 1;
                if c != ESC {
                    out.push(c);
                    continue;
                }
                let d = at(&r, i);
                i += 1;
                if d == ESC {
                    out.push(ESC);
                } else if d == b'0' {
                    out.extend_from_slice(&m.src[s..e]);
                } else if d.is_ascii_digit() {
                    let v = m.capture_value(lua, usize::from(d - b'1'), s, e)?;
                    match v {
                        Value::String(x) => out.extend_from_slice(&x.as_bytes()),
                        Value::Integer(n) => out.extend_from_slice(n.to_string().as_bytes()),
                        _ => {}
                    }
                } else {
                    return Err(bad(lua, "invalid use of '%' in replacement string"));
                }
            }
            return Ok(());
        }
    };
    match v {
        Value::Nil | Value::Boolean(false) => out.extend_from_slice(&m.src[s..e]),
        Value::String(x) => out.extend_from_slice(&x.as_bytes()),
        Value::Integer(_) | Value::Number(_) => {
            if let Some(x) = lua.coerce_string(v)? {
                out.extend_from_slice(&x.as_bytes());
            }
        }
        other => {
            return Err(bad(
                lua,
                &format!("invalid replacement value (a {})", other.type_name()),
            ));
        }
    }
    Ok(())
}

fn gsub(lua: &Lua, sh: &Shared, args: MultiValue) -> mlua::Result<(mlua::LuaString, i64)> {
    let args: Vec<Value> = args.into_iter().collect();
    let nil = Value::Nil;
    let src_s = string_arg(lua, args.first().unwrap_or(&nil), 1, "gsub")?;
    let p = string_arg(lua, args.get(1).unwrap_or(&nil), 2, "gsub")?;
    let repl = args.get(2).cloned().unwrap_or(Value::Nil);
    if !matches!(
        repl,
        Value::String(_)
            | Value::Integer(_)
            | Value::Number(_)
            | Value::Table(_)
            | Value::Function(_)
    ) {
        return Err(bad(
            lua,
            &format!(
                "bad argument #3 to 'gsub' (string/function/table expected, got {})",
                repl.type_name()
            ),
        ));
    }
    let src = src_s.as_bytes();
    let p = p.as_bytes();
    let max_s = int_arg(lua, args.get(3), 4, "gsub", src.len() as i64 + 1)?;
    let (anchor, pat) = match p.first() {
        Some(b'^') => (true, &p[1..]),
        _ => (false, &p[..]),
    };
    let mut out = Vec::new();
    let mut pos = 0usize;
    let mut last: Option<usize> = None;
    let mut n = 0i64;
    while n < max_s {
        let found = with_budget(lua, sh, |limit| {
            let mut m = Matcher::new(&src, pat, limit);
            let r = m
                .do_match(pos, 0)
                .map(|e| e.map(|e| (e, m.level, m.capture)));
            (r, m.steps)
        })?;
        match found {
            Some((e, level, capture)) if Some(e) != last => {
                n += 1;
                let mut m = Matcher::new(&src, pat, 0);
                m.level = level;
                m.capture = capture;
                let before = out.len();
                add_value(lua, &m, &repl, pos, e, &mut out)?;
                sh.copy_in(lua, out.len() - before, "string.gsub")?;
                sh.charge(lua, (out.len() / 64) as u64)?;
                pos = e;
                last = Some(e);
            }
            _ if pos < src.len() => {
                out.push(src[pos]);
                pos += 1;
            }
            _ => break,
        }
        if anchor {
            break;
        }
    }
    out.extend_from_slice(&src[pos..]);
    sh.charge(lua, (out.len() / 16) as u64)?;
    Ok((lua.create_string(&out)?, n))
}

fn gmatch(lua: &Lua, sh: &Rc<Shared>, args: MultiValue) -> mlua::Result<Function> {
    let args: Vec<Value> = args.into_iter().collect();
    let nil = Value::Nil;
    let s = string_arg(lua, args.first().unwrap_or(&nil), 1, "gmatch")?;
    let p = string_arg(lua, args.get(1).unwrap_or(&nil), 2, "gmatch")?;
    let len = s.as_bytes().len();
    let mut pos = start_pos(int_arg(lua, args.get(2), 3, "gmatch", 1)?, len) - 1;
    if pos > len {
        pos = len + 1;
    }
    let sh = Rc::clone(sh);
    let made_in = sh.generation();
    let mut last: Option<usize> = None;
    lua.create_function_mut(move |lua, ()| {
        if sh.generation() != made_in {
            return Err(bad(
                lua,
                "a gmatch iterator only works during the call that made it",
            ));
        }
        let src = s.as_bytes();
        let pat = p.as_bytes();
        let start = pos;
        let found = with_budget(lua, &sh, |limit| {
            let mut m = Matcher::new(&src, &pat, limit);
            let mut from = start;
            let r = loop {
                if from > src.len() {
                    break Ok(None);
                }
                m.level = 0;
                m.depth = MAXCCALLS;
                match m.do_match(from, 0) {
                    Ok(Some(e)) if Some(e) != last => {
                        break Ok(Some((from, e, m.level, m.capture)));
                    }
                    Ok(_) => from += 1,
                    Err(e) => break Err(e),
                }
            };
            (r, m.steps)
        })?;
        match found {
            Some((from, e, level, capture)) => {
                pos = e;
                last = Some(e);
                let mut m = Matcher::new(&src, &pat, 0);
                m.level = level;
                m.capture = capture;
                Ok(MultiValue::from_vec(m.captures(lua, from, e, true)?))
            }
            None => {
                pos = src.len() + 1;
                Ok(MultiValue::from_vec(vec![Value::Nil]))
            }
        }
    })
}

/// Adds `find`, `match`, `gmatch` and `gsub` to `raw`.
pub(crate) fn register(lua: &Lua, sh: &Rc<Shared>, raw: &Table) -> mlua::Result<()> {
    let s = Rc::clone(sh);
    raw.raw_set(
        "find",
        lua.create_function(move |lua, a: MultiValue| find_aux(lua, &s, a, true))?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "match",
        lua.create_function(move |lua, a: MultiValue| find_aux(lua, &s, a, false))?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "gsub",
        lua.create_function(move |lua, a: MultiValue| gsub(lua, &s, a))?,
    )?;
    let s = Rc::clone(sh);
    raw.raw_set(
        "gmatch",
        lua.create_function(move |lua, a: MultiValue| gmatch(lua, &s, a))?,
    )?;
    Ok(())
}
