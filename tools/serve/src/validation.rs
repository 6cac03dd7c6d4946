//! The validation page's results: `dzero validate` run over the served set folders, each
//! problem placed in its set with the file relative to that set's folder.

use dzero_cardpool::Problem;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A served set folder and the id its `set.toml` gave when the server started.
#[derive(Clone, Debug)]
pub struct ServedSet {
    /// The folder, as served.
    pub dir: PathBuf,
    /// The folder with links resolved (how sets loaded as requirements name their files).
    pub real: PathBuf,
    /// The set's id.
    pub id: String,
}

impl ServedSet {
    /// The set `id` in `dir`.
    pub fn new(dir: PathBuf, id: String) -> ServedSet {
        let real = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
        ServedSet { dir, real, id }
    }

    /// `path` relative to this folder, when inside it.
    fn relative<'a>(&self, path: &'a Path) -> Option<&'a Path> {
        path.strip_prefix(&self.dir)
            .or_else(|_| path.strip_prefix(&self.real))
            .ok()
    }
}

/// How a set's cards are written, as `dzero validate` counts them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CardCounts {
    /// Cards in the set.
    pub cards: usize,
    /// Cards whose abilities are all card text.
    pub text_only: usize,
    /// Cards with a Lua script.
    pub lua: usize,
    /// Cards without any ability.
    pub vanilla: usize,
}

/// One problem as the page shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ProblemView {
    /// The file, relative to its set's folder.
    pub file: String,
    /// 1-based line (0 when the problem concerns the whole file).
    pub line: usize,
    /// 1-based column in characters (0 when the problem concerns the whole file).
    pub col: usize,
    /// The card concerned, if any.
    pub card: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The lines `dzero validate` prints below the headline: the source snippet with the
    /// span underlined, and the hint.
    pub snippet: String,
}

/// One served set's results.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SetValidation {
    /// The set's id.
    pub id: String,
    /// Its card counts; none when the set no longer loads.
    pub counts: Option<CardCounts>,
    /// Its problems.
    pub problems: Vec<ProblemView>,
}

/// The results over all served sets.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Validation {
    /// Per served set, in the lobby's order.
    pub sets: Vec<SetValidation>,
    /// Problems in files outside every served folder (a required set elsewhere), each file
    /// named by its file name only.
    pub elsewhere: Vec<ProblemView>,
}

/// Validates the served sets (blocking: it loads their Lua scripts and smoke-plays them).
pub fn validate(sets: &[ServedSet]) -> Validation {
    let dirs: Vec<PathBuf> = sets.iter().map(|s| s.dir.clone()).collect();
    let report = dzero_cardpool::validate(&dirs);
    let mut written = report.written.iter().peekable();
    let mut out: Vec<SetValidation> = sets
        .iter()
        .map(|s| SetValidation {
            id: s.id.clone(),
            counts: written.next_if(|w| w.set == s.id).map(|w| CardCounts {
                cards: w.cards,
                text_only: w.text_only,
                lua: w.lua,
                vanilla: w.vanilla,
            }),
            problems: Vec::new(),
        })
        .collect();
    let mut elsewhere = Vec::new();
    for p in &report.problems {
        match owner(sets, &p.file) {
            Some(i) => out[i].problems.push(view(sets, p, Some(&sets[i]))),
            None => elsewhere.push(view(sets, p, None)),
        }
    }
    Validation {
        sets: out,
        elsewhere,
    }
}

/// `p` for the page, its file named relative to the set among `sets` that holds it.
pub fn problem_view(sets: &[ServedSet], p: &Problem) -> ProblemView {
    view(sets, p, owner(sets, &p.file).map(|i| &sets[i]))
}

/// The served set whose folder holds `file` (the deepest one).
pub(crate) fn owner(sets: &[ServedSet], file: &Path) -> Option<usize> {
    sets.iter()
        .enumerate()
        .filter(|(_, s)| s.relative(file).is_some())
        .max_by_key(|(_, s)| s.dir.components().count())
        .map(|(i, _)| i)
}

/// `p` for the page: its file relative to its set `own` (or its file name when outside every
/// served folder), and the served folders in its text written relative to `own`.
pub(crate) fn view(sets: &[ServedSet], p: &Problem, own: Option<&ServedSet>) -> ProblemView {
    let file = match own.and_then(|s| s.relative(&p.file)) {
        Some(r) => r.display().to_string(),
        None => p
            .file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
    };
    let scrub = |text: &str| -> String {
        let mut text = text.replace(&p.file.display().to_string(), &file);
        for s in sets {
            let shown = if own.is_some_and(|o| o.dir == s.dir) {
                String::new()
            } else {
                format!("{}:", s.id)
            };
            for d in [&s.dir, &s.real] {
                text = text.replace(&format!("{}/", d.display()), &shown);
            }
        }
        text
    };
    let rendered = p.render();
    let snippet = rendered
        .split_once('\n')
        .map_or("", |(_, rest)| rest)
        .trim_end();
    let (message, snippet) = (scrub(&p.message), scrub(snippet));
    ProblemView {
        file,
        line: p.line,
        col: p.col,
        card: p.card.clone(),
        message,
        snippet,
    }
}
