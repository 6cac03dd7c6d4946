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
    src: NamedSource<String>,
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
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl Problem {
    /// A problem at byte range `span` of `source`, the text of `file`.
    pub fn at(
        file: &Path,
        source: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Problem {
        let start = floor_char_boundary(source, span.start.min(source.len()));
        let end = floor_char_boundary(source, span.end.clamp(start, source.len()));
        let (line, col) = line_col(source, start);
        let message = message.into();
        Problem {
            message,
            file: file.to_owned(),
            line,
            col,
            card: None,
            src: NamedSource::new(file.display().to_string(), source.to_owned()),
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
            src: NamedSource::new(file.display().to_string(), String::new()),
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
        match &self.card {
            Some(c) => format!("{place}: 「{c}」: {}", self.message),
            None => format!("{place}: {}", self.message),
        }
    }

    /// miette's snippet header counts columns in bytes; show the same character column as the
    /// headline (what editors use) instead.
    fn fix_snippet_header(&self, snippet: &str) -> String {
        let place = format!("{}:{}:{}]", self.file.display(), self.line, self.col);
        snippet
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
        out
    }
}
