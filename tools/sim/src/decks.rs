//! Deck lists named by file (`SET/decks/NAME.txt`), from any sets: the decks play in one
//! card database, that of the one set among theirs that builds on all the others (a fan set's
//! deck against a deck of the set it requires plays in the fan set).

use dzero_cardpool::{CardSet, Deck, dimension_deck_under, load_set, parse_deck};
use dzero_core::{DefId, RuleSet};
use std::path::{Path, PathBuf};

/// Deck files and the set they play in, checked once; [`DeckFiles::load`] loads them (once per
/// worker thread: a set's Lua belongs to one thread).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFiles {
    /// The set whose card database holds every deck's cards.
    pub host: PathBuf,
    /// The deck files, as given.
    pub files: Vec<PathBuf>,
    /// The rule set games use: `--rules` when given, else the host set's.
    pub rules: RuleSet,
    /// The dimension deck list games use (`--dimensions`) when the rule set has one (R19.2);
    /// `None`: the host set's first list the rule set accepts.
    pub dimensions: Option<PathBuf>,
}

/// The set folder a deck file belongs to (`SET/decks/NAME.txt`).
fn set_of(file: &Path) -> Result<PathBuf, String> {
    let shown = file.display();
    if !file.is_file() {
        return Err(format!("{shown}: no such deck file"));
    }
    let decks = file
        .parent()
        .filter(|d| d.file_name().is_some_and(|n| n == "decks"));
    let set = decks
        .and_then(Path::parent)
        .map(|s| {
            if s.as_os_str().is_empty() {
                Path::new(".")
            } else {
                s
            }
        })
        .filter(|s| s.join("set.toml").is_file())
        .ok_or_else(|| {
            format!("{shown}: a deck list lives in a set's decks/ folder (SET/decks/NAME.txt)")
        })?;
    set.canonicalize()
        .map_err(|e| format!("{}: {e}", set.display()))
}

/// The set in `dir`; one that does not load is an error naming its problems' count.
pub(crate) fn load(dir: &Path) -> Result<CardSet, String> {
    let l = load_set(dir);
    l.set.ok_or_else(|| {
        format!(
            "{}: the set does not load ({} problem(s); run `dzero validate`)",
            dir.display(),
            l.problems.len()
        )
    })
}

impl DeckFiles {
    /// Checks that the files are deck lists of sets and finds the set they play in; `rules`
    /// overrides the host set's rule set.
    pub fn resolve(files: &[PathBuf], rules: Option<RuleSet>) -> Result<DeckFiles, String> {
        if files.is_empty() {
            return Err("no deck files given (--deck SET/decks/NAME.txt)".into());
        }
        let sets = files
            .iter()
            .map(|f| set_of(f))
            .collect::<Result<Vec<_>, _>>()?;
        let mut tried = Vec::new();
        for dir in &sets {
            if tried.contains(dir) {
                continue;
            }
            tried.push(dir.clone());
            let set = load(dir)?;
            let covers = |d: &PathBuf| d == dir || set.required.iter().any(|r| r.dir == *d);
            if sets.iter().all(covers) {
                let found = DeckFiles {
                    host: dir.clone(),
                    files: files.to_vec(),
                    rules: rules.unwrap_or(set.rules),
                    dimensions: None,
                };
                found.decks_in(&set)?;
                return Ok(found);
            }
        }
        Err(format!(
            "the decks come from sets none of which builds on all the others ({}): make a set \
             whose set.toml `requires` them and put the deck lists in it",
            tried
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }

    /// Loads the host set and the decks, in the order given.
    pub fn load(&self) -> Result<(CardSet, Vec<Deck>), String> {
        let set = load(&self.host)?;
        let decks = self.decks_in(&set)?;
        Ok((set, decks))
    }

    /// These files with `file` as the dimension deck list (`None`: the host set's default).
    pub fn with_dimensions(self, file: Option<PathBuf>) -> DeckFiles {
        DeckFiles {
            dimensions: file,
            ..self
        }
    }

    /// The dimension deck games play in `set` (the loaded host set): empty when the rule set
    /// has none (R19.1); an error names the list file and the rule it breaks.
    pub fn dimension_deck(&self, set: &CardSet) -> Result<Vec<DefId>, String> {
        dimension_deck_under(set, &self.rules, self.dimensions.as_deref())
    }

    /// The decks parsed in `set` (the host set).
    fn decks_in(&self, set: &CardSet) -> Result<Vec<Deck>, String> {
        self.files
            .iter()
            .map(|f| {
                let text =
                    std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
                parse_deck(f, &text, &set.db, &self.rules).map_err(|problems| {
                    problems
                        .iter()
                        .map(|p| p.render())
                        .collect::<Vec<_>>()
                        .join("\n")
                })
            })
            .collect()
    }
}
