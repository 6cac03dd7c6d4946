//! Every deck problem — a deck's size or copies, a card's own deck-building rule, a dimension
//! deck — is worded in both languages: not empty, different in each, ending with its rule IDs
//! and naming the cards involved. The exhaustive match below fails to compile when a variant
//! is added without a sample.

use dzero_cardpool::DeckText;
use dzero_core::Player::{One, Two};
use dzero_core::{DeckRuleBreak, DefId, DimensionDeckProblem, Lang, RuleSet, SetupError};

/// The position of `e`'s variant and the card definitions it names; exhaustive, with the
/// problems inside it.
fn setup_parts(e: &SetupError) -> (usize, Vec<DefId>) {
    match e {
        SetupError::DeckSize { .. } => (0, Vec::new()),
        SetupError::TooManyCopies { .. } => (1, Vec::new()),
        SetupError::DeckRule { broken, .. } => match broken {
            DeckRuleBreak::Copies { card, .. } => (2, vec![*card]),
            DeckRuleBreak::Keyword { card, .. } => (3, vec![*card]),
            DeckRuleBreak::Colours { card, other, .. } => (4, vec![*card, *other]),
        },
        SetupError::DimensionDeck { problem } => match problem {
            DimensionDeckProblem::NoDimensionDeck { .. } => (5, Vec::new()),
            DimensionDeckProblem::UnknownCard { .. } => (6, Vec::new()),
            DimensionDeckProblem::NotDimensionOrPhenomenon { def } => (7, vec![*def]),
            DimensionDeckProblem::ShuffleCards { .. } => (8, Vec::new()),
            DimensionDeckProblem::Size { .. } => (9, Vec::new()),
            DimensionDeckProblem::ExplorationPhenomena { .. } => (10, Vec::new()),
            DimensionDeckProblem::PhenomenaPerDimensions { .. } => (11, Vec::new()),
        },
        SetupError::UnknownCard { .. } => (12, Vec::new()),
    }
}

fn setup_errors(red: &[DefId]) -> Vec<SetupError> {
    let (c, d) = (red[0], red[red.len() - 1]);
    let broken = |b| SetupError::DeckRule {
        player: Two,
        broken: b,
    };
    let dim = |problem| SetupError::DimensionDeck { problem };
    vec![
        SetupError::DeckSize {
            player: One,
            found: 39,
            expected: 40,
        },
        SetupError::TooManyCopies {
            player: Two,
            name: "兵士".into(),
            count: 5,
            max: 4,
        },
        broken(DeckRuleBreak::Copies {
            card: c,
            count: 2,
            max: 1,
        }),
        broken(DeckRuleBreak::Keyword {
            card: c,
            keyword: "禁呪".into(),
            max: 2,
            count: 3,
        }),
        broken(DeckRuleBreak::Colours {
            card: c,
            colours: dzero_core::Colours::NONE.with(dzero_core::Colour::Black),
            other: d,
        }),
        dim(DimensionDeckProblem::NoDimensionDeck {
            rules: RuleSet::OFFICIAL.name,
        }),
        dim(DimensionDeckProblem::UnknownCard { def: DefId(9999) }),
        dim(DimensionDeckProblem::NotDimensionOrPhenomenon { def: c }),
        dim(DimensionDeckProblem::ShuffleCards { count: 2 }),
        dim(DimensionDeckProblem::Size { count: 8 }),
        dim(DimensionDeckProblem::ExplorationPhenomena {
            phenomena: 1,
            count: 12,
        }),
        dim(DimensionDeckProblem::PhenomenaPerDimensions {
            phenomena: 3,
            dimensions: 8,
        }),
        SetupError::UnknownCard {
            player: One,
            def: DefId(9999),
        },
    ]
}

/// Whether `text` ends with `rules` as the language writes them.
fn ends_with_rules(text: &str, lang: Lang, rules: &[&str]) -> bool {
    text.ends_with(&lang.cite(rules))
}

#[test]
fn every_setup_error_names_its_cards_and_rules_in_both_languages() {
    let db = dzero_fixtures::card_db();
    let red = dzero_fixtures::deck_red(&db);
    let samples = setup_errors(&red);
    dzero_fixtures::covers(&samples, |e| setup_parts(e).0, 13);
    let (en, ja) = (DeckText::new(&db, Lang::En), DeckText::new(&db, Lang::Ja));
    for e in &samples {
        let (te, tj) = (en.setup_error(e), ja.setup_error(e));
        assert!(!te.is_empty() && !tj.is_empty(), "{e:?}");
        assert_ne!(te, tj, "{e:?}");
        for (t, lang) in [(&te, Lang::En), (&tj, Lang::Ja)] {
            assert!(ends_with_rules(t, lang, e.rules()), "{lang:?} {e:?}: {t}");
            for d in setup_parts(e).1 {
                let name = &db.get(d).unwrap().name;
                assert!(
                    t.contains(name.as_str()),
                    "{lang:?} {e:?} names {name}: {t}"
                );
            }
        }
    }
}
