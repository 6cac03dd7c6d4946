//! Building one card of a card file: its printed values, its script and the lines of its
//! printed text, every problem of the card recorded before it is given up.

use crate::diag::{FileText, Problem};
use crate::dsl::{self, NameRef};
use crate::files::{self, InSet, MAX_FILE_BYTES, ReadError, SetRoot};
use crate::format::CardEntry;
use crate::printed_lines::{self, PrintedLine};
use crate::printed_values::{self, parse_colour, parse_kind, parse_timing};
use crate::suggest::did_you_mean;
use dzero_core::{CardDef, CardKind, Cost, Timing};
use dzero_script_api::{Claim, ScriptHost};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The Lua chunk name of a script: `<set folder name>/<path in the set>`, short enough for Lua
/// to print whole in messages; [`script_path`] maps it back.
pub(crate) fn chunk_name(dir: &Path, rel: &str) -> String {
    format!("{}/{rel}", set_name(dir))
}

/// The name of the set folder `dir`, also when it is given as `.` or `..`.
pub(crate) fn set_name(dir: &Path) -> String {
    let named = |d: &Path| d.file_name().map(|n| n.to_string_lossy().into_owned());
    named(dir)
        .or_else(|| std::fs::canonicalize(dir).ok().and_then(|d| named(&d)))
        .unwrap_or_default()
}

/// The text of a file inside the set, or `None` with its problem recorded.
pub(crate) fn read(file: &InSet, limit: u64, problems: &mut Vec<Problem>) -> Option<String> {
    match files::read_text(&file.real, limit) {
        Ok(s) => Some(s),
        Err(e) => {
            problems.push(e.problem(&file.shown));
            None
        }
    }
}

/// The file a set file names in the field `rel` (a `script` or a module), read if it is inside
/// the set; otherwise a problem at the field. Encoding errors are located in the named file.
pub(crate) fn read_named(
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

/// The card types a card file may name.
const KINDS: &[&str] = &[
    "unit",
    "base",
    "strategy",
    "dimension",
    "phenomenon",
    "shuffle_card",
    "d2_field",
    "spell",
    "ユニット",
    "ベース",
    "ストラテジー",
    "次元",
    "現象",
    "シャッフルカード",
    "D2フィールド",
    "呪文",
];

/// The timings a card file may name.
const TIMINGS: &[&str] = &[
    "normal",
    "quick",
    "battle",
    "ノーマル",
    "クイック",
    "バトル",
];

/// A help text: `did you mean …?` when a known word is near, then `rest`.
fn help_with(word: &str, known: &[&str], rest: &str) -> String {
    match did_you_mean(word, known.iter().copied(), ("`", "`")) {
        Some(d) => format!("{d} ({rest})"),
        None => rest.to_owned(),
    }
}

/// Builds one card: printed values, its script, then the lines of its printed text. Every
/// problem of the card is recorded; `None` when there was any. The card names its text refers
/// to are added to `refs`.
pub(crate) fn build_card(
    root: &SetRoot,
    ft: &FileText<'_>,
    e: &CardEntry,
    host: &ScriptHost,
    refs: &mut Vec<NameRef>,
    problems: &mut Vec<Problem>,
) -> Option<CardDef> {
    let before = problems.len();
    let name = e.name.get_ref();
    let kind = parse_kind(e.kind.get_ref()).or_else(|| {
        problems.push(
            ft.problem(
                e.kind.span(),
                format!("unknown card type `{}`", e.kind.get_ref()),
            )
            .help(help_with(e.kind.get_ref(), KINDS, "use `unit`, `base` or `strategy`; for a dimension deck `dimension`, `phenomenon`, `shuffle_card`, `d2_field` or `spell`")),
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
                    .help(help_with(
                        t.get_ref(),
                        TIMINGS,
                        "use `normal`, `quick` or `battle` (ノーマル / クイック / バトル)",
                    )),
            );
            None
        }),
        // A dimension-deck card is never played: its timing is never read.
        None if command || kind.is_none() => Some(Timing::Normal),
        None => {
            problems.push(required("timing").help("add e.g. `timing = \"normal\"`"));
            None
        }
    };
    printed_values::check_card(ft, e, kind, problems);
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
        None if command || kind.is_none() => Some(Cost::FREE),
        None => {
            problems.push(required("cost").help("add e.g. `cost = \"赤1 無1\"`"));
            None
        }
    };
    let move_cost = e
        .move_cost
        .as_ref()
        .and_then(|m| dsl::cost(ft, m, problems));
    if let Some(k) = &e.keywords {
        problems.push(
            ft.problem(
                k.span(),
                "`keywords` is no longer read: a card's printed `text` is what the game runs",
            )
            .help("move its lines into `text`, one printed line per line (text = \"\"\"…\"\"\"), and delete `keywords`; a line the card-text DSL cannot say is implemented by the script with `line = N`"),
        );
    }
    fn text(v: &Option<Spanned<String>>) -> &str {
        v.as_ref().map_or("", |s| s.get_ref().as_str())
    }
    let number = |v: &Option<Spanned<i64>>| v.as_ref().map_or(0, |n| *n.get_ref() as i32);
    let mut def = CardDef::new(name, kind.unwrap_or(CardKind::Unit))
        .timing(timing.unwrap_or(Timing::Normal))
        .cost(cost.unwrap_or(Cost::FREE))
        .race(text(&e.race))
        .text(text(&e.text));
    if let Some(r) = &e.deck_rules
        && let Some(rules) = crate::card_deck_rules::parse(ft, r, parse_colour, problems)
    {
        def.deck_rules = rules;
    }
    def.colours = colours;
    def.power = number(&e.power);
    def.smash = number(&e.smash);
    def.move_cost = move_cost;
    if kind == Some(CardKind::Unit) && e.move_cost.is_none() {
        problems.push(
            ft.problem(e.name.span(), "a unit needs a move cost (R1.3)")
                .help("add e.g. `move_cost = \"無1\"`"),
        );
    }
    let lines = e
        .text
        .as_ref()
        .map(|t| printed_lines::lines(ft, t))
        .unwrap_or_default();
    let script = e
        .script
        .as_ref()
        .and_then(|s| read_named(root, ft, s, "script", problems).map(|f| (s, f)));
    let mut exports = None;
    if let Some((rel, (path, src))) = &script
        && kind.is_some()
    {
        // On a script error the card is given up: a bare definition of the same type and
        // timing stands in while its text lines are checked.
        let bare = CardDef::new(name, def.kind).timing(def.timing);
        let taken = std::mem::replace(&mut def, bare);
        match host.load_card_with_exports(taken, &chunk_name(root.dir(), rel.get_ref()), src) {
            Ok((d, x)) => {
                def = d;
                exports = Some(x);
            }
            Err(err) => problems.push(script_problem(path, src, &err).card(name)),
        }
    }
    let mut claimed = match (&exports, &script) {
        (Some(x), Some((_, (path, src)))) => {
            check_claims(e, &lines, x.claims(), path, src, problems)
        }
        _ => HashSet::new(),
    };
    // A deck-building keyword printed as a line (`禁呪2（…）`) is implemented by `deck_rules`.
    claimed.extend(deck_keyword_lines(e, &lines));
    let mut scripts = dsl::LuaRefs {
        exports: exports.as_ref(),
    };
    let compile_them = kind.is_some() && timing.is_some();
    dsl::text_lines(
        ft,
        &lines,
        &claimed,
        &mut def,
        compile_them,
        &mut scripts,
        refs,
        problems,
        e.script.is_some(),
    );
    if problems.len() != before {
        return None;
    }
    if def.kind == CardKind::Strategy && def.spell.is_none() {
        problems.push(
            ft.problem(e.name.span(), "a strategy needs an effect")
                .help("add its ○ line to `text` (docs/dsl.md), or a script declaring card:on_play { line = N, … } for the printed line N it implements"),
        );
        return None;
    }
    Some(def)
}

/// The printed lines that are one of the card's deck-building keywords (`deck_rules.keywords`),
/// with or without their reminder text.
fn deck_keyword_lines(e: &CardEntry, lines: &[PrintedLine]) -> Vec<u32> {
    let Some(rules) = &e.deck_rules else {
        return Vec::new();
    };
    lines
        .iter()
        .filter(|l| {
            let word = l.text.split(['（', '(']).next().unwrap_or_default().trim();
            rules.keywords.iter().any(|k| k.get_ref().trim() == word)
        })
        .map(|l| l.number)
        .collect()
}

/// The byte range of line `line` (1-based) of `src`.
fn lua_line_span(src: &str, line: Option<u32>) -> std::ops::Range<usize> {
    let Some(line) = line else {
        return 0..0;
    };
    let start: usize = src
        .split_inclusive('\n')
        .take(line.saturating_sub(1) as usize)
        .map(str::len)
        .sum();
    let start = start.min(src.len());
    let len = src[start..].find('\n').unwrap_or(src.len() - start);
    start..start + len
}

/// Checks what the declarations of a card's script claim: each claims a printed ability line
/// of `lines`. Returns the claimed line numbers.
fn check_claims(
    e: &CardEntry,
    lines: &[PrintedLine],
    claims: &[Claim],
    path: &Path,
    src: &str,
    problems: &mut Vec<Problem>,
) -> HashSet<u32> {
    let name = e.name.get_ref();
    let abilities: Vec<&PrintedLine> = lines.iter().filter(|l| !l.reminder).collect();
    let listing = if abilities.is_empty() {
        "the card's `text` has no ability line: add the printed line this declaration implements"
            .to_owned()
    } else {
        let shown: Vec<String> = abilities
            .iter()
            .map(|l| format!("{} 「{}」", l.number, l.short()))
            .collect();
        format!("its printed ability lines: {}", shown.join(", "))
    };
    let mut claimed = HashSet::new();
    for c in claims {
        let at = lua_line_span(src, c.lua_line);
        match c.line {
            None => problems.push(
                Problem::at(
                    path,
                    src,
                    at,
                    format!("card:{} claims no printed line", c.kind),
                )
                .card(name)
                .help(format!(
                    "add `line = N` to it, N being the printed line of `text` it implements ({listing})"
                )),
            ),
            Some(n) => match lines.iter().find(|l| l.number == n) {
                Some(l) if !l.reminder => {
                    claimed.insert(n);
                }
                found => {
                    let why = match found {
                        Some(l) => format!("line {n} of the text, 「{}」, is reminder text", l.short()),
                        None => format!("the text has no line {n}"),
                    };
                    problems.push(
                        Problem::at(
                            path,
                            src,
                            at,
                            format!("card:{} claims printed line {n}, but {why}", c.kind),
                        )
                        .card(name)
                        .help(listing.clone()),
                    );
                }
            },
        }
    }
    claimed
}
