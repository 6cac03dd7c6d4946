//! Sets that build on sets: `requires` in `set.toml` names the set folders whose cards a set
//! uses, each with an optional version requirement. The required sets (and the sets they
//! require, each once) are loaded with the set; their cards follow the set's own in its
//! database, so its deck lists, scenarios, validation and watch see them.

use crate::card_set::{CardSet, CardSource, Loaded, Required};
use crate::diag::Problem;
use crate::files::{self, MAX_FILE_BYTES};
use crate::format::Require;
use dzero_core::CardDb;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use toml::Spanned;

/// Sets may build on each other this many levels deep (a guard against runaway chains).
const MAX_DEPTH: usize = 16;

/// A version requirement: `^1.2` (caret, as in Cargo: at least 1.2.0 and below 2.0.0; `^0.1`
/// means at least 0.1.0 and below 0.2.0) or `=1.2.0` (exactly the numbers given; `=1.2` is any
/// 1.2.x). A bare `1.2` is a caret requirement, as in Cargo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionReq {
    exact: bool,
    /// One to three numbers.
    parts: Vec<u64>,
}

/// `MAJOR[.MINOR[.PATCH]]`: the numbers written, one to three.
fn numbers(s: &str) -> Option<Vec<u64>> {
    let parts: Vec<u64> = s
        .split('.')
        .map(|p| {
            (!p.is_empty() && p.len() <= 18 && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse().ok())
                .flatten()
        })
        .collect::<Option<_>>()?;
    (1..=3).contains(&parts.len()).then_some(parts)
}

/// A set's `version` as `[MAJOR, MINOR, PATCH]` (missing numbers are 0), if it is one.
pub fn parse_version(s: &str) -> Option<[u64; 3]> {
    let n = numbers(s.trim())?;
    let mut v = [0; 3];
    v[..n.len()].copy_from_slice(&n);
    Some(v)
}

impl VersionReq {
    /// Parses `^1.2`, `=1.2.0` or `1.2`.
    pub fn parse(s: &str) -> Option<VersionReq> {
        let s = s.trim();
        let (exact, rest) = match (s.strip_prefix('^'), s.strip_prefix('=')) {
            (Some(r), _) => (false, r),
            (_, Some(r)) => (true, r),
            _ => (false, s),
        };
        Some(VersionReq {
            exact,
            parts: numbers(rest.trim())?,
        })
    }

    /// Whether `version` satisfies the requirement.
    pub fn matches(&self, version: [u64; 3]) -> bool {
        let given = &self.parts;
        if self.exact {
            return given.iter().zip(version).all(|(a, b)| *a == b);
        }
        let mut req = [0; 3];
        req[..given.len()].copy_from_slice(given);
        // Equal up to and including the first non-zero number given; at least the requirement.
        let fixed = given
            .iter()
            .position(|&n| n != 0)
            .map_or(given.len(), |i| i + 1);
        version[..fixed] == req[..fixed] && version >= req
    }
}

/// The sets being loaded, outermost first (canonical folders), to find cycles.
#[derive(Default)]
pub(crate) struct Chain {
    dirs: Vec<PathBuf>,
}

impl Chain {
    /// Enters the set in `dir`; `false` when it is too deep.
    pub(crate) fn enter(&mut self, dir: &Path) -> bool {
        self.dirs.push(canonical(dir));
        self.dirs.len() <= MAX_DEPTH
    }

    /// Leaves the set entered last.
    pub(crate) fn leave(&mut self) {
        self.dirs.pop();
    }
}

/// `dir`, canonical when it exists.
pub fn canonical(dir: &Path) -> PathBuf {
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned())
}

/// `path` with `a/..` pairs removed, as written (no file system access): `fan/../base` is
/// shown as `base`.
fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    if out.is_empty() {
        PathBuf::from(".")
    } else {
        out.iter().collect()
    }
}

/// The folder name of `dir`, for messages.
fn folder(dir: &Path) -> String {
    dir.file_name()
        .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into())
}

/// The sets a set requires, loaded: what [`load_required`] returns.
pub(crate) struct Requirements {
    /// The sets reached, each once (the requirements of requirements too), with the database
    /// their cards' `def` ids are in.
    sets: Vec<(Required, CardDb)>,
    /// Every existing folder reached, loaded or not (what a watch also watches).
    pub dirs: Vec<PathBuf>,
    /// Whether a required set did not load at all (its card names are unknown).
    pub incomplete: bool,
}

/// Checks the `requires` entries of the set in `dir` (its `set.toml` text is `meta`) and loads
/// the sets they name with `load` (the set loader, sharing `chain`). Every problem is located:
/// at the entry for missing folders, cycles, malformed or unmet versions; in the required
/// set's own files for its problems.
pub(crate) fn load_required(
    dir: &Path,
    meta: &crate::diag::FileText<'_>,
    entries: &[Spanned<Require>],
    chain: &mut Chain,
    load: fn(&Path, &mut Chain) -> Loaded,
    problems: &mut Vec<Problem>,
) -> Requirements {
    let mut out = Requirements {
        sets: Vec::new(),
        dirs: Vec::new(),
        incomplete: false,
    };
    let mut listed: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let r = entry.get_ref();
        let at = r.path_span.clone().unwrap_or_else(|| entry.span());
        let req = match &r.version {
            Some(v) => match VersionReq::parse(v.get_ref()) {
                Some(req) => Some((req, v)),
                None => {
                    problems.push(
                        meta.problem(
                            v.span(),
                            format!(
                                "expected a version requirement such as `^0.1` or `=0.1.0`, found `{}`",
                                v.get_ref()
                            ),
                        )
                        .help("`^1.2`: 1.2.0 or later below 2.0.0; `=1.2.0`: exactly 1.2.0"),
                    );
                    None
                }
            },
            None => None,
        };
        let rel = Path::new(&r.path);
        if r.path.trim().is_empty() || rel.is_absolute() {
            problems.push(
                meta.problem(
                    at,
                    "expected the path of a set folder relative to this set's folder",
                )
                .help("e.g. `requires = [\"../d0-sample\"]`"),
            );
            continue;
        }
        let target = lexical(&dir.join(rel));
        if !target.join("set.toml").is_file() {
            problems.push(
                meta.problem(
                    at,
                    format!(
                        "no set at {}: expected a folder with a set.toml",
                        target.display()
                    ),
                )
                .help("`requires` paths are relative to this set's folder"),
            );
            continue;
        }
        let key = canonical(&target);
        if let Some(i) = chain.dirs.iter().position(|d| d == &key) {
            let cycle: Vec<String> = chain.dirs[i..]
                .iter()
                .chain([&key])
                .map(|d| folder(d))
                .collect();
            problems.push(
                meta.problem(
                    at,
                    format!("sets cannot require each other: {}", cycle.join(" → ")),
                )
                .help("remove one of the `requires` entries of the cycle"),
            );
            continue;
        }
        if listed.contains(&key) {
            problems.push(meta.problem(at, format!("{} is required twice", r.path)));
            continue;
        }
        listed.push(key.clone());
        let loaded = load(&target, chain);
        problems.extend(loaded.problems);
        for d in std::iter::once(key).chain(loaded.requires) {
            if !out.dirs.contains(&d) {
                out.dirs.push(d);
            }
        }
        let Some(set) = loaded.set else {
            out.incomplete = true;
            continue;
        };
        if let Some((req, v)) = req {
            let problem = match parse_version(&set.version) {
                Some(have) if req.matches(have) => None,
                Some(_) => Some(format!(
                    "set {} is version {}, which `{}` does not accept",
                    set.id,
                    set.version,
                    v.get_ref()
                )),
                None => Some(format!(
                    "set {} has version `{}`, not MAJOR.MINOR.PATCH, so `{}` cannot accept it",
                    set.id,
                    set.version,
                    v.get_ref()
                )),
            };
            if let Some(message) = problem {
                problems.push(meta.problem(v.span(), message).help(
                    "`^1.2`: 1.2.0 or later below 2.0.0 (`^0.1`: 0.1.x); `=1.2.0`: exactly 1.2.0",
                ));
            }
        }
        out.add(set);
    }
    dedup(problems);
    out
}

/// Removes repeated problems (of a set reached twice), keeping the first of each.
pub(crate) fn dedup(problems: &mut Vec<Problem>) {
    let mut seen = HashSet::new();
    problems.retain(|p| seen.insert((p.file.clone(), p.line, p.col, p.message.clone())));
}

impl Requirements {
    /// Adds a directly required set and the sets it requires, each set once.
    fn add(&mut self, set: CardSet) {
        let own = Required {
            dir: canonical(&set.dir),
            id: set.id.clone(),
            version: set.version.clone(),
            host: Rc::clone(&set.host),
            cards: set.cards.clone(),
        };
        for r in std::iter::once(own).chain(set.required.iter().cloned()) {
            if !self.sets.iter().any(|(s, _)| s.dir == r.dir) {
                self.sets.push((r, set.db.clone()));
            }
        }
    }

    /// Appends the required sets' cards to `db` (after the set's own); the required sets, with
    /// their cards' ids in `db`.
    pub(crate) fn append_to(self, db: &mut CardDb) -> Vec<Required> {
        self.sets
            .into_iter()
            .map(|(mut r, from)| {
                r.cards.retain_mut(|c| match db.share(&from, c.def) {
                    Some(id) => {
                        c.def = id;
                        true
                    }
                    None => false,
                });
                r
            })
            .collect()
    }
}

/// A card name defined twice across a set (its own cards `own`) and the sets it requires: a
/// problem at the later definition, naming both files. Own cards come first, so a required
/// card that an own card repeats is reported at the own card.
pub(crate) fn check_names(
    db: &CardDb,
    own: &[CardSource],
    required: &[Required],
    texts: &mut crate::set_checks::Texts<'_>,
    problems: &mut Vec<Problem>,
) {
    if required.is_empty() {
        return;
    }
    let mut first: HashMap<&str, (&CardSource, Option<&str>)> = HashMap::new();
    let own_cards = own.iter().map(|c| (c, None));
    let theirs = required
        .iter()
        .flat_map(|r| r.cards.iter().map(move |c| (c, Some(r.id.as_str()))));
    let mut later: Vec<(&CardSource, Option<&str>, &CardSource, Option<&str>)> = Vec::new();
    for (c, set) in own_cards.chain(theirs) {
        let Some(def) = db.get(c.def) else { continue };
        match first.get(def.name.as_str()) {
            // Twice in one set: that set's own duplicate check reports it.
            Some((_, first_set)) if *first_set == set => {}
            Some(&(f, fset)) => later.push((f, fset, c, set)),
            None => {
                first.insert(def.name.as_str(), (c, set));
            }
        }
    }
    for (f, fset, c, set) in later {
        // At the set's own card when one of the two is (the file its designer edits).
        let (f, fset, c, set) = if fset.is_none() {
            (c, set, f, fset)
        } else {
            (f, fset, c, set)
        };
        let Some(def) = db.get(c.def) else { continue };
        let whose = |s: Option<&str>| s.map_or("this set".to_owned(), |s| format!("set {s}"));
        let message = format!(
            "「{}」 is defined twice: in {} and in {}",
            def.name,
            whose(set),
            whose(fset)
        );
        let help = format!(
            "the other definition is in {}; a name may be defined once across a set and the sets it requires",
            f.file.display()
        );
        let p = match set {
            None => texts.problem(&c.file, c.span.clone(), message),
            Some(_) => {
                let text = files::read_text(&c.file, MAX_FILE_BYTES).unwrap_or_default();
                Problem::at(&c.file, &text, c.span.clone(), message)
            }
        };
        problems.push(p.card(&def.name).help(help));
    }
}

#[cfg(test)]
mod tests {
    use super::{VersionReq, parse_version};

    fn ok(req: &str, v: &str) -> bool {
        VersionReq::parse(req)
            .unwrap()
            .matches(parse_version(v).unwrap())
    }

    #[test]
    fn caret_requirements_follow_cargo() {
        assert!(ok("^0.1", "0.1.0") && ok("^0.1", "0.1.7") && !ok("^0.1", "0.2.0"));
        assert!(ok("^1", "1.0.0") && ok("^1", "1.9.3") && !ok("^1", "2.0.0"));
        assert!(!ok("^1", "0.1.0") && !ok("^1.2", "1.1.9") && ok("^1.2", "1.2.0"));
        assert!(ok("^0.0.3", "0.0.3") && !ok("^0.0.3", "0.0.4"));
        assert!(ok("^0", "0.9.9") && !ok("^0", "1.0.0"));
        assert!(ok("1.2", "1.4.0"), "a bare requirement is a caret one");
    }

    #[test]
    fn exact_requirements_compare_the_numbers_given() {
        assert!(ok("=0.1.0", "0.1.0") && !ok("=0.1.0", "0.1.1"));
        assert!(ok("=1.2", "1.2.5") && !ok("=1.2", "1.3.0"));
    }

    /// The schema of `requires` offers what the loader reads: a string, or a table with a
    /// required `path`, an optional `version` and nothing else.
    #[test]
    fn the_schema_agrees_with_the_loader() {
        let schema = crate::format::set_schema();
        let defs = &schema["definitions"];
        assert_eq!(
            schema["properties"]["requires"]["items"]["$ref"],
            "#/definitions/Require"
        );
        let any = defs["Require"]["anyOf"].as_array().unwrap();
        assert_eq!(any.len(), 2);
        assert_eq!(any[0]["type"], "string");
        assert_eq!(any[1]["allOf"][0]["$ref"], "#/definitions/RequireTable");
        let table = &defs["RequireTable"];
        assert_eq!(table["additionalProperties"], false);
        assert_eq!(table["required"], serde_json::json!(["path"]));
        let keys: Vec<&String> = table["properties"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["path", "version"]);
        assert_eq!(
            table["properties"]["version"]["pattern"],
            r"^\s*[\^=]?\s*[0-9]+(\.[0-9]+){0,2}\s*$"
        );
        // What the pattern describes, the parser reads (and the reverse, for these).
        for ok in ["^1", "=0.1.0", "1.2", " ^ 0.1 ", "^0.0.3"] {
            assert!(VersionReq::parse(ok).is_some(), "{ok}");
        }
        for bad in ["~1", "^1.", "1.2.3.4", "^-1", ">1"] {
            assert!(VersionReq::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn malformed_requirements_and_versions_are_refused() {
        for bad in [
            "",
            "^",
            "~1",
            ">=1",
            "1.2.3.4",
            "1..2",
            "^x",
            "1.-2",
            "99999999999999999999",
        ] {
            assert_eq!(VersionReq::parse(bad), None, "{bad}");
        }
        assert_eq!(parse_version("0.1.0"), Some([0, 1, 0]));
        assert_eq!(parse_version("2"), Some([2, 0, 0]));
        assert_eq!(parse_version("1.0-beta"), None);
    }
}
