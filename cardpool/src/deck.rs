//! Deck lists: a plain text format, one `COUNT NAME` per line (`3 チルノ`); `#` starts a comment.
//! An optional `[sideboard]` line starts the sideboard's entries (R2.3).

use crate::deck_text::DeckText;
use crate::diag::{FileText, Problem};
use crate::files::strip_bom;
use dzero_core::Lang;
use dzero_core::{BracketNames, CardDb, DefId, Player, RuleSet, SetupError, check_deck, play_name};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;

/// A deck list resolved against a card database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (the file stem).
    pub name: String,
    /// The cards, in list order.
    pub cards: Vec<DefId>,
    /// The sideboard's cards, in list order (empty without a `[sideboard]` section).
    pub sideboard: Vec<DefId>,
}

/// The line that starts a deck list's sideboard.
pub const SIDEBOARD_HEADER: &str = "[sideboard]";

/// Parses and checks a deck list against `db` and `rules`; every problem is reported. Counts
/// are checked against the rules before any card is added, so no count can make the deck
/// allocate more than the rules' deck size.
pub fn parse_deck(
    file: &Path,
    text: &str,
    db: &CardDb,
    rules: &RuleSet,
) -> Result<Deck, Vec<Problem>> {
    parse_deck_with(file, text, db, rules, &HashSet::new())
}

/// [`parse_deck`] in a set where the cards named in `broken` failed to load: lines naming them
/// are not problems again (the card's own problem says why), but the deck cannot be built, so
/// its size and copies are not checked either (an `Err` that may hold no problem).
pub fn parse_deck_with(
    file: &Path,
    text: &str,
    db: &CardDb,
    rules: &RuleSet,
    broken: &HashSet<String>,
) -> Result<Deck, Vec<Problem>> {
    let mut incomplete = false;
    let text = strip_bom(text);
    let ft = FileText::new(file, text);
    let mut index: HashMap<&str, DefId> = HashMap::with_capacity(db.len());
    for (id, def) in db.iter() {
        index.entry(def.name.as_str()).or_insert(id);
    }
    let max = u64::from(rules.max_copies);
    let size = u64::from(rules.deck_size);
    let mut problems = Vec::new();
    let mut entries: Vec<(DefId, u64, std::ops::Range<usize>)> = Vec::new();
    let mut side: Vec<(DefId, u64, std::ops::Range<usize>)> = Vec::new();
    // The `[sideboard]` line, once seen.
    let mut side_header: Option<std::ops::Range<usize>> = None;
    let mut total = 0u64;
    for (body, whole) in list_lines(text) {
        let lead = whole.start;
        if body.starts_with('[') {
            if body == SIDEBOARD_HEADER && side_header.is_none() {
                side_header = Some(whole);
            } else if body == SIDEBOARD_HEADER {
                problems.push(ft.problem(whole, "a second `[sideboard]` line"));
            } else {
                problems.push(ft.problem(
                    whole,
                    format!("unknown section `{body}`: a deck list has one, `[sideboard]`"),
                ));
            }
            continue;
        }
        let (n, count, count_span, name) = match count_and_name(&ft, &whole, lead, body, "3 チルノ")
        {
            Ok(line) => line,
            Err(p) => {
                problems.push(*p);
                continue;
            }
        };
        if n == 0 || n > max {
            problems.push(
                ft.problem(
                    count_span,
                    format!(
                        "{count} copies: a deck holds {} (R2.2)",
                        copies_allowed(max)
                    ),
                )
                .help(format!("the deck has exactly {size} cards")),
            );
            continue;
        }
        let name = name.trim();
        match index.get(name) {
            Some(&d) if side_header.is_some() => side.push((d, n, whole)),
            Some(&d) => {
                entries.push((d, n, whole));
                total += n;
            }
            None if broken.contains(name) => incomplete = true,
            None => {
                let p = ft.problem(whole, format!("no card named 「{name}」 in this set"));
                problems.push(
                    match crate::suggest::card_name_help(name, index.keys().copied()) {
                        Some(h) => p.help(h),
                        None => p,
                    },
                );
            }
        }
    }
    if incomplete {
        return Err(problems);
    }
    if problems.is_empty() && total != size {
        // Located at the last entry, where a count is most often changed.
        let message = format!(
            "the deck has {total} cards; the rule set `{}` needs exactly {size} (R2.1)",
            rules.name
        );
        problems.push(match entries.last() {
            Some((_, _, span)) => ft.problem(span.clone(), message),
            None => Problem::file(file, message),
        });
    }
    if problems.is_empty() {
        problems.extend(crate::card_deck_rules::located(&ft, db, &entries));
    }
    let mut cards = Vec::new();
    if problems.is_empty() {
        for &(d, n, _) in &entries {
            cards.extend(std::iter::repeat_n(d, n as usize));
        }
    }
    if problems.is_empty()
        && let Err(e) = check_deck(db, rules, Player::One, &cards)
    {
        let message = match e {
            SetupError::DeckSize {
                found, expected, ..
            } => {
                format!(
                    "the deck has {found} cards; the rule set `{}` needs exactly {expected} (R2.1)",
                    rules.name
                )
            }
            SetupError::TooManyCopies {
                ref name,
                count,
                max,
                ..
            } => {
                format!(
                    "the deck has {count} copies of 「{name}」; it holds {} (R2.2)",
                    copies_allowed(max as u64)
                )
            }
            ref other => DeckText::new(db, Lang::En).setup_error(other),
        };
        // Located at the card's last line for a copy limit, the last entry for the size.
        let at = match &e {
            SetupError::TooManyCopies { name, .. } => entries.iter().rev().find(|(d, _, _)| {
                db.get(*d)
                    .is_some_and(|def| counted(rules, &def.name) == name)
            }),
            _ => entries.last(),
        };
        problems.push(match at {
            Some((_, _, span)) => ft.problem(span.clone(), message),
            None => Problem::file(file, message),
        });
    }
    // A rule set without sideboards (single duels, A26) plays the main deck: the section's
    // names are checked, the cards set aside.
    let mut sideboard = Vec::new();
    if problems.is_empty()
        && rules.sideboard > 0
        && let Some(header) = side_header
    {
        problems.extend(sideboard_problems(&ft, db, rules, &entries, &side, header));
        for &(d, n, _) in &side {
            sideboard.extend(std::iter::repeat_n(d, n as usize));
        }
    }
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if problems.is_empty() {
        Ok(Deck {
            name,
            cards,
            sideboard,
        })
    } else {
        Err(problems)
    }
}

/// R2.3: the sideboard has exactly the rule set's sideboard size, and deck plus sideboard hold
/// at most the copies per name allowed.
fn sideboard_problems(
    ft: &FileText<'_>,
    db: &CardDb,
    rules: &RuleSet,
    deck: &[(DefId, u64, std::ops::Range<usize>)],
    side: &[(DefId, u64, std::ops::Range<usize>)],
    header: std::ops::Range<usize>,
) -> Vec<Problem> {
    let size: u64 = side.iter().map(|&(_, n, _)| n).sum();
    if size != u64::from(rules.sideboard) {
        let at = side.last().map_or(header, |(_, _, span)| span.clone());
        return vec![ft.problem(
            at,
            format!(
                "the sideboard has {size} cards; the rule set `{}` needs exactly {} (R2.3)",
                rules.name, rules.sideboard
            ),
        )];
    }
    let name_of = |d: DefId| db.get(d).map_or("", |def| counted(rules, &def.name));
    let mut problems = Vec::new();
    let mut reported = HashSet::new();
    for (d, _, span) in side.iter().rev() {
        let d = *d;
        let name = name_of(d);
        let count: u64 = deck
            .iter()
            .chain(side)
            .filter(|&&(e, _, _)| name_of(e) == name)
            .map(|&(_, n, _)| n)
            .sum();
        if count > u64::from(rules.max_copies) && reported.insert(name) {
            problems.push(ft.problem(
                span.clone(),
                format!(
                    "deck and sideboard have {count} copies of 「{name}」; together they hold {} (R2.3)",
                    copies_allowed(u64::from(rules.max_copies))
                ),
            ));
        }
    }
    problems.reverse();
    problems
}

/// The name a card counts under for the copies per name (R18.4).
/// The lines of a list file that hold something, comments (`#` on) cut: each line's text and
/// its span in `text`.
pub(crate) fn list_lines(text: &str) -> impl Iterator<Item = (&str, std::ops::Range<usize>)> {
    let mut offset = 0;
    text.split_inclusive('\n').filter_map(move |line| {
        let start = offset;
        offset += line.len();
        let content = line.split('#').next().unwrap_or("").trim_end();
        let body = content.trim_start();
        let lead = start + content.len() - body.len();
        (!body.is_empty()).then(|| (body, lead..start + content.len()))
    })
}

/// Splits an entry line `COUNT NAME` (starting at `lead`, the whole line `whole`) into its
/// count, the count's text and span, and the name; a line without a name or a count that is not
/// digits is the problem. `example` shows an entry in the message.
pub(crate) fn count_and_name<'a>(
    ft: &FileText<'_>,
    whole: &Range<usize>,
    lead: usize,
    body: &'a str,
    example: &str,
) -> Result<(u64, &'a str, Range<usize>, &'a str), Box<Problem>> {
    let Some((count, name)) = body.split_once(char::is_whitespace) else {
        return Err(Box::new(ft.problem(
            whole.clone(),
            format!("expected `COUNT NAME`, e.g. `{example}`, found `{body}`"),
        )));
    };
    let count_span = lead..lead + count.len();
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Box::new(
            ft.problem(count_span, format!("`{count}` is not a card count")),
        ));
    }
    // Digits only: a parse error is an overflow, as far beyond any limit as it gets.
    let n = count.parse::<u64>().unwrap_or(u64::MAX);
    Ok((n, count, count_span, name))
}

fn counted<'a>(rules: &RuleSet, name: &'a str) -> &'a str {
    match rules.bracket_names {
        BracketNames::Separate => name,
        BracketNames::Base => play_name(name),
    }
}

/// "at most 1 copy of each card" / "1 to 3 copies of a card".
fn copies_allowed(max: u64) -> String {
    if max == 1 {
        "at most 1 copy of each card".to_owned()
    } else {
        format!("1 to {max} copies of a card")
    }
}
