//! The identity of an ability across hot reloads: a key made from the text of the declaration
//! that made it.

use dzero_core::{Ability, AbilityKey, Grantable};

/// `a`, declared at `line` of the script `source`, with its identity across hot reloads: the
/// key of its declaration's text (◆ and ● abilities; see [`declaration_key`]).
pub(crate) fn keyed(a: Ability, source: &str, line: Option<u32>) -> Ability {
    match a {
        Ability::Triggered(t) => {
            Ability::Triggered(t.keyed(declaration_key(source, line, "trigger")))
        }
        Ability::Activated(x) => {
            Ability::Activated(x.keyed(declaration_key(source, line, "activated")))
        }
        Ability::Grantable(g) => {
            let key = declaration_key(source, line, "grantable");
            let ability = Box::new(match *g.ability {
                Ability::Triggered(t) => Ability::Triggered(t.keyed(key)),
                Ability::Activated(x) => Ability::Activated(x.keyed(key)),
                other => other,
            });
            Ability::Grantable(Grantable { ability, ..g })
        }
        other => other,
    }
}

/// The identity of the `card:<method>` declaration starting at `line` (1-based) of `source`:
/// a hash of the call's text up to its closing bracket, comments dropped and blank space folded,
/// so moving or re-indenting a declaration keeps its key and editing it changes it. Declarations
/// without a known line (or made alike in a loop) are told apart by position.
pub(crate) fn declaration_key(source: &str, line: Option<u32>, method: &str) -> AbilityKey {
    let Some(line) = line.filter(|&l| l >= 1) else {
        return AbilityKey::NONE;
    };
    let Some(start) = source
        .split_inclusive('\n')
        .take(line as usize - 1)
        .map(str::len)
        .try_fold(0usize, |acc, n| Some(acc + n))
        .filter(|&s| s < source.len())
    else {
        return AbilityKey::NONE;
    };
    let rest = &source[start..];
    let first = rest.split('\n').next().unwrap_or("");
    let from = first.find(&format!(":{method}")).unwrap_or(0);
    AbilityKey::of(method).then(&call_text(&rest.as_bytes()[from..]))
}

/// The level of a Lua long bracket (`[[`, `[==[`) opening `b`, if one does.
fn long_bracket(b: &[u8]) -> Option<usize> {
    let level = b.iter().skip(1).take_while(|&&c| c == b'=').count();
    (b.first() == Some(&b'[') && b.get(level + 1) == Some(&b'[')).then_some(level)
}

/// The index just past the long bracket of `level` closing in `b` from `i` (or the end).
fn skip_long(b: &[u8], i: usize, level: usize) -> usize {
    let close: Vec<u8> = std::iter::once(b']')
        .chain(std::iter::repeat_n(b'=', level))
        .chain(std::iter::once(b']'))
        .collect();
    b[i..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(b.len(), |p| i + p + close.len())
}

/// The tokens of Lua code from the start of `b` to the bracket closing its first `{` or `(`:
/// strings kept verbatim, comments dropped, runs of blank space folded to one space.
fn call_text(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut depth, mut i, mut space) = (0i32, 0usize, false);
    while i < b.len() {
        let c = b[i];
        if c == b'-' && b.get(i + 1) == Some(&b'-') {
            i = match long_bracket(&b[i + 2..]) {
                Some(level) => skip_long(b, i + 2, level),
                None => b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| i + p),
            };
            space = true;
            continue;
        }
        if c.is_ascii_whitespace() {
            space = true;
            i += 1;
            continue;
        }
        if space && !out.is_empty() {
            out.push(b' ');
        }
        space = false;
        let end = match c {
            b'"' | b'\'' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != c && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                (j + 1).min(b.len())
            }
            b'[' => long_bracket(&b[i..]).map_or(i + 1, |level| skip_long(b, i + level + 2, level)),
            _ => i + 1,
        };
        out.extend_from_slice(&b[i..end]);
        i = end;
        match c {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => {
                depth -= 1;
                if depth <= 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    out
}
