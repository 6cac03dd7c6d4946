//! Scenario files (issue #5): the rulebook worked examples written as scenario files all pass;
//! deliberately failing scenarios print the expected report (step, expected and actual values,
//! a picture of the board); malformed scenario files give located problems.

use dzero_cardpool::scenario::{
    SetCache, load_scenario, parse_scenario, run_file, run_paths, scenario_files,
};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// The rendered outcome of one scenario under `tests/scenarios/failing/`. The path is relative to
/// the package (the test's working directory), so messages wrap the same wherever the repository
/// is checked out.
fn failing(rel: &str) -> String {
    let mut sets = SetCache::new();
    let outcome = run_file(&Path::new("scenarios/failing").join(rel), &mut sets);
    assert!(!outcome.passed(), "{rel} was expected to fail");
    outcome.render()
}

#[test]
fn every_scenario_under_the_sets_passes() {
    let report = run_paths(&[root()]);
    assert!(report.ok(), "{}", report.render());
    // The ten rulebook worked examples, plus the other fixture-set and script-error scenarios.
    let rulebook = report
        .results
        .iter()
        .filter(|r| r.path.to_string_lossy().contains("/tests/rulebook/"))
        .count();
    assert_eq!(rulebook, 10);
    assert!(report.results.len() > rulebook);
    let text = report.render();
    assert!(text.contains("PASS "), "{text}");
    assert!(text.trim_end().ends_with("passed, 0 failed"), "{text}");
}

#[test]
fn scenario_files_follow_the_tests_folder_convention() {
    let all = scenario_files(&[root()]);
    assert!(!all.is_empty());
    for p in &all {
        let s = p.to_string_lossy();
        assert!(s.contains("/tests/"), "{s}");
        assert!(
            !s.contains("/failing/"),
            "{s} is not in a set's tests/ folder"
        );
        assert!(!s.contains("/cards/"), "{s} is a card file");
    }
    // A set folder, its tests folder, a folder inside it and a single file.
    let set = root().join("fixture-set");
    let from_set = scenario_files(std::slice::from_ref(&set));
    assert_eq!(from_set, scenario_files(&[set.join("tests")]));
    assert_eq!(scenario_files(&[set.join("tests/rulebook")]).len(), 10);
    let one = set.join("tests/rulebook/r20_1.toml");
    assert_eq!(scenario_files(std::slice::from_ref(&one)), vec![one]);
    // Failing scenarios run only when named.
    assert!(scenario_files(&[root().join("failing")]).is_empty());
}

#[test]
fn a_report_with_failures_renders_each_and_a_summary() {
    let dir = root().join("failing/runs");
    let report = run_paths(&[
        dir.join("wrong_power.toml"),
        root().join("fixture-set/tests/rulebook/r20_1.toml"),
        dir.join("missing.toml"),
    ]);
    assert!(!report.ok());
    assert_eq!((report.passed(), report.failed()), (1, 1));
    let text = report.render();
    assert!(text.contains("MISSING "), "{text}");
    assert!(text.contains("FAIL "), "{text}");
    assert!(text.contains("expected: 7000"), "{text}");
    assert!(
        text.trim_end().ends_with("2 scenarios: 1 passed, 1 failed"),
        "{text}"
    );
    // Nothing found is not a success.
    let empty = run_paths(&[root().join("failing")]);
    assert!(!empty.ok());
    assert!(empty.render().contains("no scenario files found"));
}

#[test]
fn load_and_parse_agree() {
    let path = root().join("fixture-set/tests/rulebook/r20_2.toml");
    let loaded = load_scenario(&path).expect("loads");
    let text = std::fs::read_to_string(&path).expect("readable");
    let parsed = parse_scenario(&path, &text).expect("parses");
    assert_eq!(loaded.step_count(), parsed.step_count());
    assert_eq!(loaded.step_count(), 12);
    assert!(loaded.title.starts_with("R20.2"));
    assert_eq!(
        loaded.set_dir.canonicalize().ok(),
        root().join("fixture-set").canonicalize().ok()
    );
}

/// Problems are located: every problem of a malformed file names a line and column.
fn located(rel: &str) -> String {
    let text = failing(rel);
    assert!(
        text.lines().any(|l| l.starts_with(&format!(
            "scenarios/failing/malformed/{}:",
            Path::new(rel)
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned())
        ))),
        "{text}"
    );
    text
}

macro_rules! snapshot_runs {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(failing(concat!("runs/", stringify!($name), ".toml")));
        }
    )*};
}

macro_rules! snapshot_malformed {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(located(concat!("malformed/", stringify!($name), ".toml")));
        }
    )*};
}

snapshot_runs!(
    wrong_power,
    wrong_stack,
    battle,
    unexpected_accept,
    unexpected_refusal,
    wrong_refusal,
    ambiguous,
    wrong_decider,
    pending_choice,
    bad_answer,
    script_error,
);

snapshot_malformed!(
    bad_toml,
    unknown_field,
    unknown_card_field,
    bad_values,
    illegal_setup,
    wrong_kinds,
    unknown_card,
    bad_set,
);

// A file outside any set without `set`: a whole-file problem.
#[test]
fn no_set() {
    let text = failing("malformed/no_set.toml");
    assert!(
        text.starts_with("scenarios/failing/malformed/no_set.toml: no set"),
        "{text}"
    );
    assert!(text.contains("set = "), "{text}");
}

// The complete example of docs/scenarios.md runs and passes (as if it were in the fixture set).
#[test]
fn the_documented_example_passes() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/scenarios.md");
    let text = std::fs::read_to_string(docs).expect("docs/scenarios.md");
    let example = text
        .split("## A complete example")
        .nth(1)
        .and_then(|s| s.split("```toml\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("a toml block after the heading");
    let path = root().join("fixture-set/tests/docs_example.toml");
    let s = parse_scenario(&path, example)
        .unwrap_or_else(|ps| panic!("{}", ps.iter().map(|p| p.render()).collect::<String>()));
    let mut sets = SetCache::new();
    let set = sets.get(&s.set_dir).expect("the fixture set loads");
    let outcome = dzero_cardpool::scenario::run_scenario(&s, set);
    assert!(outcome.passed(), "{}", outcome.render());
}

// Bad input never panics: every prefix of every fixture scenario either gives located problems
// or runs (passing or failing).
#[test]
fn truncated_scenarios_never_panic() {
    let mut sets = SetCache::new();
    for path in scenario_files(&[root().join("fixture-set")]) {
        let text = std::fs::read_to_string(&path).expect("readable");
        let cuts: Vec<usize> = (0..text.len())
            .step_by(11)
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for cut in cuts {
            match parse_scenario(&path, &text[..cut]) {
                Err(problems) => assert!(!problems.is_empty()),
                Ok(s) => {
                    let set = sets.get(&s.set_dir).expect("the fixture set loads");
                    let _ = dzero_cardpool::scenario::run_scenario(&s, set).render();
                }
            }
        }
    }
}
