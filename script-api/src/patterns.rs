//! Lua 5.4 patterns (a port of `lstrlib.c`'s matcher) for the sandbox's `string.find`, `match`,
//! `gmatch` and `gsub`. Every matcher step is charged to the running call's instruction budget,
//! so catastrophic patterns (`("a"):rep(1e6):find(".-b")`) end with the budget error instead of
//! running for hours inside one C call.

use crate::runtime::{Shared, where_};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::rc::Rc;

const MAXCCALLS: usize = 200;
const MAXCAPTURES: usize = 32;
const CAP_UNFINISHED: isize = -1;
const CAP_POSITION: isize = -2;
const ESC: u8 = b'%';
const SPECIALS: &[u8] = b"^$*+?.([%-";

/// Why a match stopped early.
enum Stop {
    /// The budget ran out.
    Budget,
    /// The pattern is malformed.
    Bad(String),
}

type Res<T> = Result<T, Stop>;

struct Matcher<'a> {
    src: &'a [u8],
    pat: &'a [u8],
    level: usize,
    capture: [(usize, isize); MAXCAPTURES],
    depth: usize,
    steps: u64,
    limit: u64,
}

fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

fn class_matches(c: u8, cl: u8) -> bool {
    let res = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        _ => return cl == c,
    };
    if cl.is_ascii_uppercase() { !res } else { res }
}

impl<'a> Matcher<'a> {
    fn new(src: &'a [u8], pat: &'a [u8], limit: u64) -> Matcher<'a> {
        Matcher {
            src,
            pat,
            level: 0,
            capture: [(0, 0); MAXCAPTURES],
            depth: MAXCCALLS,
            steps: 0,
            limit,
        }
    }

    fn step(&mut self, n: u64) -> Res<()> {
        self.steps += n;
        if self.steps > self.limit {
            Err(Stop::Budget)
        } else {
            Ok(())
        }
    }

    fn class_end(&self, mut p: usize) -> Res<usize> {
        let c = at(self.pat, p);
        p += 1;
        match c {
            ESC => {
                if p >= self.pat.len() {
                    return Err(Stop::Bad("malformed pattern (ends with '%')".into()));
                }
                Ok(p + 1)
            }
            b'[' => {
                if at(self.pat, p) == b'^' {
                    p += 1;
                }
                loop {
                    if p >= self.pat.len() {
                        return Err(Stop::Bad("malformed pattern (missing ']')".into()));
                    }
                    let c = self.pat[p];
                    p += 1;
                    if c == ESC && p < self.pat.len() {
                        p += 1;
                    }
                    if at(self.pat, p) == b']' {
                        return Ok(p + 1);
                    }
                }
            }
            _ => Ok(p),
        }
    }

    /// `[...]` at `p` (its `]` at `ec`) contains `c`.
    fn bracket(&self, c: u8, mut p: usize, ec: usize) -> bool {
        let mut sig = true;
        if at(self.pat, p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                break;
            }
            let pc = self.pat[p];
            if pc == ESC {
                p += 1;
                if class_matches(c, at(self.pat, p)) {
                    return sig;
                }
            } else if at(self.pat, p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if pc <= c && c <= self.pat[p] {
                    return sig;
                }
            } else if pc == c {
                return sig;
            }
        }
        !sig
    }

    fn single(&self, s: usize, p: usize, ep: usize) -> bool {
        if s >= self.src.len() {
            return false;
        }
        let c = self.src[s];
        match self.pat[p] {
            b'.' => true,
            ESC => class_matches(c, at(self.pat, p + 1)),
            b'[' => self.bracket(c, p, ep - 1),
            pc => pc == c,
        }
    }

    fn do_match(&mut self, s: usize, p: usize) -> Res<Option<usize>> {
        if self.depth == 0 {
            return Err(Stop::Bad("pattern too complex".into()));
        }
        self.depth -= 1;
        let r = self.match_inner(s, p);
        self.depth += 1;
        r
    }

    fn match_inner(&mut self, mut s: usize, mut p: usize) -> Res<Option<usize>> {
        loop {
            self.step(1)?;
            if p >= self.pat.len() {
                return Ok(Some(s));
            }
            match self.pat[p] {
                b'(' => {
                    return if at(self.pat, p + 1) == b')' {
                        self.start_capture(s, p + 2, CAP_POSITION)
                    } else {
                        self.start_capture(s, p + 1, CAP_UNFINISHED)
                    };
                }
                b')' => return self.end_capture(s, p + 1),
                b'$' if p + 1 == self.pat.len() => {
                    return Ok((s == self.src.len()).then_some(s));
                }
                ESC if at(self.pat, p + 1) == b'b' => match self.balance(s, p + 2)? {
                    Some(ns) => {
                        s = ns;
                        p += 4;
                        continue;
                    }
                    None => return Ok(None),
                },
                ESC if at(self.pat, p + 1) == b'f' => {
                    p += 2;
                    if at(self.pat, p) != b'[' {
                        return Err(Stop::Bad("missing '[' after '%f' in pattern".into()));
                    }
                    let ep = self.class_end(p)?;
                    let prev = if s == 0 { 0 } else { self.src[s - 1] };
                    let cur = at(self.src, s);
                    if !self.bracket(prev, p, ep - 1) && self.bracket(cur, p, ep - 1) {
                        p = ep;
                        continue;
                    }
                    return Ok(None);
                }
                ESC if at(self.pat, p + 1).is_ascii_digit() => {
                    match self.match_capture(s, at(self.pat, p + 1))? {
                        Some(ns) => {
                            s = ns;
                            p += 2;
                            continue;
                        }
                        None => return Ok(None),
                    }
                }
                _ => {
                    let ep = self.class_end(p)?;
                    let suffix = at(self.pat, ep);
                    if !self.single(s, p, ep) {
                        if matches!(suffix, b'*' | b'?' | b'-') {
                            p = ep + 1;
                            continue;
                        }
                        return Ok(None);
                    }
                    match suffix {
                        b'?' => {
                            if let Some(r) = self.do_match(s + 1, ep + 1)? {
                                return Ok(Some(r));
                            }
                            p = ep + 1;
                        }
                        b'+' => return self.max_expand(s + 1, p, ep),
                        b'*' => return self.max_expand(s, p, ep),
                        b'-' => return self.min_expand(s, p, ep),
                        _ => {
                            s += 1;
                            p = ep;
                        }
                    }
                }
            }
        }
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> Res<Option<usize>> {
        let mut i = 0;
        while self.single(s + i, p, ep) {
            self.step(1)?;
            i += 1;
        }
        loop {
            if let Some(r) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(r));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, ep: usize) -> Res<Option<usize>> {
        loop {
            if let Some(r) = self.do_match(s, ep + 1)? {
                return Ok(Some(r));
            }
            if self.single(s, p, ep) {
                s += 1;
            } else {
                return Ok(None);
            }
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, what: isize) -> Res<Option<usize>> {
        if self.level >= MAXCAPTURES {
            return Err(Stop::Bad("too many captures".into()));
        }
        self.capture[self.level] = (s, what);
        self.level += 1;
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.level -= 1;
        }
        Ok(r)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Res<Option<usize>> {
        let Some(l) = (0..self.level)
            .rev()
            .find(|&l| self.capture[l].1 == CAP_UNFINISHED)
        else {
            return Err(Stop::Bad("invalid pattern capture".into()));
        };
        self.capture[l].1 = (s - self.capture[l].0) as isize;
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.capture[l].1 = CAP_UNFINISHED;
        }
        Ok(r)
    }

    fn balance(&mut self, s: usize, p: usize) -> Res<Option<usize>> {
        if p + 1 >= self.pat.len() {
            return Err(Stop::Bad(
                "malformed pattern (missing arguments to '%b')".into(),
            ));
        }
        if s >= self.src.len() || self.src[s] != self.pat[p] {
            return Ok(None);
        }
        let (b, e) = (self.pat[p], self.pat[p + 1]);
        let mut cont = 1;
        let mut i = s + 1;
        while i < self.src.len() {
            self.step(1)?;
            let c = self.src[i];
            if c == e {
                cont -= 1;
                if cont == 0 {
                    return Ok(Some(i + 1));
                }
            } else if c == b {
                cont += 1;
            }
            i += 1;
        }
        Ok(None)
    }

    fn match_capture(&mut self, s: usize, l: u8) -> Res<Option<usize>> {
        let l = self.check_capture(l)?;
        let (init, len) = self.capture[l];
        let len = len as usize;
        self.step(len as u64 / 16)?;
        if self.src.len() - s >= len && self.src[init..init + len] == self.src[s..s + len] {
            Ok(Some(s + len))
        } else {
            Ok(None)
        }
    }

    fn check_capture(&self, l: u8) -> Res<usize> {
        let l = l.wrapping_sub(b'1') as usize;
        if l >= self.level || self.capture[l].1 == CAP_UNFINISHED {
            return Err(Stop::Bad(format!(
                "invalid capture index %{}",
                l.wrapping_add(1)
            )));
        }
        Ok(l)
    }

    /// Capture `i` of the match `s..e` as a Lua value.
    fn capture_value(&self, lua: &Lua, i: usize, s: usize, e: usize) -> mlua::Result<Value> {
        if i >= self.level {
            if i != 0 {
                return Err(bad(lua, &format!("invalid capture index %{}", i + 1)));
            }
            return Ok(Value::String(lua.create_string(&self.src[s..e])?));
        }
        let (init, len) = self.capture[i];
        match len {
            CAP_UNFINISHED => Err(bad(lua, "unfinished capture")),
            CAP_POSITION => Ok(Value::Integer(init as i64 + 1)),
            l => Ok(Value::String(
                lua.create_string(&self.src[init..init + l as usize])?,
            )),
        }
    }

    /// All captures (or the whole match when there are none and `whole`).
    fn captures(&self, lua: &Lua, s: usize, e: usize, whole: bool) -> mlua::Result<Vec<Value>> {
        let n = if self.level == 0 && whole {
            1
        } else {
            self.level
        };
        (0..n).map(|i| self.capture_value(lua, i, s, e)).collect()
    }
}

fn bad(lua: &Lua, msg: &str) -> mlua::Error {
    mlua::Error::runtime(format!("{}{msg}", where_(lua)))
}

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
                add_value(lua, &m, &repl, pos, e, &mut out)?;
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
