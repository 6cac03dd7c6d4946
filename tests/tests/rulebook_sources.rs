//! The rulebook's worked examples (rules-reference.md §20) exist once, as the scenario files of
//! `tests/scenarios/fixture-set/tests/rulebook/`, and are played here with every card source:
//! the fixture set's Lua cards, the same cards written as DSL text, and the Rust fixture cards
//! (`dzero_tests::sources`). A card that behaves differently in one source fails the example
//! with a message naming the example and the source. The bundled sample set's cards of the
//! same names play the examples they can (R20.1–R20.5).

use dzero_cardpool::layout::scenario_files;
use dzero_cardpool::load_set;
use dzero_core::{Ability, CardDef, Resolve, Spell, TargetSpec};
use dzero_scenario::{Scenario, check_scenario, load_scenario, run_scenario};
use dzero_tests::sources::{CardSources, Source, rulebook_dir};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Every rulebook scenario, loaded.
fn rulebook() -> Vec<Scenario> {
    scenario_files(&[rulebook_dir()])
        .iter()
        .map(|p| load_scenario(p).unwrap_or_else(|e| panic!("{}: {e:?}", p.display())))
        .collect()
}

/// One line per example and source that did not pass: `TITLE (FILE) with SOURCE: report`.
fn differences(sources: &CardSources, scenarios: &[Scenario]) -> Vec<String> {
    let mut out = Vec::new();
    for s in scenarios {
        for source in Source::ALL {
            let outcome = sources.run(s, source);
            if !outcome.passed() {
                out.push(format!(
                    "{} ({}) with {}:\n{}",
                    s.title,
                    s.path.file_name().unwrap_or_default().to_string_lossy(),
                    source.name(),
                    outcome.render()
                ));
            }
        }
    }
    out
}

// R20.1–R20.20, R20.23: every worked example holds with every card source.
#[test]
fn every_worked_example_passes_with_every_card_source() {
    let scenarios = rulebook();
    let ids: BTreeSet<&str> = scenarios
        .iter()
        .map(|s| s.title.split_whitespace().next().unwrap_or(""))
        .collect();
    let numbered = |n: &[u32]| {
        n.iter()
            .map(|n| format!("R20.{n}"))
            .collect::<BTreeSet<_>>()
    };
    // Every example but R20.21 and R20.22 (rulings on card texts no fixture card has).
    let all: Vec<u32> = (1..=23).filter(|n| ![21, 22].contains(n)).collect();
    assert_eq!(
        ids.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(),
        numbered(&all)
    );
    let sources = CardSources::load();
    let failed = differences(&sources, &scenarios);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

// The bundled sample set writes the cards the rulebook's examples name as card text
// (cards/rulebook.toml): every example that names only cards it has passes with them, among
// them R20.1–R20.5 (the examples the set's own scenarios once repeated).
#[test]
fn the_bundled_sample_cards_pass_the_worked_examples_they_can_play() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cardpool/sets/d0-sample");
    let set = load_set(&dir).set.expect("d0-sample loads");
    let mut played = BTreeSet::new();
    let mut failed = Vec::new();
    for s in rulebook() {
        if !check_scenario(&s, &set).is_empty() {
            continue;
        }
        let outcome = run_scenario(&s, &set);
        if !outcome.passed() {
            failed.push(format!("{} with d0-sample:\n{}", s.title, outcome.render()));
        }
        played.insert(
            s.path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
        );
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    for n in 1..=5 {
        let file = format!("r20_{n}.toml");
        assert!(
            played.contains(&file),
            "{file} is not played with d0-sample: {played:?}"
        );
    }
}

/// A card behaving differently in one source fails the example, naming it and the source.
#[test]
fn a_difference_between_sources_names_the_example_and_the_source() {
    let mut sources = CardSources::load();
    // The text source's Plasma Rifle deals Hydra Launcher's 5000 instead of 3000.
    let db = sources.db_mut(Source::Text);
    let rifle = db.find("プラズマ・ライフル").unwrap();
    let five_thousand = Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
        if let Some(t) = r.target() {
            r.damage(t, 5000);
        }
        Ok(())
    });
    let old = db.get(rifle).unwrap();
    let (colours, cost) = (old.colours, old.cost);
    let mut def = CardDef::strategy("プラズマ・ライフル", five_thousand).cost(cost);
    def.colours = colours;
    db.replace(rifle, def);
    let r20_1 = load_scenario(&rulebook_dir().join("r20_1.toml")).unwrap();
    let failed = differences(&sources, std::slice::from_ref(&r20_1));
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(
        failed[0].starts_with(
            "R20.1 — stack example 1: Plasma Rifle answered by Diamond Soul (r20_1.toml) \
             with the fixture cards written as DSL text:"
        ),
        "{}",
        failed[0]
    );
    assert!(
        failed[0].contains("expected: 3000\n    actual:   5000"),
        "{}",
        failed[0]
    );
}

/// The kinds of abilities a card has (a DSL line per ★ where one Rust value does both), and whether it has a ○ effect.
fn shape(d: &CardDef) -> (Vec<&'static str>, bool) {
    let kinds = d
        .abilities
        .iter()
        .map(|a| match a {
            Ability::Triggered(_) => "◆",
            Ability::Static(_) => "★",
            Ability::Activated(_) => "●",
            Ability::Play(_) => "☆",
            Ability::Grantable(_) => "grantable",
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    (kinds, d.spell.is_some())
}

/// Every card source has every fixture card with the same printed values and the same kinds of
/// abilities, so the examples compare behaviours, not cards.
#[test]
fn every_source_has_every_fixture_card_with_its_printed_values() {
    let sources = CardSources::load();
    let rust = sources.db(Source::Rust);
    for source in [Source::Lua, Source::Text] {
        let db = sources.db(source);
        assert_eq!(db.len(), rust.len(), "{}", source.name());
        for (_, r) in rust.iter() {
            let d = db
                .get(
                    db.find(&r.name)
                        .unwrap_or_else(|| panic!("{} lacks {}", source.name(), r.name)),
                )
                .unwrap();
            let what = format!("{} in {}", r.name, source.name());
            assert_eq!(d.kind, r.kind, "{what}");
            assert_eq!(d.colours, r.colours, "{what}");
            assert_eq!(d.cost, r.cost, "{what}");
            assert_eq!(d.move_cost, r.move_cost, "{what}");
            assert_eq!((d.power, d.smash), (r.power, r.smash), "{what}");
            assert_eq!(d.timing, r.timing, "{what}");
            assert_eq!(d.keywords, r.keywords, "{what}");
            assert_eq!(shape(d), shape(r), "{what}");
        }
    }
    // The text twins are DSL lines, not scripts.
    for (_, d) in sources.text.db.iter() {
        let id = sources.text.db.find(&d.name).unwrap();
        let card = sources.text.cards.iter().find(|c| c.def == id).unwrap();
        assert!(card.script.is_none(), "{} has a script", d.name);
    }
}
