//! Scenario files (issue #5): the rulebook worked examples written as scenario files all pass;
//! deliberately failing scenarios print the expected report (step, expected and actual values,
//! a picture of the board); malformed scenario files give located problems.

use dzero_cardpool::layout::scenario_files;
use dzero_cardpool::reload::{Reload, Reloader};
use dzero_scenario::{
    SetCache, affected_scenarios, affected_scenarios_in, load_scenario, parse_scenario, run_file,
    run_paths, run_reloaded, run_scenario_sets,
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
    // The 28 rulebook worked examples and control cases, plus the other fixture-set and
    // script-error scenarios.
    let rulebook = report
        .results
        .iter()
        .filter(|r| r.path.to_string_lossy().contains("/tests/rulebook/"))
        .count();
    assert_eq!(rulebook, 28);
    assert!(report.results.len() > rulebook);
    assert!(
        report
            .results
            .iter()
            .any(|r| r.path.ends_with("multi-set/tests/two_sample_sets.toml")),
        "{}",
        report.render()
    );
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
    assert_eq!(scenario_files(&[set.join("tests/rulebook")]).len(), 28);
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
        loaded.set_dir().canonicalize().ok(),
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
    multi_set_script_error,
    trigger_combos,
    wrong_offers,
    left_play,
    wrong_facing,
    not_empty,
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
    set_and_sets,
    empty_sets,
    missing_in_sets,
    set_listed_twice,
    same_name_in_two_sets,
);

fn multi_set_scenario() -> PathBuf {
    root().join("multi-set/tests/two_sample_sets.toml")
}

fn sample_set(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../cardpool/sets")
        .join(name)
}

// `sets` lists the sets in order, the primary first; the game has the cards of all of them.
#[test]
fn a_scenario_lists_several_sets() {
    let s = load_scenario(&multi_set_scenario()).expect("loads");
    let dirs: Vec<Option<PathBuf>> = s.set_dirs.iter().map(|d| d.canonicalize().ok()).collect();
    let expected: Vec<Option<PathBuf>> = [
        root().join("multi-set"),
        sample_set("d0-sample"),
        sample_set("touhou-sample"),
    ]
    .iter()
    .map(|d| d.canonicalize().ok())
    .collect();
    assert_eq!(dirs, expected);
    assert_eq!(s.set_dir(), s.set_dirs[0]);
    let mut sets = SetCache::new();
    let outcome = run_file(&multi_set_scenario(), &mut sets);
    assert!(outcome.passed(), "{}", outcome.render());
    // Again from the cache (the combined cards are built once per list of sets).
    let again = run_file(&multi_set_scenario(), &mut sets);
    assert!(again.passed(), "{}", again.render());
    // The same with sets the caller holds.
    let fan = dzero_cardpool::load_set(&s.set_dirs[0])
        .set
        .expect("fan set");
    let d0 = dzero_cardpool::load_set(&s.set_dirs[1])
        .set
        .expect("d0-sample");
    let touhou = dzero_cardpool::load_set(&s.set_dirs[2])
        .set
        .expect("touhou-sample");
    let outcome = run_scenario_sets(&s, &[&fan, &d0, &touhou]);
    assert!(outcome.passed(), "{}", outcome.render());
    // With the primary set alone, the other sets' cards are unknown.
    let alone = dzero_scenario::run_scenario(&s, &fan);
    assert!(
        alone
            .render()
            .contains("no card named 「プラズマ・ライフル」 in set multi-set-fan"),
        "{}",
        alone.render()
    );
    let two = run_scenario_sets(&s, &[&fan, &d0]);
    assert!(
        two.render().contains("in sets multi-set-fan, d0-sample"),
        "{}",
        two.render()
    );
}

// Hot reload: a scenario listing a set in `sets` is re-run when that set changes, wherever it is
// (given a folder to search); scenarios that do not use the set are not.
#[test]
fn a_change_to_a_listed_set_reruns_the_scenarios_that_list_it() {
    let scenario = multi_set_scenario().canonicalize().expect("exists");
    let d0 = sample_set("d0-sample");
    let rifle = Reload::Cards(vec!["プラズマ・ライフル".to_owned()]);
    let found = affected_scenarios_in(&d0, &[root()], &rifle, &[]);
    assert!(found.contains(&scenario), "{found:?}");
    // fixture-set scenarios name プラズマ・ライフル too, but are played with fixture-set's.
    assert!(
        found
            .iter()
            .all(|f| !f.to_string_lossy().contains("fixture-set")),
        "{found:?}"
    );
    // d0-sample's own scenarios that use the card are still found.
    assert!(
        found
            .iter()
            .any(|f| f.starts_with(d0.canonicalize().expect("exists"))),
        "{found:?}"
    );
    // A card the scenario does not name does not re-run it; a whole-set reload does.
    let other = Reload::Cards(vec!["狼王ロボ".to_owned()]);
    assert!(!affected_scenarios_in(&d0, &[root()], &other, &[]).contains(&scenario));
    let set = Reload::Set { same_ids: true };
    let touhou = sample_set("touhou-sample");
    assert!(affected_scenarios_in(&touhou, &[root()], &set, &[]).contains(&scenario));
    // The scenario's own (primary) set, searched alone.
    assert!(affected_scenarios(&root().join("multi-set"), &set, &[]).contains(&scenario));
    // Without a folder to search, only the set's own tests/ folder is looked at.
    assert!(!affected_scenarios(&d0, &rifle, &[]).contains(&scenario));
    let fixture = affected_scenarios_in(&root().join("fixture-set"), &[root()], &set, &[]);
    assert!(!fixture.contains(&scenario), "{fixture:?}");
}

// A hot reloader runs a multi-set scenario with its own (reloaded) set and the other sets loaded
// from their folders.
#[test]
fn a_reloader_runs_multi_set_scenarios() {
    let (reloader, problems) = Reloader::open(&root().join("multi-set"));
    assert!(problems.is_empty(), "{problems:?}");
    let results = run_reloaded(&reloader, &mut SetCache::new(), &[multi_set_scenario()]);
    assert_eq!(results.len(), 1);
    assert!(results[0].1.passed(), "{}", results[0].1.render());
}

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
    let set = sets.get(s.set_dir()).expect("the fixture set loads");
    let outcome = dzero_scenario::run_scenario(&s, set);
    assert!(outcome.passed(), "{}", outcome.render());
}

// Bad input never panics: every prefix of every fixture scenario either gives located problems
// or runs (passing or failing).
#[test]
fn truncated_scenarios_never_panic() {
    let mut sets = SetCache::new();
    let mut files = scenario_files(&[root().join("fixture-set")]);
    files.push(multi_set_scenario());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let cuts: Vec<usize> = (0..text.len())
            .step_by(11)
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for cut in cuts {
            match parse_scenario(&path, &text[..cut]) {
                Err(problems) => assert!(!problems.is_empty()),
                Ok(s) => {
                    let _ = sets.run(&s).render();
                }
            }
        }
    }
}
