//! Which cards no scenario names (`dzero test --coverage`), and which scenario files a filter
//! keeps (`dzero test --filter`).

use dzero_cardpool::load_set;
use dzero_cardpool::set_dirs;
use std::path::{Path, PathBuf};

/// The cards of one set that no scenario file under the given paths names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Coverage {
    /// The set's id.
    pub set: String,
    /// Cards in the set.
    pub cards: usize,
    /// Cards no scenario names, in load order.
    pub unnamed: Vec<String>,
}

impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let named = self.cards - self.unnamed.len();
        write!(
            f,
            "coverage {}: {named} of {} cards named by a scenario",
            self.set, self.cards
        )?;
        if !self.unnamed.is_empty() {
            write!(f, "; not named: {}", self.unnamed.join(", "))?;
        }
        Ok(())
    }
}

/// Whether `text` names the card `name`: a longer name of `names` that contains it does not
/// count (「チルノ」 inside 「チルノ&橙」 or 「チルノ〈氷の小さな妖精〉」).
pub fn mentions(text: &str, name: &str, names: &[String]) -> bool {
    let mut masked = text.to_owned();
    let mut longer: Vec<&String> = names
        .iter()
        .filter(|n| n.len() > name.len() && n.contains(name))
        .collect();
    longer.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in longer {
        masked = masked.replace(n.as_str(), "\u{0}");
    }
    masked.contains(name)
}

/// For each set at or below `paths`, the cards that no scenario file found at or below `paths`
/// names; sets that do not load are left out (`dzero validate` reports why).
pub fn coverage(paths: &[PathBuf]) -> Vec<Coverage> {
    let texts: Vec<String> = dzero_cardpool::layout::scenario_files(paths)
        .iter()
        .filter_map(|p| {
            dzero_cardpool::files::read_text(p, dzero_cardpool::files::MAX_FILE_BYTES).ok()
        })
        .collect();
    let mut out = Vec::new();
    for dir in paths.iter().flat_map(|p| set_dirs(p)) {
        let Some(set) = load_set(&dir).set else {
            continue;
        };
        let names: Vec<String> = set
            .cards
            .iter()
            .filter_map(|c| set.db.get(c.def).map(|d| d.name.clone()))
            .collect();
        let unnamed = names
            .iter()
            .filter(|n| !texts.iter().any(|t| mentions(t, n, &names)))
            .cloned()
            .collect();
        out.push(Coverage {
            set: set.id.clone(),
            cards: names.len(),
            unnamed,
        });
    }
    out
}

/// Whether the scenario file `path` matches `filter`: its path or its title contains it.
pub fn matches_filter(path: &Path, filter: &str) -> bool {
    if path.to_string_lossy().contains(filter) {
        return true;
    }
    dzero_cardpool::files::read_text(path, dzero_cardpool::files::MAX_FILE_BYTES).is_ok_and(|t| {
        t.lines()
            .find(|l| l.trim_start().starts_with("title"))
            .is_some_and(|l| l.contains(filter))
    })
}
