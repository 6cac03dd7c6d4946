//! Loading a set folder: `set.toml`, `cards/*.toml`, Lua scripts and `decks/*.txt`.

use crate::deck::{Deck, parse_deck};
use crate::diag::Problem;
use crate::dsl;
use crate::format::{CardEntry, CardsFile, SetFile};
use dzero_core::{CardDb, CardDef, CardKind, Colour, DefId, RuleSet, Timing};
use dzero_script_api::{Limits, ScriptHost};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use toml::Spanned;

/// Where a card was defined.
#[derive(Clone, Debug)]
pub struct CardSource {
    /// Its definition id in the set's database.
    pub def: DefId,
    /// The card file.
    pub file: PathBuf,
    /// Byte range of its `[[card]]` table in the file.
    pub span: Range<usize>,
    /// Its Lua script, if any.
    pub script: Option<PathBuf>,
    /// Its collector number.
    pub number: Option<String>,
}

/// A loaded set: definitions with their behaviour, ready to play.
pub struct CardSet {
    /// The set folder.
    pub dir: PathBuf,
    /// `set.toml`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Version string.
    pub version: String,
    /// The rule set the set targets.
    pub rules: RuleSet,
    /// The definitions.
    pub db: CardDb,
    /// Where each card came from, in load order.
    pub cards: Vec<CardSource>,
    /// The deck lists under `decks/`.
    pub decks: Vec<Deck>,
    /// The Lua state the set's scripts run in.
    pub host: Rc<ScriptHost>,
}

/// The outcome of loading: a set when it loaded, and every problem found.
pub struct Loaded {
    /// The set, unless a problem made it unusable.
    pub set: Option<CardSet>,
    /// All problems, in file order.
    pub problems: Vec<Problem>,
}

/// The Lua chunk name of a script: `<set folder name>/<path in the set>`, short enough for Lua
/// to print whole in messages; [`script_path`] maps it back.
pub(crate) fn chunk_name(dir: &Path, rel: &str) -> String {
    let set = dir
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    format!("{set}/{rel}")
}

/// The file behind a chunk name of a set in `dir`.
pub(crate) fn script_path(dir: &Path, chunk: &str) -> PathBuf {
    dir.parent().unwrap_or(dir).join(chunk)
}

/// Parses a rule-set name from `set.toml`.
pub fn rule_set(name: &str) -> Option<RuleSet> {
    match name {
        "official" => Some(RuleSet::OFFICIAL),
        "touhou" => Some(RuleSet::TOUHOU),
        "touhou-instant" => Some(RuleSet::TOUHOU_INSTANT),
        _ => None,
    }
}

fn read(path: &Path, problems: &mut Vec<Problem>) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(s) => Some(s),
        Err(e) => {
            problems.push(Problem::file(path, format!("cannot read: {e}")));
            None
        }
    }
}

/// Files in `dir/sub` with extension `ext`, sorted by name.
pub fn files(dir: &Path, sub: &str, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    out.sort();
    out
}

fn toml_problem(file: &Path, text: &str, e: &toml::de::Error) -> Problem {
    let span = e.span().unwrap_or(0..0);
    Problem::at(file, text, span, e.message().to_owned())
}

/// `text` with every byte outside `range` blanked (newlines kept), so spans stay file offsets.
fn masked(text: &str, range: Range<usize>) -> String {
    text.char_indices()
        .map(|(i, c)| {
            if range.contains(&i) || c == '\n' {
                c.to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect()
}

/// The `[[card]]` tables of a card file. A file with errors is parsed again table by table,
/// so one bad card does not hide the others and every error is reported.
fn parse_cards(file: &Path, text: &str, problems: &mut Vec<Problem>) -> Vec<Spanned<CardEntry>> {
    match toml::from_str::<CardsFile>(text) {
        Ok(c) => return c.card,
        Err(e) if text.matches("[[card]]").count() <= 1 => {
            problems.push(toml_problem(file, text, &e));
            return Vec::new();
        }
        Err(_) => {}
    }
    let mut starts: Vec<usize> = text
        .match_indices("[[card]]")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text[..i].ends_with('\n'))
        .collect();
    starts.insert(0, 0);
    starts.push(text.len());
    let mut cards = Vec::new();
    for w in starts.windows(2) {
        let chunk = masked(text, w[0]..w[1]);
        match toml::from_str::<CardsFile>(&chunk) {
            Ok(c) => cards.extend(c.card),
            Err(e) => problems.push(toml_problem(file, text, &e)),
        }
    }
    cards
}

/// Loads the set in `dir`, collecting every problem rather than stopping at the first.
pub fn load_set(dir: &Path) -> Loaded {
    let mut problems = Vec::new();
    let meta_path = dir.join("set.toml");
    let Some(meta_text) = read(&meta_path, &mut problems) else {
        return Loaded {
            set: None,
            problems,
        };
    };
    let meta: SetFile = match toml::from_str(&meta_text) {
        Ok(m) => m,
        Err(e) => {
            problems.push(toml_problem(&meta_path, &meta_text, &e));
            return Loaded {
                set: None,
                problems,
            };
        }
    };
    let rules = rule_set(&meta.rules).unwrap_or_else(|| {
        let at = meta_text.find(&format!("\"{}\"", meta.rules)).unwrap_or(0);
        problems.push(
            Problem::at(
                &meta_path,
                &meta_text,
                at..at + meta.rules.len() + 2,
                format!("unknown rule set `{}`", meta.rules),
            )
            .help("use `official`, `touhou` or `touhou-instant`"),
        );
        RuleSet::OFFICIAL
    });
    let host = match ScriptHost::new(Limits::default()) {
        Ok(h) => Rc::new(h),
        Err(e) => {
            problems.push(Problem::file(dir, format!("cannot start Lua: {e}")));
            return Loaded {
                set: None,
                problems,
            };
        }
    };
    for (name, rel) in &meta.modules {
        let path = dir.join(rel);
        if let Some(src) = read(&path, &mut problems)
            && let Err(e) = host.load_module(name, &chunk_name(dir, rel), &src)
        {
            problems.push(script_problem(&path, &src, &e));
        }
    }
    let mut db = CardDb::new();
    let mut cards = Vec::new();
    for file in files(dir, "cards", "toml") {
        for (def, mut src) in load_card_file(dir, &file, &host, &mut problems) {
            src.def = db.add(def);
            cards.push(src);
        }
    }
    check_duplicates(&db, &cards, &mut problems);
    let mut decks = Vec::new();
    for file in files(dir, "decks", "txt") {
        let Some(text) = read(&file, &mut problems) else {
            continue;
        };
        match parse_deck(&file, &text, &db, &rules) {
            Ok(d) => decks.push(d),
            Err(ps) => problems.extend(ps),
        }
    }
    let set = CardSet {
        dir: dir.to_owned(),
        id: meta.id,
        name: meta.name,
        version: meta.version,
        rules,
        db,
        cards,
        decks,
        host,
    };
    Loaded {
        set: Some(set),
        problems,
    }
}

/// Builds the cards of one card file with `host`; cards with problems are left out (their
/// problems are recorded). Each source's `def` is to be filled in by the caller.
pub(crate) fn load_card_file(
    dir: &Path,
    file: &Path,
    host: &ScriptHost,
    problems: &mut Vec<Problem>,
) -> Vec<(CardDef, CardSource)> {
    let Some(text) = read(file, problems) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in parse_cards(file, &text, problems) {
        let span = entry.span();
        let entry = entry.into_inner();
        let name = entry.name.get_ref().clone();
        let before = problems.len();
        let def = build_card(dir, file, &text, &entry, host, problems);
        match def.filter(|_| problems.len() == before) {
            Some(def) => out.push((
                def,
                CardSource {
                    def: DefId(0),
                    file: file.to_owned(),
                    span,
                    script: entry.script.as_ref().map(|s| dir.join(s.get_ref())),
                    number: entry.number.as_ref().map(|n| n.get_ref().clone()),
                },
            )),
            None => {
                for p in &mut problems[before..] {
                    if p.card.is_none() {
                        p.card = Some(name.clone());
                    }
                }
            }
        }
    }
    out
}

/// Duplicate names and numbers within a set.
fn check_duplicates(db: &CardDb, cards: &[CardSource], problems: &mut Vec<Problem>) {
    let mut names: BTreeMap<&str, &CardSource> = BTreeMap::new();
    let mut numbers: BTreeMap<&str, &CardSource> = BTreeMap::new();
    for c in cards {
        let Some(def) = db.get(c.def) else { continue };
        let text = std::fs::read_to_string(&c.file).unwrap_or_default();
        if let Some(first) = names.insert(def.name.as_str(), c) {
            problems.push(
                Problem::at(
                    &c.file,
                    &text,
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
                Problem::at(
                    &c.file,
                    &text,
                    c.span.clone(),
                    format!("number {n} is used twice"),
                )
                .card(&def.name)
                .help(format!(
                    "also used by 「{}」",
                    db.get(first.def).map_or("?", |d| d.name.as_str())
                )),
            );
        }
    }
}

fn spanned_problem<T>(
    file: &Path,
    text: &str,
    s: &Spanned<T>,
    message: impl Into<String>,
) -> Problem {
    Problem::at(file, text, s.span(), message)
}

/// A script error located in its file.
pub(crate) fn script_problem(
    path: &Path,
    source: &str,
    e: &dzero_script_api::ScriptError,
) -> Problem {
    let offset = e
        .line
        .and_then(|l| {
            source
                .split_inclusive('\n')
                .take(l.saturating_sub(1) as usize)
                .map(str::len)
                .reduce(|a, b| a + b)
                .or(Some(0))
        })
        .unwrap_or(0);
    let line_len = source[offset.min(source.len())..]
        .find('\n')
        .unwrap_or(source.len() - offset.min(source.len()));
    let p = Problem::at(path, source, offset..offset + line_len, e.message.clone());
    let trace = e.traceback.trim();
    if trace.is_empty() || trace == "stack traceback:" {
        p
    } else {
        p.help(trace.to_owned())
    }
}

fn parse_kind(s: &str) -> Option<CardKind> {
    match s {
        "unit" | "ユニット" => Some(CardKind::Unit),
        "base" | "ベース" => Some(CardKind::Base),
        "strategy" | "ストラテジー" => Some(CardKind::Strategy),
        _ => None,
    }
}

fn parse_colour(s: &str) -> Option<Colour> {
    match s {
        "赤" | "red" => Some(Colour::Red),
        "黒" | "black" => Some(Colour::Black),
        "青" | "blue" => Some(Colour::Blue),
        "白" | "white" => Some(Colour::White),
        "緑" | "green" => Some(Colour::Green),
        _ => None,
    }
}

fn parse_timing(s: &str) -> Option<Timing> {
    match s {
        "normal" | "ノーマル" => Some(Timing::Normal),
        "quick" | "クイック" => Some(Timing::Quick),
        "battle" | "バトル" => Some(Timing::Battle),
        _ => None,
    }
}

/// Builds one card: printed values, DSL lines, then its script's abilities.
fn build_card(
    dir: &Path,
    file: &Path,
    text: &str,
    e: &CardEntry,
    host: &ScriptHost,
    problems: &mut Vec<Problem>,
) -> Option<CardDef> {
    let name = e.name.get_ref();
    let kind = parse_kind(e.kind.get_ref()).or_else(|| {
        problems.push(
            spanned_problem(
                file,
                text,
                &e.kind,
                format!("unknown card type `{}`", e.kind.get_ref()),
            )
            .help("use `unit`, `base` or `strategy`"),
        );
        None
    });
    let timing = parse_timing(e.timing.get_ref()).or_else(|| {
        problems.push(
            spanned_problem(
                file,
                text,
                &e.timing,
                format!("unknown timing `{}`", e.timing.get_ref()),
            )
            .help("use `normal`, `quick` or `battle` (ノーマル / クイック / バトル)"),
        );
        None
    });
    let mut colours = dzero_core::Colours::NONE;
    for c in &e.colours {
        match parse_colour(c.get_ref()) {
            Some(c) => colours = colours.with(c),
            None => problems.push(
                spanned_problem(file, text, c, format!("unknown colour `{}`", c.get_ref()))
                    .help("use 赤 黒 青 白 緑 (or red black blue white green)"),
            ),
        }
    }
    let cost = dsl::cost(file, text, &e.cost, problems);
    let move_cost = e
        .move_cost
        .as_ref()
        .map(|m| dsl::cost(file, text, m, problems));
    let (kind, timing, cost) = (kind?, timing?, cost?);
    let mut def = CardDef::new(name, kind)
        .timing(timing)
        .cost(cost)
        .race(&e.race)
        .text(&e.text);
    def.colours = colours;
    def.power = e.power;
    def.smash = e.smash;
    def.move_cost = match move_cost {
        Some(m) => Some(m?),
        None if kind == CardKind::Unit => {
            problems.push(
                spanned_problem(file, text, &e.name, "a unit needs a move cost (R1.3)")
                    .help("add e.g. `move_cost = \"無1\"`"),
            );
            return None;
        }
        None => None,
    };
    let script = match &e.script {
        Some(s) => {
            let path = dir.join(s.get_ref());
            match std::fs::read_to_string(&path) {
                Ok(src) => Some((path, src)),
                Err(err) => {
                    problems.push(
                        spanned_problem(
                            file,
                            text,
                            s,
                            format!("cannot read script {}: {err}", path.display()),
                        )
                        .help("script paths are relative to the set folder"),
                    );
                    return None;
                }
            }
        }
        None => None,
    };
    let mut exports = None;
    if let Some((path, src)) = &script {
        let rel = e
            .script
            .as_ref()
            .map_or(String::new(), |s| s.get_ref().clone());
        def = match host.load_card_with_exports(def, &chunk_name(dir, &rel), src) {
            Ok((d, x)) => {
                exports = Some(x);
                d
            }
            Err(err) => {
                problems.push(script_problem(path, src, &err).card(name));
                return None;
            }
        };
    }
    let mut refs = dsl::LuaRefs {
        exports: exports.as_ref(),
    };
    dsl::abilities(file, text, &e.keywords, &mut def, &mut refs, problems)?;
    if def.kind == CardKind::Strategy && def.spell.is_none() {
        problems.push(
            spanned_problem(file, text, &e.name, "a strategy needs an effect")
                .help("add `script = \"scripts/….lua\"` declaring card:on_play { … }"),
        );
        return None;
    }
    Some(def)
}
