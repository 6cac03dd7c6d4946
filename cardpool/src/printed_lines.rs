//! A card's printed text split into its lines, each with its place in the card file, so that a
//! problem in a line is shown where the designer wrote it (also inside a `"…\n…"` string with
//! escapes, or a `"""…"""` one).

use crate::diag::FileText;
use std::ops::Range;
use toml::Spanned;

/// One non-empty line of a card's printed text.
#[derive(Clone, Debug)]
pub(crate) struct PrintedLine {
    /// 1-based among the non-empty lines of the text (what `line = N` in a script names).
    pub number: u32,
    /// The line without surrounding white space.
    pub text: String,
    /// Whether the line is wholly reminder text, inside `（…）` or `(…)`: not an ability.
    pub reminder: bool,
    /// File offset of each byte of `text`, and of its end.
    offsets: Vec<usize>,
}

impl PrintedLine {
    /// The file byte range of the byte range `r` of the line's text.
    pub fn span(&self, r: Range<usize>) -> Range<usize> {
        let at = |i: usize| self.offsets[i.min(self.offsets.len() - 1)];
        let start = at(r.start);
        start..at(r.end).max(start)
    }

    /// The file byte range of the whole line.
    pub fn whole(&self) -> Range<usize> {
        self.span(0..self.text.len())
    }

    /// The line shortened for a message: its first 24 characters.
    pub fn short(&self) -> String {
        let mut s: String = self.text.chars().take(24).collect();
        if s.len() < self.text.len() {
            s.push('…');
        }
        s
    }
}

/// Whether `line` is wholly one parenthesised remark: `（…）` or `(…)`.
fn is_reminder(line: &str) -> bool {
    let pairs = [('（', '）'), ('(', ')')];
    pairs.iter().any(|&(open, close)| {
        let Some(inner) = line.strip_prefix(open).and_then(|l| l.strip_suffix(close)) else {
            return false;
        };
        // The first opening must close at the very end, not earlier: 「（a）b（c）」 is not one.
        let mut depth = 1usize;
        for c in inner.chars() {
            if c == open || c == '（' || c == '(' {
                depth += 1;
            } else if c == close || c == '）' || c == ')' {
                depth -= 1;
                if depth == 0 {
                    return false;
                }
            }
        }
        true
    })
}

/// The non-empty lines of the text field `field` of the card file `ft`.
pub(crate) fn lines(ft: &FileText<'_>, field: &Spanned<String>) -> Vec<PrintedLine> {
    let text = field.get_ref();
    let span = field.span();
    let raw = ft.text.get(span.clone()).unwrap_or("");
    let offsets = match decode(raw) {
        Some((decoded, offs)) if decoded == *text => offs.iter().map(|o| o + span.start).collect(),
        // A value the scanner does not follow: every line is located at the value.
        _ => vec![span.start; text.len() + 1],
    };
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split('\n') {
        let end = start + piece.len();
        let trimmed = piece.trim();
        if !trimmed.is_empty() {
            let from = start + (piece.len() - piece.trim_start().len());
            let to = from + trimmed.len();
            out.push(PrintedLine {
                number: out.len() as u32 + 1,
                text: trimmed.to_owned(),
                reminder: is_reminder(trimmed),
                offsets: offsets[from..=to].to_vec(),
            });
        }
        start = end + 1;
    }
    out
}

/// Decodes a TOML string as written (`raw`, quotes included): the value, and for each of its
/// bytes (and its end) the offset in `raw` it came from. `None` for what is not a string.
fn decode(raw: &str) -> Option<(String, Vec<usize>)> {
    let (quote, multi) = if raw.starts_with("\"\"\"") {
        ('"', true)
    } else if raw.starts_with("'''") {
        ('\'', true)
    } else if raw.starts_with('"') {
        ('"', false)
    } else if raw.starts_with('\'') {
        ('\'', false)
    } else {
        return None;
    };
    let open = if multi { 3 } else { 1 };
    let mut i = open;
    let end = raw.len().checked_sub(open)?;
    if multi {
        // A newline right after the opening quotes is not part of the value.
        if raw[i..].starts_with("\r\n") {
            i += 2;
        } else if raw[i..].starts_with('\n') {
            i += 1;
        }
    }
    let mut out = String::new();
    let mut offs = Vec::new();
    let push = |out: &mut String, offs: &mut Vec<usize>, c: char, at: usize| {
        out.push(c);
        offs.extend(std::iter::repeat_n(at, c.len_utf8()));
    };
    while i < end {
        let c = raw[i..].chars().next()?;
        if c == '\\' && quote == '"' {
            let rest = &raw[i + 1..];
            let e = rest.chars().next()?;
            let simple = match e {
                'b' => Some('\u{8}'),
                't' => Some('\t'),
                'n' => Some('\n'),
                'f' => Some('\u{c}'),
                'r' => Some('\r'),
                'e' => Some('\u{1b}'),
                '"' => Some('"'),
                '\\' => Some('\\'),
                _ => None,
            };
            if let Some(s) = simple {
                push(&mut out, &mut offs, s, i);
                i += 2;
            } else if let Some(n) = match e {
                'x' => Some(2),
                'u' => Some(4),
                'U' => Some(8),
                _ => None,
            } {
                let hex = rest.get(1..1 + n)?;
                let ch = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                push(&mut out, &mut offs, ch, i);
                i += 2 + n;
            } else if multi && e.is_whitespace() {
                // A line-ending backslash: the newline and the white space after it vanish.
                i += 1;
                while let Some(w) = raw[i..end].chars().next().filter(|w| w.is_whitespace()) {
                    i += w.len_utf8();
                }
            } else {
                return None;
            }
        } else {
            push(&mut out, &mut offs, c, i);
            i += c.len_utf8();
        }
    }
    offs.push(end);
    Some((out, offs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn split(file: &str) -> Vec<PrintedLine> {
        let start = file.find('=').unwrap() + 2;
        let value: toml::Value = toml::from_str(file).unwrap();
        let text = value["text"].as_str().unwrap().to_owned();
        let field = Spanned::new(start..file.trim_end().len(), text);
        lines(&FileText::new(Path::new("c.toml"), file), &field)
    }

    #[test]
    fn lines_are_located_in_every_string_form() {
        for file in [
            "text = \"加速\\n ★ パワー+1000\"\n",
            "text = \"\"\"\n加速\n ★ パワー+1000\n\"\"\"\n",
            "text = '''加速\n ★ パワー+1000'''\n",
            "text = \"\\u52a0速\\n ★ パワー+1000\"\n",
        ] {
            let ls = split(file);
            assert_eq!(ls.len(), 2, "{file}");
            assert_eq!(ls[1].text, "★ パワー+1000");
            assert_eq!(ls[1].number, 2);
            let at = file.find('★').unwrap();
            assert_eq!(ls[1].whole(), at..at + "★ パワー+1000".len(), "{file}");
            assert_eq!(&file[ls[1].span(4..7)], "パ", "{file}");
        }
    }

    #[test]
    fn reminder_lines() {
        assert!(is_reminder("（バニラ）"));
        assert!(is_reminder("(invented)"));
        assert!(is_reminder("（a（b）c）"));
        assert!(!is_reminder("（a）b（c）"));
        assert!(!is_reminder("禁呪2（デッキには…）"));
        assert!(!is_reminder("★ パワー+1000"));
    }
}
