//! The bundled card sets' scenario files (issue #5: "Every bundled card has at least one
//! scenario; all pass in CI through `dzero test`"): every scenario under `cardpool/sets` passes,
//! and every card of each set is named in at least one scenario file of that set.

use dzero_cardpool::layout::scenario_files;
use dzero_cardpool::load_set;
use dzero_scenario::{mentions, run_paths};
use std::path::PathBuf;

const SETS: [&str; 2] = ["d0-sample", "touhou-sample"];

fn sets_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cardpool/sets"))
}

#[test]
fn every_bundled_scenario_passes() {
    let report = run_paths(&[sets_dir()]);
    assert!(report.ok(), "{}", report.render());
    for id in SETS {
        let dir = sets_dir().join(id).join("tests");
        let n = report
            .results
            .iter()
            .filter(|r| r.path.starts_with(&dir))
            .count();
        assert!(n > 0, "no scenario ran for {id}");
    }
}

/// The scenario files of a set, with their text.
fn scenario_texts(id: &str) -> Vec<(PathBuf, String)> {
    let files = scenario_files(&[sets_dir().join(id)]);
    assert!(!files.is_empty(), "{id} has no scenario files");
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            (p, text)
        })
        .collect()
}

#[test]
fn every_bundled_card_has_a_scenario() {
    let mut missing = Vec::new();
    let mut total = 0;
    for id in SETS {
        let loaded = load_set(&sets_dir().join(id));
        let rendered: Vec<String> = loaded.problems.iter().map(|p| p.render()).collect();
        assert!(rendered.is_empty(), "{id}:\n{}", rendered.join("\n"));
        let set = loaded.set.expect("the set loads");
        let names: Vec<String> = set
            .cards
            .iter()
            .map(|c| set.db.get(c.def).expect("a loaded card").name.clone())
            .collect();
        assert!(!names.is_empty(), "{id} has no cards");
        total += names.len();
        let texts = scenario_texts(id);
        for name in &names {
            if !texts.iter().any(|(_, t)| mentions(t, name, &names)) {
                missing.push(format!("{id}: {name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "cards without a scenario:\n{}",
        missing.join("\n")
    );
    assert_eq!(total, 157, "the two bundled sets hold 157 cards");
}

#[test]
fn bundled_scenarios_have_titles_and_show_refusals() {
    for id in SETS {
        let texts = scenario_texts(id);
        for (p, t) in &texts {
            assert!(
                t.lines().any(|l| l.starts_with("title = ")),
                "{p:?} has no title"
            );
        }
        // At least one scenario per set demonstrates a refused action with its reason.
        assert!(
            texts
                .iter()
                .any(|(_, t)| t.contains("\nrejected = ") && t.contains("\nreason = ")),
            "{id}: no scenario shows a refused action with its reason"
        );
    }
}

#[test]
fn a_name_inside_a_longer_name_does_not_count() {
    let names: Vec<String> = ["チルノ", "チルノ〈氷の小さな妖精〉", "チルノ&橙", "橙"]
        .map(String::from)
        .to_vec();
    assert!(!mentions("card = \"チルノ&橙\"", "チルノ", &names));
    assert!(!mentions("card = \"チルノ&橙\"", "橙", &names));
    assert!(!mentions(
        "card = \"チルノ〈氷の小さな妖精〉\"",
        "チルノ",
        &names
    ));
    assert!(mentions(
        "card = \"チルノ〈氷の小さな妖精〉\"",
        "チルノ〈氷の小さな妖精〉",
        &names
    ));
    assert!(!mentions(
        "card = \"チルノ\"",
        "チルノ〈氷の小さな妖精〉",
        &names
    ));
    assert!(mentions(
        "card = \"チルノ\", \"チルノ&橙\"",
        "チルノ",
        &names
    ));
}
