//! Loading a set folder: `set.toml`, `cards/*.toml`, Lua scripts, `decks/*.txt` and
//! `dimensions/*.txt`.

use crate::card_set::{CardSet, CardSource, Loaded};
use crate::deck::parse_deck_with;
use crate::diag::{FileText, Problem};
use crate::dimension_deck::parse_dimension_deck;
use crate::dsl::{self, NameRef};
use crate::files::{self, InSet, MAX_DECK_BYTES, MAX_FILE_BYTES, ReadError, SetRoot};
use crate::format::{CardEntry, SetFile};
use crate::printed_values::{self, parse_colour, parse_kind, parse_timing};
use crate::requires::{self, Chain};
use crate::rule_sets;
use crate::set_checks::{Texts, check_duplicates, check_partners};
use dzero_core::{CardDb, CardDef, CardKind, DefId, RuleSet, play_name};
use dzero_script_api::{Limits, ScriptHost};
use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use toml::Spanned;

/// The Lua chunk name of a script: `<set folder name>/<path in the set>`, short enough for Lua
/// to print whole in messages; [`script_path`] maps it back.
pub(crate) fn chunk_name(dir: &Path, rel: &str) -> String {
    format!("{}/{rel}", set_name(dir))
}

/// The name of the set folder `dir`, also when it is given as `.` or `..`.
fn set_name(dir: &Path) -> String {
    let named = |d: &Path| d.file_name().map(|n| n.to_string_lossy().into_owned());
    named(dir)
        .or_else(|| std::fs::canonicalize(dir).ok().and_then(|d| named(&d)))
        .unwrap_or_default()
}

/// The file behind a chunk name of the set in `root`, if it is one of the set's own files (a
/// script can name a chunk anything; nothing outside the set is read for it).
pub(crate) fn script_file(root: &SetRoot, chunk: &str) -> Option<InSet> {
    let rel = chunk
        .strip_prefix(&set_name(root.dir()))?
        .strip_prefix('/')?;
    root.resolve(rel).ok()
}

/// The text of a file inside the set, or `None` with its problem recorded.
fn read(file: &InSet, limit: u64, problems: &mut Vec<Problem>) -> Option<String> {
    match files::read_text(&file.real, limit) {
        Ok(s) => Some(s),
        Err(e) => {
            problems.push(e.problem(&file.shown));
            None
        }
    }
}

/// A TOML error as a problem; `fallback` locates errors that carry no span of their own.
fn toml_problem(ft: &FileText<'_>, e: &toml::de::Error, fallback: Range<usize>) -> Problem {
    ft.problem(e.span().unwrap_or(fallback), e.message().to_owned())
}

/// The `[[card]]` tables of a card file. The file is parsed once, recovering from syntax
/// errors, and each card is read on its own, so one bad card does not hide the others, every
/// error is reported, and the work stays proportional to the file's size.
fn parse_cards(ft: &FileText<'_>, problems: &mut Vec<Problem>) -> Vec<Spanned<CardEntry>> {
    use serde::Deserialize as _;
    use toml::de::{DeTable, DeValue, ValueDeserializer};
    let (root, errors) = DeTable::parse_recoverable(ft.text);
    let broken: Vec<Range<usize>> = errors.iter().map(|e| e.span().unwrap_or(0..0)).collect();
    for e in &errors {
        problems.push(toml_problem(ft, e, 0..0));
    }
    let mut cards = Vec::new();
    for (key, value) in root.into_inner() {
        if key.get_ref().as_ref() != "card" {
            problems.push(ft.problem(
                key.span(),
                format!("unknown field `{}`, expected `card`", key.get_ref()),
            ));
            continue;
        }
        let span = value.span();
        let DeValue::Array(items) = value.into_inner() else {
            problems.push(ft.problem(span, "`card` must be a list of [[card]] tables"));
            continue;
        };
        // A card's text runs from its start to the next card's; a card with a syntax error
        // there is already reported, and its remains would only add noise.
        let starts: Vec<usize> = items.iter().map(|i| i.span().start).collect();
        for (i, item) in items.into_iter().enumerate() {
            let span = item.span();
            let region = span.start..starts.get(i + 1).copied().unwrap_or(ft.text.len());
            if broken
                .iter()
                .any(|b| region.contains(&b.start) || span.contains(&b.start))
            {
                continue;
            }
            match CardEntry::deserialize(ValueDeserializer::from(item)) {
                Ok(c) => cards.push(Spanned::new(span, c)),
                Err(e) => problems.push(toml_problem(ft, &e, span)),
            }
        }
    }
    cards
}

/// Loads the set in `dir` with the sets it requires, collecting every problem rather than
/// stopping at the first.
pub fn load_set(dir: &Path) -> Loaded {
    load_in(dir, &mut Chain::default())
}

/// Loads the set in `dir`, required by the sets in `chain`.
fn load_in(dir: &Path, chain: &mut Chain) -> Loaded {
    let loaded = if chain.enter(dir) {
        load_entered(dir, chain)
    } else {
        Loaded::failed(vec![Problem::file(
            &dir.join("set.toml"),
            "sets build on each other too deeply (more than 16 levels of `requires`)",
        )])
    };
    chain.leave();
    loaded
}

/// [`load_in`] once the set is in `chain`.
fn load_entered(dir: &Path, chain: &mut Chain) -> Loaded {
    let mut problems = Vec::new();
    let root = SetRoot::new(dir);
    let meta_path = dir.join("set.toml");
    let meta_text = match root.resolve("set.toml") {
        Ok(f) => read(&f, MAX_FILE_BYTES, &mut problems),
        Err(m) => {
            problems.push(Problem::file(&meta_path, format!("cannot read: {m}")));
            None
        }
    };
    let Some(meta_text) = meta_text else {
        return Loaded::failed(problems);
    };
    let meta_ft = FileText::new(&meta_path, &meta_text);
    let meta: SetFile = match toml::from_str(&meta_text) {
        Ok(m) => m,
        Err(e) => {
            problems.push(toml_problem(&meta_ft, &e, 0..0));
            return Loaded::failed(problems);
        }
    };
    // A rule-set file of the set's own lives inside the set folder, like its other files.
    let open = |rel: &str| {
        let file = root.resolve(rel)?;
        let text = files::read_text(&file.real, MAX_FILE_BYTES).map_err(|e| e.describe())?;
        Ok((file.shown, text))
    };
    let rules = rule_sets::rules_field(&meta_ft, &meta.rules, open, &mut problems)
        .unwrap_or(RuleSet::OFFICIAL);
    for (what, value) in [
        ("id", &meta.id),
        ("name", &meta.name),
        ("version", &meta.version),
    ] {
        let why = match value.get_ref() {
            v if v.trim().is_empty() => Some("is empty".to_owned()),
            v => printed_values::bad_text(v, printed_values::NAME_CHARS, false),
        };
        if let Some(why) = why {
            problems.push(meta_ft.problem(value.span(), format!("`{what}` {why}")));
        }
    }
    let reqs =
        requires::load_required(dir, &meta_ft, &meta.requires, chain, load_in, &mut problems);
    let host = match ScriptHost::new(Limits::default()) {
        Ok(h) => Rc::new(h),
        Err(e) => {
            problems.push(Problem::file(dir, format!("cannot start Lua: {e}")));
            return Loaded::failed(problems);
        }
    };
    for (name, rel) in &meta.modules {
        let Some((path, src)) = read_named(&root, &meta_ft, rel, "module", &mut problems) else {
            continue;
        };
        if let Err(e) = host.load_module(name, &chunk_name(dir, rel.get_ref()), &src) {
            problems.push(script_problem(&path, &src, &e));
        }
    }
    let mut db = CardDb::new();
    let mut cards = Vec::new();
    let mut names = Vec::new();
    let mut texts = Texts::new(&root);
    for file in root.list("cards", "toml", &mut problems) {
        let (built, text) = load_cards_in(&root, &file, &host, &mut problems);
        for (def, mut src, refs) in built {
            src.def = db.add(def);
            names.extend(refs.into_iter().map(|r| (r, src.file.clone(), src.def)));
            cards.push(src);
        }
        if let Some(text) = text {
            texts.keep(file.shown, text);
        }
    }
    check_duplicates(&db, &cards, &mut texts, &mut problems);
    let incomplete = reqs.incomplete;
    let required_dirs = reqs.dirs.clone();
    let required = reqs.append_to(&mut db);
    requires::check_names(&db, &cards, &required, &mut texts, &mut problems);
    let known: HashSet<&str> = db.iter().map(|(_, d)| play_name(&d.name)).collect();
    let refs: Vec<(&NameRef, &Path, &str)> = names
        .iter()
        .map(|(r, file, def)| {
            let card = db.get(*def).map_or("?", |d| d.name.as_str());
            (r, file.as_path(), card)
        })
        .collect();
    check_partners(&known, &refs, &mut texts, &mut problems);
    // Cards that failed to load: deck lines naming them are not reported again.
    let broken: HashSet<String> = problems.iter().filter_map(|p| p.card.clone()).collect();
    let mut decks = Vec::new();
    // A required set that did not load leaves its card names unknown: deck lists wait for it.
    let deck_files = if incomplete {
        Vec::new()
    } else {
        root.list("decks", "txt", &mut problems)
    };
    for file in deck_files {
        let Some(text) = read(&file, MAX_DECK_BYTES, &mut problems) else {
            continue;
        };
        match parse_deck_with(&file.shown, &text, &db, &rules, &broken) {
            Ok(d) => decks.push(d),
            Err(ps) => problems.extend(ps),
        }
    }
    let mut dimension_decks = Vec::new();
    let dimension_files = if incomplete {
        Vec::new()
    } else {
        root.list("dimensions", "txt", &mut problems)
    };
    for file in dimension_files {
        let Some(text) = read(&file, MAX_DECK_BYTES, &mut problems) else {
            continue;
        };
        match parse_dimension_deck(&file.shown, &text, &db, &rules, &broken) {
            Ok(d) => dimension_decks.push(d),
            Err(ps) => problems.extend(ps),
        }
    }
    let set = CardSet {
        dir: dir.to_owned(),
        id: meta.id.into_inner(),
        name: meta.name.into_inner(),
        version: meta.version.into_inner(),
        rules,
        db,
        cards,
        decks,
        dimension_decks,
        host,
        required,
    };
    Loaded {
        set: Some(set),
        problems,
        requires: required_dirs,
    }
}

/// The file a set file names in the field `rel` (a `script` or a module), read if it is inside
/// the set; otherwise a problem at the field. Encoding errors are located in the named file.
fn read_named(
    root: &SetRoot,
    ft: &FileText<'_>,
    rel: &Spanned<String>,
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<(PathBuf, String)> {
    let shown = root.dir().join(rel.get_ref());
    let refused = |why: String| {
        ft.problem(
            rel.span(),
            format!("cannot read {what} {}: {why}", shown.display()),
        )
        .help(format!(
            "{what} paths are relative to the set folder and stay inside it"
        ))
    };
    let file = match root.resolve(rel.get_ref()) {
        Ok(f) => f,
        Err(why) => {
            problems.push(refused(why));
            return None;
        }
    };
    match files::read_text(&file.real, MAX_FILE_BYTES) {
        Ok(src) => Some((file.shown, src)),
        Err(e @ ReadError::Encoding { .. }) => {
            problems.push(e.problem(&file.shown));
            None
        }
        Err(e) => {
            problems.push(refused(e.describe()));
            None
        }
    }
}

/// Builds the cards of one card file with `host`; cards with problems are left out (their
/// problems are recorded). Each source's `def` is to be filled in by the caller.
pub(crate) fn load_card_file(
    dir: &Path,
    file: &Path,
    host: &ScriptHost,
    set: &CardDb,
    problems: &mut Vec<Problem>,
) -> Vec<(CardDef, CardSource)> {
    let root = SetRoot::new(dir);
    let written = file.strip_prefix(dir).unwrap_or(file).display().to_string();
    match root.inside(file, &written) {
        Ok(f) => {
            let (built, text) = load_cards_in(&root, &f, host, problems);
            // 盟約 partners may name the file's own cards or any other card of the set.
            let known: HashSet<&str> = set
                .iter()
                .map(|(_, d)| play_name(&d.name))
                .chain(built.iter().map(|(d, _, _)| play_name(&d.name)))
                .collect();
            let refs: Vec<(&NameRef, &Path, &str)> = built
                .iter()
                .flat_map(|(d, _, r)| r.iter().map(|r| (r, f.shown.as_path(), d.name.as_str())))
                .collect();
            let mut texts = Texts::new(&root);
            if let Some(text) = text {
                texts.keep(f.shown.clone(), text);
            }
            check_partners(&known, &refs, &mut texts, problems);
            built.into_iter().map(|(def, src, _)| (def, src)).collect()
        }
        Err(m) => {
            problems.push(Problem::file(file, format!("cannot read: {m}")));
            Vec::new()
        }
    }
}

/// A card built from a card file: its definition, where it came from, and the card names its
/// keyword lines refer to.
type Built = (CardDef, CardSource, Vec<NameRef>);

/// The cards of one card file, and the file's text (when it could be read).
fn load_cards_in(
    root: &SetRoot,
    file: &InSet,
    host: &ScriptHost,
    problems: &mut Vec<Problem>,
) -> (Vec<Built>, Option<String>) {
    let Some(text) = read(file, MAX_FILE_BYTES, problems) else {
        return (Vec::new(), None);
    };
    let ft = FileText::new(&file.shown, &text);
    let mut out = Vec::new();
    for entry in parse_cards(&ft, problems) {
        let span = entry.span();
        let entry = entry.into_inner();
        let name = entry.name.get_ref().clone();
        let before = problems.len();
        let mut refs = Vec::new();
        let def = build_card(root, &ft, &entry, host, &mut refs, problems);
        match def.filter(|_| problems.len() == before) {
            Some(def) => out.push((
                def,
                CardSource {
                    def: DefId(0),
                    file: file.shown.clone(),
                    span,
                    script: entry.script.as_ref().map(|s| root.dir().join(s.get_ref())),
                    number: entry.number.as_ref().map(|n| n.get_ref().clone()),
                },
                refs,
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
    (out, Some(text))
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

/// Builds one card: printed values, DSL lines, then its script's abilities. The card names
/// its keyword lines refer to are added to `refs`.
fn build_card(
    root: &SetRoot,
    ft: &FileText<'_>,
    e: &CardEntry,
    host: &ScriptHost,
    refs: &mut Vec<NameRef>,
    problems: &mut Vec<Problem>,
) -> Option<CardDef> {
    let name = e.name.get_ref();
    let kind = parse_kind(e.kind.get_ref()).or_else(|| {
        problems.push(
            ft.problem(
                e.kind.span(),
                format!("unknown card type `{}`", e.kind.get_ref()),
            )
            .help("use `unit`, `base` or `strategy`; for a dimension deck `dimension`, `phenomenon`, `shuffle_card`, `d2_field` or `spell`"),
        );
        None
    });
    let command = kind.is_some_and(CardKind::in_dimension_deck);
    let required = |field: &str| {
        ft.problem(
            e.name.span(),
            format!("a {} needs a `{field}`", e.kind.get_ref()),
        )
    };
    let timing = match &e.timing {
        Some(t) => parse_timing(t.get_ref()).or_else(|| {
            problems.push(
                ft.problem(t.span(), format!("unknown timing `{}`", t.get_ref()))
                    .help("use `normal`, `quick` or `battle` (ノーマル / クイック / バトル)"),
            );
            None
        }),
        // A dimension-deck card is never played: its timing is never read.
        None if command || kind.is_none() => Some(dzero_core::Timing::Normal),
        None => {
            problems.push(required("timing").help("add e.g. `timing = \"normal\"`"));
            None
        }
    };
    let values_ok = printed_values::check_card(ft, e, kind, problems);
    let mut colours = dzero_core::Colours::NONE;
    for c in &e.colours {
        match parse_colour(c.get_ref()) {
            Some(c) => colours = colours.with(c),
            None => problems.push(
                ft.problem(c.span(), format!("unknown colour `{}`", c.get_ref()))
                    .help("use 赤 黒 青 白 緑 (or red black blue white green)"),
            ),
        }
    }
    let cost = match &e.cost {
        Some(c) => dsl::cost(ft, c, problems),
        None if command || kind.is_none() => Some(dzero_core::Cost::FREE),
        None => {
            problems.push(required("cost").help("add e.g. `cost = \"赤1 無1\"`"));
            None
        }
    };
    let move_cost = e.move_cost.as_ref().map(|m| dsl::cost(ft, m, problems));
    let (kind, timing, cost) = (kind?, timing?, cost?);
    if !values_ok {
        return None;
    }
    fn text(v: &Option<Spanned<String>>) -> &str {
        v.as_ref().map_or("", |s| s.get_ref().as_str())
    }
    let number = |v: &Option<Spanned<i64>>| v.as_ref().map_or(0, |n| *n.get_ref() as i32);
    let mut def = CardDef::new(name, kind)
        .timing(timing)
        .cost(cost)
        .race(text(&e.race))
        .text(text(&e.text));
    if let Some(r) = &e.deck_rules {
        def.deck_rules = crate::card_deck_rules::parse(ft, r, parse_colour, problems)?;
    }
    def.colours = colours;
    def.power = number(&e.power);
    def.smash = number(&e.smash);
    def.move_cost = match move_cost {
        Some(m) => Some(m?),
        None if kind == CardKind::Unit => {
            problems.push(
                ft.problem(e.name.span(), "a unit needs a move cost (R1.3)")
                    .help("add e.g. `move_cost = \"無1\"`"),
            );
            return None;
        }
        None => None,
    };
    let script = match &e.script {
        Some(s) => Some(read_named(root, ft, s, "script", problems)?),
        None => None,
    };
    let mut exports = None;
    if let Some((path, src)) = &script {
        let rel = e
            .script
            .as_ref()
            .map_or(String::new(), |s| s.get_ref().clone());
        def = match host.load_card_with_exports(def, &chunk_name(root.dir(), &rel), src) {
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
    let mut scripts = dsl::LuaRefs {
        exports: exports.as_ref(),
    };
    dsl::abilities(ft, &e.keywords, &mut def, &mut scripts, refs, problems)?;
    if def.kind == CardKind::Strategy && def.spell.is_none() {
        problems.push(
            ft.problem(e.name.span(), "a strategy needs an effect")
                .help("add a ○ line to `keywords` (docs/dsl.md) or `script = \"scripts/….lua\"` declaring card:on_play { … }"),
        );
        return None;
    }
    Some(def)
}
