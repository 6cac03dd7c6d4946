//! The ranges the rules allow for the printed values of a card file: numbers (power, smash),
//! names and texts (no control characters, sane lengths), colours, and which values only units
//! have (R1.3). Each problem is at the value's place in the file. Also how card types, colours
//! and timings are written.

use crate::diag::{FileText, Problem, is_hidden, is_invisible};
use crate::format::CardEntry;
use dzero_core::{CardKind, Colour, Timing};
use toml::Spanned;

/// Longest card name, race, id or set name (characters).
pub(crate) const NAME_CHARS: usize = 100;
/// Longest collector number or rarity (characters).
pub(crate) const SHORT_CHARS: usize = 16;
/// Longest rules or flavour text (characters).
pub(crate) const TEXT_CHARS: usize = 4000;
/// Highest printed power (the DSL's largest modifier, `dzero_grammar::MAX_POWER_DELTA`).
pub(crate) const MAX_POWER: i64 = dzero_grammar::MAX_POWER_DELTA as i64;
/// Highest printed smash (the DSL's largest modifier, `dzero_grammar::MAX_SMASH_DELTA`).
pub(crate) const MAX_SMASH: i64 = dzero_grammar::MAX_SMASH_DELTA as i64;

/// Why `s` is not an acceptable text of at most `max` characters (`multiline`: newlines and
/// tabs are allowed), or `None`.
pub(crate) fn bad_text(s: &str, max: usize, multiline: bool) -> Option<String> {
    if let Some(c) = s
        .chars()
        .find(|&c| is_hidden(c) && !(multiline && matches!(c, '\n' | '\t' | '\r')))
    {
        return Some(format!(
            "contains the invisible character U+{:04X}",
            u32::from(c)
        ));
    }
    let n = s.chars().count();
    (n > max).then(|| format!("is too long ({n} characters; at most {max})"))
}

/// Checks a text field; `true` when it is acceptable.
fn text_field(
    ft: &FileText<'_>,
    field: &str,
    s: &Spanned<String>,
    max: usize,
    multiline: bool,
    problems: &mut Vec<Problem>,
) -> bool {
    match bad_text(s.get_ref(), max, multiline) {
        Some(why) => {
            problems.push(ft.problem(s.span(), format!("`{field}` {why}")));
            false
        }
        None => true,
    }
}

/// Checks a whole-number field against `lo..=hi`.
fn number_field(
    ft: &FileText<'_>,
    field: &str,
    v: &Spanned<i64>,
    (lo, hi): (i64, i64),
    problems: &mut Vec<Problem>,
) {
    let n = *v.get_ref();
    if !(lo..=hi).contains(&n) {
        problems.push(ft.problem(
            v.span(),
            format!("`{field}` must be between {lo} and {hi}, not {n}"),
        ));
    }
}

/// Every printed value of `e` (a card of type `kind`, when known) outside what the rules
/// allow; problems are recorded and `false` returned.
pub(crate) fn check_card(
    ft: &FileText<'_>,
    e: &CardEntry,
    kind: Option<CardKind>,
    problems: &mut Vec<Problem>,
) -> bool {
    let before = problems.len();
    let name = e.name.get_ref();
    if name.trim().is_empty() {
        problems.push(ft.problem(e.name.span(), "the card name is empty"));
    } else if name.chars().all(is_invisible) {
        let codes: Vec<String> = name
            .chars()
            .take(8)
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        problems.push(
            ft.problem(
                e.name.span(),
                format!(
                    "the card name has no visible character (only {})",
                    codes.join(" ")
                ),
            )
            .help("zero-width and other invisible characters look like an empty name"),
        );
    } else if text_field(ft, "name", &e.name, NAME_CHARS, false, problems) {
        if name.trim() != name {
            problems.push(ft.problem(e.name.span(), "the card name starts or ends with a space"));
        } else if name.starts_with(is_invisible) || name.ends_with(is_invisible) {
            problems.push(ft.problem(
                e.name.span(),
                "the card name starts or ends with an invisible character",
            ));
        } else if name.contains('#') {
            problems.push(
                ft.problem(e.name.span(), "the card name contains `#`")
                    .help("`#` starts a comment in deck lists, so the card could not be listed"),
            );
        }
    }
    if let Some(n) = &e.number
        && text_field(ft, "number", n, SHORT_CHARS, false, problems)
        && n.get_ref().trim().is_empty()
    {
        problems.push(ft.problem(n.span(), "`number` is empty"));
    }
    for (field, value, max, multiline) in [
        ("race", &e.race, NAME_CHARS, false),
        ("rarity", &e.rarity, SHORT_CHARS, false),
        ("text", &e.text, TEXT_CHARS, true),
        ("note", &e.note, TEXT_CHARS, true),
        ("flavour", &e.flavour, TEXT_CHARS, true),
    ] {
        if let Some(v) = value {
            text_field(ft, field, v, max, multiline, problems);
        }
    }
    let command = kind.is_some_and(CardKind::in_dimension_deck);
    if command {
        command_fields(ft, e, problems);
    } else if e.colours.is_empty() {
        problems.push(
            ft.problem(e.name.span(), "the card has no colour (R1.4)")
                .help("add e.g. `colours = [\"赤\"]`"),
        );
    }
    for (i, c) in e.colours.iter().enumerate() {
        if e.colours[..i].iter().any(|d| d.get_ref() == c.get_ref()) {
            problems.push(ft.problem(
                c.span(),
                format!("colour `{}` is listed twice", c.get_ref()),
            ));
        }
    }
    let unit = kind == Some(CardKind::Unit);
    let only_units = |field: &str, span: std::ops::Range<usize>| {
        ft.problem(span, format!("only units have {field} (R1.3)"))
            .help(format!("remove `{field}` from this card"))
    };
    for (field, value, range) in [
        ("power", &e.power, (0, MAX_POWER)),
        ("smash", &e.smash, (0, MAX_SMASH)),
    ] {
        match value {
            Some(v) if unit => number_field(ft, field, v, range, problems),
            Some(v) if kind.is_some() && !command => problems.push(only_units(field, v.span())),
            _ => {}
        }
    }
    if let Some(m) = &e.move_cost
        && kind.is_some()
        && !unit
        && !command
    {
        problems.push(only_units("move_cost", m.span()));
    }
    // Strategies may show a category in the race column too (CARDS.md: スペルカード), but an
    // empty one says nothing.
    if let Some(r) = &e.race
        && r.get_ref().trim().is_empty()
    {
        problems.push(
            ft.problem(r.span(), "the race is empty")
                .help("name the race, e.g. `race = \"ヒューマン\"`, or remove the line"),
        );
    }
    problems.len() == before
}

/// The fields a card of the dimension deck (R19.2) does not have, each refused at its place:
/// it is never played, paid for, coloured or moved, and has no power (R19.8).
fn command_fields(ft: &FileText<'_>, e: &CardEntry, problems: &mut Vec<Problem>) {
    let refuse = |field: &str, span: std::ops::Range<usize>| {
        ft.problem(
            span,
            format!("a card of the dimension deck has no {field} (R19.2, R19.8)"),
        )
        .help(format!("remove `{field}` from this card"))
    };
    let spans = [
        ("timing", e.timing.as_ref().map(Spanned::span)),
        ("cost", e.cost.as_ref().map(Spanned::span)),
        ("move_cost", e.move_cost.as_ref().map(Spanned::span)),
        ("power", e.power.as_ref().map(Spanned::span)),
        ("smash", e.smash.as_ref().map(Spanned::span)),
        ("colours", e.colours.first().map(Spanned::span)),
    ];
    for (field, span) in spans {
        if let Some(span) = span {
            problems.push(refuse(field, span));
        }
    }
    if e.deck_rules.is_some() {
        problems.push(refuse("deck_rules", e.name.span()));
    }
}

/// A card type as written: `unit`, `base`, `strategy`, `dimension`, `phenomenon`,
/// `shuffle_card`, the stand-ins `d2_field` (a dimension) and `spell` (a phenomenon, R19.6),
/// or their Japanese names.
pub(crate) fn parse_kind(s: &str) -> Option<CardKind> {
    match s {
        "unit" | "ユニット" => Some(CardKind::Unit),
        "base" | "ベース" => Some(CardKind::Base),
        "strategy" | "ストラテジー" => Some(CardKind::Strategy),
        "dimension" | "次元" | "d2_field" | "D2フィールド" => Some(CardKind::Dimension),
        "phenomenon" | "現象" | "spell" | "呪文" => Some(CardKind::Phenomenon),
        "shuffle_card" | "シャッフルカード" => Some(CardKind::ShuffleCard),
        _ => None,
    }
}

/// A colour as written: 赤 黒 青 白 緑 or red black blue white green.
pub(crate) fn parse_colour(s: &str) -> Option<Colour> {
    match s {
        "赤" | "red" => Some(Colour::Red),
        "黒" | "black" => Some(Colour::Black),
        "青" | "blue" => Some(Colour::Blue),
        "白" | "white" => Some(Colour::White),
        "緑" | "green" => Some(Colour::Green),
        _ => None,
    }
}

/// A timing as written: `normal`, `quick`, `battle` or their Japanese names.
pub(crate) fn parse_timing(s: &str) -> Option<Timing> {
    match s {
        "normal" | "ノーマル" => Some(Timing::Normal),
        "quick" | "クイック" => Some(Timing::Quick),
        "battle" | "バトル" => Some(Timing::Battle),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(bad_text("チルノ", NAME_CHARS, false), None);
        assert!(bad_text("a\u{1b}[2Jb", NAME_CHARS, false).is_some());
        assert!(bad_text("a\u{202E}b", NAME_CHARS, false).is_some());
        assert!(bad_text("a\nb", NAME_CHARS, false).is_some());
        assert_eq!(bad_text("a\nb", TEXT_CHARS, true), None);
        assert!(bad_text(&"x".repeat(101), NAME_CHARS, false).is_some());
    }

    /// The card schema offers exactly the colours the loader accepts.
    #[test]
    fn schema_colours_are_the_loaders() {
        let schema = crate::format::card_schema().to_string();
        let start = schema.find("\"colours\"").expect("colours in the schema");
        let items = &schema[start..];
        let open = items.find("\"enum\":[").expect("a colour enum") + 8;
        let close = open + items[open..].find(']').unwrap();
        let names: Vec<&str> = items[open..close]
            .split(',')
            .map(|n| n.trim_matches('"'))
            .collect();
        assert_eq!(names.len(), 10);
        for n in &names {
            assert!(parse_colour(n).is_some(), "{n}");
        }
        assert!(parse_colour("紫").is_none() && !names.contains(&"紫"));
    }
}
