//! Dimension deck lists (次元戦, 次元探索戦, R19): `SET/dimensions/NAME.txt`, a `[dimensions]`
//! line then deck-list lines (`COUNT NAME`, `#` starts a comment). They are checked like
//! [`dzero_core::check_dimension_deck`], each problem at the line it concerns and naming the
//! rule (R19.2 to R19.7, A38).

use crate::deck_text::DeckText;
use crate::diag::{FileText, Problem};
use crate::files::strip_bom;
use dzero_core::Lang;
use dzero_core::{CardDb, CardKind, DefId, RuleSet, check_dimension_deck};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The line every dimension deck list starts with: the deck list's own section.
pub const DIMENSIONS_HEADER: &str = "[dimensions]";

/// Fewest cards of a dimension deck, not counting a shuffle card (R19.4).
const MIN_CARDS: u64 = 10;
/// Most cards of a dimension deck, not counting a shuffle card (R19.4).
const MAX_CARDS: u64 = 40;
/// Fewest cards of a 次元探索戦 dimension deck holding phenomena (R19.5).
const EXPLORATION_PHENOMENA_FROM: u64 = 20;

/// A dimension deck list resolved against a card database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimensionDeck {
    /// The list's file.
    pub file: PathBuf,
    /// Its name (the file stem).
    pub name: String,
    /// The cards in list order; the game shuffles them (R19.9).
    pub cards: Vec<DefId>,
}

/// One `COUNT NAME` line: the card, its count, its kind and where the line is.
struct Entry {
    def: DefId,
    count: u64,
    kind: CardKind,
    span: Range<usize>,
}

/// Parses and checks a dimension deck list against `db` and `rules`; every problem is reported
/// at its line. Cards named in `broken` failed to load: their lines are not reported again, but
/// the deck is then not checked as a whole (an `Err` that may hold no problem).
pub fn parse_dimension_deck(
    file: &Path,
    text: &str,
    db: &CardDb,
    rules: &RuleSet,
    broken: &HashSet<String>,
) -> Result<DimensionDeck, Vec<Problem>> {
    let text = strip_bom(text);
    let ft = FileText::new(file, text);
    if !rules.modules.dimension_deck {
        return Err(vec![Problem::file(
            file,
            format!(
                "the rule set `{}` has no dimension deck (R19.1)",
                rules.name
            ),
        )]);
    }
    let mut index: HashMap<&str, (DefId, CardKind)> = HashMap::with_capacity(db.len());
    for (id, def) in db.iter() {
        index.entry(def.name.as_str()).or_insert((id, def.kind));
    }
    let mut problems = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    let mut header = false;
    let mut incomplete = false;
    for (body, whole) in crate::deck::list_lines(text) {
        let lead = whole.start;
        if body.starts_with('[') {
            if body == DIMENSIONS_HEADER && !header && entries.is_empty() {
                header = true;
            } else if body == DIMENSIONS_HEADER {
                problems.push(ft.problem(whole, "a second `[dimensions]` line"));
            } else {
                problems.push(ft.problem(
                    whole,
                    format!(
                        "unknown section `{body}`: a dimension deck list has one, `[dimensions]`"
                    ),
                ));
            }
            continue;
        }
        if !header {
            problems.push(
                ft.problem(
                    whole.clone(),
                    "a dimension deck list starts with a `[dimensions]` line",
                )
                .help("add `[dimensions]` above the first card"),
            );
            header = true;
        }
        let (n, count, count_span, name) =
            match crate::deck::count_and_name(&ft, &whole, lead, body, "1 紅魔館") {
                Ok(line) => line,
                Err(p) => {
                    problems.push(*p);
                    continue;
                }
            };
        if n == 0 || n > MAX_CARDS {
            problems.push(ft.problem(
                count_span,
                format!(
                    "{count} copies: a dimension deck holds 1 to {MAX_CARDS} of a card (R19.4)"
                ),
            ));
            continue;
        }
        let name = name.trim();
        match index.get(name) {
            Some(&(def, kind)) => {
                if kind.in_dimension_deck() {
                    entries.push(Entry {
                        def,
                        count: n,
                        kind,
                        span: whole,
                    });
                } else {
                    problems.push(
                        ft.problem(
                            whole,
                            format!(
                                "「{name}」 is a {}, not a dimension or a phenomenon (R19.2, R19.6)",
                                kind_name(kind)
                            ),
                        )
                        .help("a player's cards go in `decks/`; a D2 field or a spell stands in only as a card of type `d2_field` or `spell`"),
                    );
                }
            }
            None if broken.contains(name) => incomplete = true,
            None => {
                let p = ft.problem(whole, format!("no card named 「{name}」 in this set"));
                problems.push(
                    match crate::suggest::card_name_help(
                        name,
                        db.iter().map(|(_, d)| d.name.as_str()),
                    ) {
                        Some(h) => p.help(h),
                        None => p,
                    },
                );
            }
        }
    }
    if !header && problems.is_empty() {
        problems.push(
            Problem::file(file, "the dimension deck list is empty (R19.4)")
                .help("write `[dimensions]` then one `COUNT NAME` line per card"),
        );
    }
    if incomplete || !problems.is_empty() {
        return Err(problems);
    }
    problems.extend(deck_problems(&ft, rules, &entries));
    let mut cards = Vec::new();
    for e in &entries {
        cards.extend(std::iter::repeat_n(e.def, e.count as usize));
    }
    if problems.is_empty()
        && let Err(e) = check_dimension_deck(db, rules, &cards)
    {
        problems.push(Problem::file(
            file,
            DeckText::new(db, Lang::En).setup_error(&e),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(DimensionDeck {
        file: file.to_owned(),
        name: file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        cards,
    })
}

/// The deck-wide rules, each located at the line that breaks it: at most one shuffle card
/// (R19.7, A38), 10 to 40 other cards (R19.4), at most one phenomenon per four dimensions and
/// in 次元探索戦 none below 20 cards (R19.5).
fn deck_problems(ft: &FileText<'_>, rules: &RuleSet, entries: &[Entry]) -> Vec<Problem> {
    let count = |kind: CardKind| -> u64 {
        entries
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| e.count)
            .sum()
    };
    let last = |kind: Option<CardKind>| {
        entries
            .iter()
            .rev()
            .find(|e| kind.is_none_or(|k| e.kind == k))
            .map_or(0..0, |e| e.span.clone())
    };
    let (dimensions, phenomena, shuffles) = (
        count(CardKind::Dimension),
        count(CardKind::Phenomenon),
        count(CardKind::ShuffleCard),
    );
    let counted = dimensions + phenomena;
    let mut problems = Vec::new();
    if shuffles > 1 {
        problems.push(ft.problem(
            last(Some(CardKind::ShuffleCard)),
            format!("{shuffles} shuffle cards; at most one may be added (R19.7, A38)"),
        ));
    }
    if !(MIN_CARDS..=MAX_CARDS).contains(&counted) {
        problems.push(ft.problem(
            last(None),
            format!(
                "the dimension deck has {counted} cards (not counting a shuffle card); it needs \
                 {MIN_CARDS} to {MAX_CARDS} (R19.4)"
            ),
        ));
    } else if rules.modules.exploration_layout
        && phenomena > 0
        && counted < EXPLORATION_PHENOMENA_FROM
    {
        problems.push(ft.problem(
            last(Some(CardKind::Phenomenon)),
            format!(
                "{phenomena} phenomena in a dimension deck of {counted} cards; 次元探索戦 allows \
                 phenomena only from {EXPLORATION_PHENOMENA_FROM} cards (R19.5)"
            ),
        ));
    } else if phenomena > dimensions / 4 {
        problems.push(ft.problem(
            last(Some(CardKind::Phenomenon)),
            format!(
                "{phenomena} phenomena for {dimensions} dimensions; at most one per four \
                 dimensions, {} (R19.5)",
                dimensions / 4
            ),
        ));
    }
    problems
}

/// How a card type is named in messages.
fn kind_name(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Unit => "unit",
        CardKind::Base => "base",
        CardKind::Strategy => "strategy",
        CardKind::Dimension => "dimension",
        CardKind::Phenomenon => "phenomenon",
        CardKind::ShuffleCard => "shuffle card",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dzero_core::CardDef;

    /// Twelve dimensions 次元1 … 次元12, 現象A, 現象B, a shuffle card and a unit.
    fn db() -> CardDb {
        let mut db = CardDb::new();
        for i in 1..=12 {
            db.add(CardDef::new(&format!("次元{i}"), CardKind::Dimension));
        }
        db.add(CardDef::new("現象A", CardKind::Phenomenon));
        db.add(CardDef::new("現象B", CardKind::Phenomenon));
        db.add(CardDef::new("シャッフル", CardKind::ShuffleCard));
        db.add(CardDef::new("兵士", CardKind::Unit));
        db
    }

    fn list(dimensions: usize, extra: &str) -> String {
        let mut s = String::from("[dimensions]\n");
        for i in 1..=dimensions {
            s.push_str(&format!("1 次元{i}\n"));
        }
        s + extra
    }

    fn parse(text: &str, rules: &RuleSet) -> Result<DimensionDeck, Vec<String>> {
        parse_dimension_deck(Path::new("d.txt"), text, &db(), rules, &HashSet::new())
            .map_err(|ps| ps.iter().map(Problem::headline).collect())
    }

    #[test]
    fn a_war_deck_with_a_phenomenon_and_the_shuffle_card() {
        let deck = parse(&list(9, "1 現象A\n1 シャッフル\n"), &RuleSet::DIMENSION_WAR).unwrap();
        assert_eq!(deck.name, "d");
        assert_eq!(deck.cards.len(), 11);
    }

    #[test]
    fn a_player_card_is_refused_at_its_line() {
        // R19.2, R19.6
        let err = parse(&list(10, "2 兵士\n"), &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(
            err,
            ["d.txt:12:1: 「兵士」 is a unit, not a dimension or a phenomenon (R19.2, R19.6)"]
        );
    }

    #[test]
    fn sizes_phenomena_and_shuffle_cards_name_their_rule() {
        // R19.4: 9 cards.
        let err = parse(&list(9, ""), &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(
            err,
            [
                "d.txt:10:1: the dimension deck has 9 cards (not counting a shuffle card); it needs 10 to 40 (R19.4)"
            ]
        );
        // R19.4: the shuffle card is not counted (R19.7).
        assert!(parse(&list(9, "1 シャッフル\n"), &RuleSet::DIMENSION_WAR).is_err());
        // R19.5: two phenomena for eight dimensions, three are one too many.
        assert!(parse(&list(8, "1 現象A\n1 現象B\n"), &RuleSet::DIMENSION_WAR).is_ok());
        let err = parse(&list(8, "1 現象A\n2 現象B\n"), &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(
            err,
            [
                "d.txt:11:1: 3 phenomena for 8 dimensions; at most one per four dimensions, 2 (R19.5)"
            ]
        );
        // R19.5: 次元探索戦 has no phenomena below 20 cards.
        let err = parse(&list(12, "1 現象A\n"), &RuleSet::DIMENSION_EXPLORATION).unwrap_err();
        assert_eq!(
            err,
            [
                "d.txt:14:1: 1 phenomena in a dimension deck of 13 cards; 次元探索戦 allows phenomena only from 20 cards (R19.5)"
            ]
        );
        assert!(parse(&list(12, ""), &RuleSet::DIMENSION_EXPLORATION).is_ok());
        // R19.7, A38: one shuffle card at most.
        let err = parse(&list(10, "2 シャッフル\n"), &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(
            err,
            ["d.txt:12:1: 2 shuffle cards; at most one may be added (R19.7, A38)"]
        );
    }

    #[test]
    fn the_header_names_and_counts_are_checked() {
        let err = parse("1 次元1\n", &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(
            err,
            ["d.txt:1:1: a dimension deck list starts with a `[dimensions]` line"]
        );
        let err = parse(
            "[dimensions]\n[sideboard]\nx 次元1\n41 次元2\n1 次元99\n",
            &RuleSet::DIMENSION_WAR,
        )
        .unwrap_err();
        assert_eq!(
            err,
            [
                "d.txt:2:1: unknown section `[sideboard]`: a dimension deck list has one, `[dimensions]`",
                "d.txt:3:1: `x` is not a card count",
                "d.txt:4:1: 41 copies: a dimension deck holds 1 to 40 of a card (R19.4)",
                "d.txt:5:1: no card named 「次元99」 in this set",
            ]
        );
        let err = parse("# nothing\n", &RuleSet::DIMENSION_WAR).unwrap_err();
        assert_eq!(err, ["d.txt: the dimension deck list is empty (R19.4)"]);
        // R19.1: a rule set without the module has no dimension deck at all.
        let err = parse(&list(10, ""), &RuleSet::OFFICIAL).unwrap_err();
        assert_eq!(
            err,
            ["d.txt: the rule set `official` has no dimension deck (R19.1)"]
        );
    }
}
