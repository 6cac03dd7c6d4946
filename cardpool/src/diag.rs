//! Problems found in set files: file, line, column, card, message and a source snippet.

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, SourceSpan};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One problem in a set, located in a file.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct Problem {
    /// What is wrong.
    pub message: String,
    /// The file, as given to the loader.
    pub file: PathBuf,
    /// 1-based line (0 when the problem concerns the whole file).
    pub line: usize,
    /// 1-based column in characters (0 when the problem concerns the whole file).
    pub col: usize,
    /// The card concerned, if any.
    pub card: Option<String>,
    #[source_code]
    src: NamedSource<Snippet>,
    #[label]
    span: Option<SourceSpan>,
    /// A hint on how to fix it.
    #[help]
    pub help: Option<String>,
}

/// 1-based line and character column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

pub(crate) fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Bytes of context kept on each side of a problem's span, at most: enough for the lines
/// miette shows around it, while a problem never holds a copy of a whole (large) file.
const SNIPPET_MARGIN: usize = 400;
/// Longest span shown, in bytes (a longer one is cut).
const SNIPPET_SPAN: usize = 2000;

/// The part of a file around a problem, with its place in the file, so a problem keeps a few
/// lines rather than the whole text and miette still numbers the lines as in the file.
#[derive(Debug, Clone)]
struct Snippet {
    /// The text, from `offset` in the file.
    text: String,
    /// Byte offset of `text` in the file.
    offset: usize,
    /// 0-based line of the file where `text` starts.
    line: usize,
    /// 0-based character column where `text` starts.
    col: usize,
}

impl Snippet {
    fn empty() -> Snippet {
        Snippet {
            text: String::new(),
            offset: 0,
            line: 0,
            col: 0,
        }
    }
}

impl miette::SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let start = span
            .offset()
            .saturating_sub(self.offset)
            .min(self.text.len());
        let len = span.len().min(self.text.len() - start);
        let inner =
            self.text
                .as_str()
                .read_span(&SourceSpan::from(start..start + len), before, after)?;
        let first = inner.line() == 0;
        Ok(Box::new(miette::MietteSpanContents::new(
            inner.data(),
            SourceSpan::from(
                inner.span().offset() + self.offset
                    ..inner.span().offset() + self.offset + inner.span().len(),
            ),
            inner.line() + self.line,
            if first {
                inner.column() + self.col
            } else {
                inner.column()
            },
            inner.line_count(),
        )))
    }
}

/// A file's text with the start of each line, so that many problems in one file are located
/// without scanning the file from the start for each.
pub struct FileText<'a> {
    /// The file, as shown in problems.
    pub file: &'a Path,
    /// Its text.
    pub text: &'a str,
    /// Byte offset of each line's start ([`line_starts`]).
    lines: std::borrow::Cow<'a, [usize]>,
}

/// Byte offset of the start of each line of `text`.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

impl<'a> FileText<'a> {
    /// Indexes the lines of `text`, the text of `file`.
    pub fn new(file: &'a Path, text: &'a str) -> FileText<'a> {
        FileText {
            file,
            text,
            lines: line_starts(text).into(),
        }
    }

    /// `text` with its [`line_starts`] already computed.
    pub(crate) fn indexed(file: &'a Path, text: &'a str, lines: &'a [usize]) -> FileText<'a> {
        FileText {
            file,
            text,
            lines: lines.into(),
        }
    }

    /// 1-based line and character column of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.text, offset);
        let line = self.lines.partition_point(|&s| s <= offset);
        let start = self.lines[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
    }

    /// A problem at byte range `span`.
    pub fn problem(&self, span: Range<usize>, message: impl Into<String>) -> Problem {
        let at = self.line_col(span.start);
        Problem::located(self.file, self.text, span, at, message.into())
    }
}

impl Problem {
    /// A problem at byte range `span` of `source`, the text of `file`.
    pub fn at(
        file: &Path,
        source: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Problem {
        let start = floor_char_boundary(source, span.start);
        let (line, col) = line_col(source, start);
        Problem::located(file, source, span, (line, col), message.into())
    }

    /// A problem at byte range `span` of `source`, whose start is known to be at 1-based
    /// `line` and `col` (callers with a line index avoid scanning the file per problem).
    pub(crate) fn located(
        file: &Path,
        source: &str,
        span: Range<usize>,
        (line, col): (usize, usize),
        message: String,
    ) -> Problem {
        let start = floor_char_boundary(source, span.start);
        let end = floor_char_boundary(source, span.end.clamp(start, start + SNIPPET_SPAN));
        // The window: from a line or two before the span to a line or two after it, cut to
        // a margin on each side so that a file of one huge line stays cheap.
        let lo = floor_char_boundary(source, start.saturating_sub(SNIPPET_MARGIN));
        let from = nth_line_start_back(source, start, 2).max(lo);
        let hi = ceil_char_boundary(source, end.saturating_add(SNIPPET_MARGIN));
        let to = nth_line_end(source, end, 2).min(hi);
        let skipped = &source[from..start];
        let newlines = skipped.bytes().filter(|&b| b == b'\n').count();
        let first_col = if newlines == 0 {
            (col - 1).saturating_sub(skipped.chars().count())
        } else {
            0
        };
        let snippet = Snippet {
            text: source[from..to].to_owned(),
            offset: from,
            line: (line - 1).saturating_sub(newlines),
            col: first_col,
        };
        Problem {
            message,
            file: file.to_owned(),
            line,
            col,
            card: None,
            src: NamedSource::new(file.display().to_string(), snippet),
            span: Some(SourceSpan::from(start..end.max(start))),
            help: None,
        }
    }

    /// A problem with a whole file (missing, unreadable).
    pub fn file(file: &Path, message: impl Into<String>) -> Problem {
        Problem {
            message: message.into(),
            file: file.to_owned(),
            line: 0,
            col: 0,
            card: None,
            src: NamedSource::new(file.display().to_string(), Snippet::empty()),
            span: None,
            help: None,
        }
    }

    /// Names the card concerned.
    pub fn card(mut self, name: &str) -> Problem {
        self.card = Some(name.to_owned());
        self
    }

    /// Adds a hint.
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    /// `file:line:col: 「card」: message` on one line.
    pub fn headline(&self) -> String {
        let place = if self.line == 0 {
            self.file.display().to_string()
        } else {
            format!("{}:{}:{}", self.file.display(), self.line, self.col)
        };
        printable(&match &self.card {
            Some(c) => format!("{place}: 「{c}」: {}", self.message),
            None => format!("{place}: {}", self.message),
        })
    }

    /// miette's snippet header counts columns in bytes; show the same character column as the
    /// headline (what editors use) instead. miette's own `× message` line before the snippet is
    /// left out: the headline already says it, and a problem is said once.
    fn fix_snippet_header(&self, snippet: &str) -> String {
        let place = format!("{}:{}:{}]", self.file.display(), self.line, self.col);
        let start = snippet
            .find("╭─[")
            .map_or(0, |i| snippet[..i].rfind('\n').map_or(0, |n| n + 1));
        snippet[start..]
            .lines()
            .map(|l| match l.find("╭─[") {
                Some(i) if l.ends_with(']') => format!("{}{place}", &l[..i + "╭─[".len()]),
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
            + if snippet.ends_with('\n') { "\n" } else { "" }
    }

    /// The headline followed by a source snippet with the span underlined (no colours).
    pub fn render(&self) -> String {
        let mut out = String::new();
        let handler =
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        out.push_str(&self.headline());
        out.push('\n');
        if self.span.is_some() {
            let mut snippet = String::new();
            if handler.render_report(&mut snippet, self).is_ok() {
                out.push_str(&self.fix_snippet_header(&snippet));
            }
        } else if let Some(h) = &self.help {
            out.push_str(&format!("  help: {h}\n"));
        }
        printable(&out)
    }
}

/// The start of the line `n` lines before the one holding byte `at` (or 0).
fn nth_line_start_back(text: &str, at: usize, n: usize) -> usize {
    let mut pos = at;
    for _ in 0..=n {
        match text[..pos].rfind('\n') {
            Some(i) if pos > 0 => pos = i,
            _ => return 0,
        }
    }
    pos + 1
}

/// The end (before the newline) of the line `n` lines after the one holding byte `at`.
fn nth_line_end(text: &str, at: usize, n: usize) -> usize {
    let mut pos = at;
    for _ in 0..=n {
        match text[pos..].find('\n') {
            Some(i) => pos += i + 1,
            None => return text.len(),
        }
    }
    pos - 1
}

/// Characters that would change how a terminal or editor shows the text around them: control
/// characters and the bidirectional formatting characters.
pub(crate) fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing: white space, control characters, and the format and filler
/// characters (Unicode `Cf` and the default-ignorable code points such as the zero-width space
/// U+200B, the zero-width joiner U+200D, the byte-order mark U+FEFF, variation selectors and
/// tags). A name made only of them looks empty.
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// `text` with the characters that would drive a terminal (escape sequences, bidirectional
/// overrides) written as `\u{…}` escapes; newlines and tabs are kept. Set files come from
/// strangers, and names and snippets from them are printed.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_hidden(c) && !matches!(c, '\n' | '\t') {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_and_scanned_locations_agree() {
        let text = "a = 1\n名前 = \"チルノ\"\n\n  x = [1, 2]\nlast";
        let ft = FileText::new(Path::new("f.toml"), text);
        for offset in 0..=text.len() + 3 {
            assert_eq!(
                ft.line_col(offset),
                line_col(text, offset),
                "offset {offset}"
            );
        }
    }

    #[test]
    fn a_snippet_deep_in_a_large_file_keeps_its_line_numbers() {
        let text: String = (1..=10_000).map(|i| format!("line{i} = {i}\n")).collect();
        let at = text.find("line5000 ").unwrap();
        let ft = FileText::new(Path::new("big.toml"), &text);
        let p = ft.problem(at..at + 8, "here");
        assert_eq!((p.line, p.col), (5000, 1));
        let shown = p.render();
        assert!(shown.starts_with("big.toml:5000:1: here"), "{shown}");
        assert!(shown.contains("4999 │ line4999 = 4999"), "{shown}");
        assert!(shown.contains("5000 │ line5000 = 5000"), "{shown}");
        assert!(shown.contains("5001 │ line5001 = 5001"), "{shown}");
        assert!(!shown.contains("line4990"), "{shown}");
        assert!(p.src.inner().text.len() < 1000, "the snippet is small");
    }

    #[test]
    fn a_snippet_of_one_huge_line_is_cut() {
        let text = format!(
            "x = \"{}\" # {}\n",
            "a".repeat(1 << 20),
            "b".repeat(1 << 20)
        );
        let at = text.find('#').unwrap();
        let p = Problem::at(Path::new("f.toml"), &text, at..at + 1, "here");
        assert_eq!((p.line, p.col), (1, at + 1));
        assert!(p.render().len() < 4000);
    }

    #[test]
    fn terminal_controls_are_escaped() {
        let p = Problem::at(Path::new("f"), "a\u{1b}[2J", 1..2, "bad \u{1b}[2J name")
            .card("x\u{202e}y");
        assert_eq!(p.headline(), "f:1:2: 「x\\u{202e}y」: bad \\u{1b}[2J name");
        assert!(!p.render().contains('\u{1b}'));
    }
}
