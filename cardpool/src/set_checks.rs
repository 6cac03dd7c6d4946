//! Checks across a set's card files once they are loaded — card names and numbers used twice,
//! 盟約 partners naming no card — and [`Texts`], the files' text for locating their problems.

use crate::card_set::CardSource;
use crate::diag::{FileText, Problem, line_starts};
use crate::dsl::NameRef;
use crate::files::{self, MAX_FILE_BYTES, SetRoot};
use dzero_core::CardDb;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The text of a set's card files, each read (or kept from loading) once and indexed by line,
/// for the problems found after loading.
pub(crate) struct Texts<'a> {
    root: &'a SetRoot,
    known: HashMap<PathBuf, (String, Vec<usize>)>,
}

impl<'a> Texts<'a> {
    /// No texts yet, for the set in `root`.
    pub(crate) fn new(root: &'a SetRoot) -> Texts<'a> {
        Texts {
            root,
            known: HashMap::new(),
        }
    }

    /// Keeps the text of `file`, as loaded.
    pub(crate) fn keep(&mut self, file: PathBuf, text: String) {
        let lines = line_starts(&text);
        self.known.insert(file, (text, lines));
    }

    /// A problem at `span` of `file`, a file of the set (read only if inside it).
    pub(crate) fn problem(&mut self, file: &Path, span: Range<usize>, message: String) -> Problem {
        let root = self.root;
        let (text, lines) = self.known.entry(file.to_owned()).or_insert_with(|| {
            let text = root
                .inside(file, &file.display().to_string())
                .ok()
                .and_then(|f| files::read_text(&f.real, MAX_FILE_BYTES).ok())
                .unwrap_or_default();
            let lines = line_starts(&text);
            (text, lines)
        });
        FileText::indexed(file, text, lines).problem(span, message)
    }
}

/// Duplicate names and numbers within a set.
pub(crate) fn check_duplicates(
    db: &CardDb,
    cards: &[CardSource],
    texts: &mut Texts<'_>,
    problems: &mut Vec<Problem>,
) {
    let mut names: HashMap<&str, &CardSource> = HashMap::new();
    let mut numbers: HashMap<&str, &CardSource> = HashMap::new();
    for c in cards {
        let Some(def) = db.get(c.def) else { continue };
        if let Some(first) = names.insert(def.name.as_str(), c) {
            problems.push(
                texts
                    .problem(
                        &c.file,
                        c.span.clone(),
                        format!("a second card named 「{}」", def.name),
                    )
                    .card(&def.name)
                    .help(format!("the first is in {}", first.file.display())),
            );
        }
        if let Some(n) = &c.number
            && let Some(first) = numbers.insert(n.as_str(), c)
        {
            problems.push(
                texts
                    .problem(&c.file, c.span.clone(), format!("number {n} is used twice"))
                    .card(&def.name)
                    .help(format!(
                        "also used by 「{}」",
                        db.get(first.def).map_or("?", |d| d.name.as_str())
                    )),
            );
        }
    }
}

/// Card names that keyword lines refer to (盟約 partners) must name cards of the set: as the
/// partner is found by its name in play (without a 〈…〉 part, R18.4), some card of the set
/// must have that name in play.
pub(crate) fn check_partners(
    known: &HashSet<&str>,
    refs: &[(&NameRef, &Path, &str)],
    texts: &mut Texts<'_>,
    problems: &mut Vec<Problem>,
) {
    for (r, file, card) in refs {
        if known.contains(r.name.as_str()) {
            continue;
        }
        problems.push(
            texts
                .problem(
                    file,
                    r.span.clone(),
                    format!("no card named 「{}」 in this set", r.name),
                )
                .card(card)
                .help(match crate::suggest::card_name_help(&r.name, known.iter().copied()) {
                    Some(d) => format!("{d} (a 盟約 partner is named as in play: the card name without its 〈…〉 part)"),
                    None => "a 盟約 partner is named as in play: the card name without its 〈…〉 part".to_owned(),
                }),
        );
    }
}
