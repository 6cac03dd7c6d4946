//! Deck-building restrictions printed on cards (`deck_rules = { … }` in card files) and their
//! located report in deck lists.

use crate::deck_text::DeckText;
use crate::diag::{FileText, Problem};
use crate::format::DeckRulesEntry;
use dzero_core::Lang;
use dzero_core::{CardDb, Colour, DeckRules, DefId, check_deck_rules};
use std::ops::Range;

/// Reads a card's `deck_rules` table; every bad value is a located problem.
pub(crate) fn parse(
    ft: &FileText<'_>,
    e: &DeckRulesEntry,
    colour: fn(&str) -> Option<Colour>,
    problems: &mut Vec<Problem>,
) -> Option<DeckRules> {
    let before = problems.len();
    let mut rules = DeckRules::default();
    if let Some(c) = &e.copies {
        match u8::try_from(*c.get_ref()) {
            Ok(n) if n >= 1 => rules.copies = Some(n),
            _ => problems.push(ft.problem(
                c.span(),
                format!("deck_rules.copies must be 1 to 255, not {}", c.get_ref()),
            )),
        }
    }
    for k in &e.keywords {
        match DeckRules::parse_keyword(k.get_ref()) {
            Some(kw) => rules.keywords.push(kw),
            None => problems.push(
                ft.problem(
                    k.span(),
                    format!(
                        "`{}` is not a deck-building keyword with its number",
                        k.get_ref()
                    ),
                )
                .help("write the keyword as printed, a name then a number: `禁呪2`"),
            ),
        }
    }
    if !e.colours.is_empty() {
        let mut set = dzero_core::Colours::NONE;
        for c in &e.colours {
            match colour(c.get_ref()) {
                Some(c) => set = set.with(c),
                None => problems.push(
                    ft.problem(c.span(), format!("unknown colour `{}`", c.get_ref()))
                        .help("use 赤 黒 青 白 緑 (or red black blue white green)"),
                ),
            }
        }
        rules.colours = Some(set);
    }
    (problems.len() == before).then_some(rules)
}

/// The broken printed restrictions of a deck list's cards, each located at the line of the
/// card whose rule it is.
pub(crate) fn located(
    ft: &FileText<'_>,
    db: &CardDb,
    entries: &[(DefId, u64, Range<usize>)],
) -> Vec<Problem> {
    let deck: Vec<(DefId, usize)> = entries.iter().map(|(d, n, _)| (*d, *n as usize)).collect();
    check_deck_rules(db, &deck)
        .into_iter()
        .map(|b| {
            let span = entries
                .iter()
                .find(|(d, _, _)| *d == b.card())
                .map_or(0..0, |(_, _, s)| s.clone());
            let message = DeckText::new(db, Lang::En).deck_rule(&b);
            ft.problem(span, format!("{message} (deck-building rule)"))
        })
        .collect()
}
