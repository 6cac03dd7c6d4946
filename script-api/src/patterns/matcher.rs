//! The pattern matcher: a port of `lstrlib.c`'s, counting its steps against a limit.

use crate::error::where_;
use mlua::{Lua, Value};

/// Nested matching calls allowed (Lua's `MAXCCALLS`).
pub(crate) const MAXCCALLS: usize = 200;

const MAXCAPTURES: usize = 32;

const CAP_UNFINISHED: isize = -1;

const CAP_POSITION: isize = -2;

/// The pattern escape character.
pub(crate) const ESC: u8 = b'%';

/// Characters that make a pattern more than a plain string.
pub(crate) const SPECIALS: &[u8] = b"^$*+?.([%-";

/// Why a match stopped early.
pub(crate) enum Stop {
    /// The budget ran out.
    Budget,
    /// The pattern is malformed.
    Bad(String),
}

/// A matcher result, or why matching stopped.
pub(crate) type Res<T> = Result<T, Stop>;

/// The state of matching one pattern against one subject.
pub(crate) struct Matcher<'a> {
    /// The subject string.
    pub src: &'a [u8],
    /// The pattern.
    pub pat: &'a [u8],
    /// The number of captures opened so far.
    pub level: usize,
    /// Each capture's start and length (or [`CAP_UNFINISHED`] / [`CAP_POSITION`]).
    pub capture: [(usize, isize); MAXCAPTURES],
    /// Nested matching calls left before the pattern is too complex.
    pub depth: usize,
    /// Steps taken so far.
    pub steps: u64,
    /// Steps allowed.
    pub limit: u64,
}

/// The byte at `i`, or 0 past the end (like C's terminating NUL).
pub(crate) fn at(b: &[u8], i: usize) -> u8 {
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
    pub(crate) fn new(src: &'a [u8], pat: &'a [u8], limit: u64) -> Matcher<'a> {
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

    pub(crate) fn do_match(&mut self, s: usize, p: usize) -> Res<Option<usize>> {
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
    pub(crate) fn capture_value(
        &self,
        lua: &Lua,
        i: usize,
        s: usize,
        e: usize,
    ) -> mlua::Result<Value> {
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
    pub(crate) fn captures(
        &self,
        lua: &Lua,
        s: usize,
        e: usize,
        whole: bool,
    ) -> mlua::Result<Vec<Value>> {
        let n = if self.level == 0 && whole {
            1
        } else {
            self.level
        };
        (0..n).map(|i| self.capture_value(lua, i, s, e)).collect()
    }
}

/// A runtime error located at the calling Lua line.
pub(crate) fn bad(lua: &Lua, msg: &str) -> mlua::Error {
    mlua::Error::runtime(format!("{}{msg}", where_(lua)))
}
