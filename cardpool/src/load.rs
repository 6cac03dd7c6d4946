//! Loading a set folder: `set.toml`, `cards/*.toml`, Lua scripts, `decks/*.txt` and
//! `dimensions/*.txt`.

use crate::card_build::{build_card, chunk_name, read, read_named, script_problem, set_name};
use crate::card_set::{CardSet, CardSource, Loaded};
use crate::deck::parse_deck_with;
use crate::diag::{FileText, Problem};
use crate::dimension_deck::parse_dimension_deck;
use crate::dsl::NameRef;
use crate::files::{self, InSet, MAX_DECK_BYTES, MAX_FILE_BYTES, SetRoot};
use crate::format::{CardEntry, SetFile};
use crate::printed_values;
use crate::requires::{self, Chain};
use crate::rule_sets;
use crate::set_checks::{Texts, check_duplicates, check_partners};
use crate::suggest::did_you_mean;
use dzero_core::{CardDb, CardDef, DefId, RuleSet, play_name};
use dzero_script_api::{Limits, ScriptHost};
use std::collections::HashSet;
use std::ops::Range;
use std::path::Path;
use std::rc::Rc;
use toml::Spanned;

/// The file behind a chunk name of the set in `root`, if it is one of the set's own files (a
/// script can name a chunk anything; nothing outside the set is read for it).
pub(crate) fn script_file(root: &SetRoot, chunk: &str) -> Option<InSet> {
    let rel = chunk
        .strip_prefix(&set_name(root.dir()))?
        .strip_prefix('/')?;
    root.resolve(rel).ok()
}

/// A TOML error as a problem; `fallback` locates errors that carry no span of their own.
fn toml_problem(ft: &FileText<'_>, e: &toml::de::Error, fallback: Range<usize>) -> Problem {
    ft.problem(e.span().unwrap_or(fallback), e.message().to_owned())
}

/// The fields of a `[[card]]` table, for "did you mean".
const CARD_FIELDS: &[&str] = &[
    "name",
    "number",
    "type",
    "colours",
    "race",
    "timing",
    "cost",
    "move_cost",
    "power",
    "smash",
    "text",
    "note",
    "script",
    "flavour",
    "rarity",
    "invented",
    "deck_rules",
];

/// A `[[card]]` table read from a card file.
struct ParsedCard {
    /// The card, with the span of its table.
    entry: Spanned<CardEntry>,
    /// Whether reading it already found a problem (a bad field was left out to read the rest):
    /// the card is checked for its other problems but not added.
    failed: bool,
}

/// The key of `table` an error at `at` is about (its key or its value), if any.
fn key_at(table: &toml::de::DeTable<'_>, at: &Range<usize>) -> Option<String> {
    table
        .iter()
        .find(|(k, v)| {
            let (ks, vs) = (k.span(), v.span());
            ks == *at || vs == *at || (vs.start <= at.start && at.end <= vs.end)
        })
        .map(|(k, _)| k.get_ref().to_string())
}

/// A problem reading a `[[card]]` table, with "did you mean" for an unknown field.
fn card_problem(
    ft: &FileText<'_>,
    e: &toml::de::Error,
    span: Range<usize>,
    key: Option<&str>,
) -> Problem {
    match key.filter(|_| e.message().starts_with("unknown field")) {
        Some(k) => {
            let p = ft.problem(e.span().unwrap_or(span), format!("unknown field `{k}`"));
            let fields = CARD_FIELDS.join(", ");
            match k {
                "keywords" => p,
                _ => p.help(
                    match did_you_mean(k, CARD_FIELDS.iter().copied(), ("`", "`")) {
                        Some(d) => format!("{d} (a card's fields: {fields})"),
                        None => format!("a card's fields: {fields}"),
                    },
                ),
            }
        }
        None => toml_problem(ft, e, span),
    }
}

/// The `[[card]]` tables of a card file. The file is parsed once, recovering from syntax
/// errors, and each card is read on its own, so one bad card does not hide the others, every
/// error is reported, and the work stays proportional to the file's size. A card with a bad
/// field is read again without it, so its other problems are found in the same run, and its
/// problems name it, so that deck lists naming it report nothing more.
fn parse_cards(ft: &FileText<'_>, problems: &mut Vec<Problem>) -> Vec<ParsedCard> {
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
            let p = ft.problem(
                key.span(),
                format!("unknown field `{}`, expected `card`", key.get_ref()),
            );
            problems.push(p.help("a card file holds [[card]] tables only"));
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
            let mut item = item.into_inner();
            let name = match &item {
                DeValue::Table(t) => match t.get("name").map(|v| v.get_ref()) {
                    Some(DeValue::String(n)) => Some(n.to_string()),
                    _ => None,
                },
                _ => None,
            };
            let mut failed = false;
            for _ in 0..CARD_FIELDS.len() + 2 {
                let read = CardEntry::deserialize(ValueDeserializer::from(Spanned::new(
                    span.clone(),
                    item.clone(),
                )));
                let e = match read {
                    Ok(c) => {
                        cards.push(ParsedCard {
                            entry: Spanned::new(span.clone(), c),
                            failed,
                        });
                        break;
                    }
                    Err(e) => e,
                };
                failed = true;
                let DeValue::Table(table) = &mut item else {
                    problems.push(toml_problem(ft, &e, span.clone()));
                    break;
                };
                let key = e.span().and_then(|at| key_at(table, &at));
                let mut p = card_problem(ft, &e, span.clone(), key.as_deref());
                if let Some(n) = &name {
                    p = p.card(n);
                }
                problems.push(p);
                // Without its name or type the card cannot be read further.
                match key {
                    Some(k) if k != "name" && k != "type" => {
                        table.remove(k.as_str());
                    }
                    _ => break,
                }
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
    for parsed in parse_cards(&ft, problems) {
        let entry = parsed.entry;
        let span = entry.span();
        let entry = entry.into_inner();
        let name = entry.name.get_ref().clone();
        let before = problems.len();
        let mut refs = Vec::new();
        let def = build_card(root, &ft, &entry, host, &mut refs, problems);
        match def.filter(|_| !parsed.failed) {
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
