//! `dzero sim` under the two dimension-deck rule sets (次元戦, 次元探索戦; R19): the bundled
//! dimensions-sample set plays its dimension deck, the AI rolls the die, the figures are the
//! same for any thread count, and every game written as a replay re-runs.

use dzero_balance::{Report, Shard, SimOptions, parse_players, run};
use dzero_core::{Action, RuleSet};
use dzero_replay::{MatchReplay, Replay};
use std::path::{Path, PathBuf};

fn options(rules: RuleSet, threads: usize, replays: Option<PathBuf>) -> SimOptions {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets/dimensions-sample/decks");
    SimOptions {
        decks: vec![dir.join("赤緑.txt"), dir.join("黒白.txt")],
        players: parse_players("greedy").unwrap(),
        games: 8,
        seed: 3,
        rules: Some(rules),
        dimensions: None,
        threads,
        shard: Shard::WHOLE,
        max_actions: 20_000,
        progress: false,
        replays,
        matches: false,
    }
}

// R19.1, R19.11, R19.16: games under both variants finish, the same on 1 and 2 threads; the AI
// rolls the dimension die; the replays (with their dimension deck) re-run.
#[test]
fn r19_1_sim_plays_both_dimension_rule_sets() {
    for rules in [RuleSet::DIMENSION_WAR, RuleSet::DIMENSION_EXPLORATION] {
        let dir = std::env::temp_dir().join(format!(
            "dzero-dimension-sim-{}-{}",
            rules.name.as_str(),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let one = Report::new(&run(&options(rules, 1, Some(dir.clone()))).unwrap()).unwrap();
        let two = Report::new(&run(&options(rules, 2, None)).unwrap()).unwrap();
        assert_eq!(one.to_json(), two.to_json(), "{}", rules.name.as_str());
        let pairing = &one.deck_pairings[0];
        assert_eq!(pairing.games, 8);
        assert_eq!(pairing.unfinished, 0);
        assert_eq!(pairing.wins + pairing.losses + pairing.draws, 8);
        let mut rolls = 0;
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 8);
        for f in &files {
            let replay = Replay::read(f).unwrap();
            assert!(replay.dimensions.len() >= 10, "{}", f.display());
            rolls += replay
                .steps
                .iter()
                .filter(|s| matches!(s.action, Action::Announce(dzero_core::Use::Roll)))
                .count();
            let set = replay.load_set().unwrap();
            replay
                .rerun(&set, &mut ())
                .unwrap_or_else(|d| panic!("{}: {d}", f.display()));
        }
        assert!(rolls > 0, "{}: the AI never rolled", rules.name.as_str());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The dimension-sample set's dimension deck list `name` (`SET/dimensions/NAME.txt`).
fn list(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../cardpool/sets/dimensions-sample/dimensions")
        .join(format!("{name}.txt"))
}

/// A list's card names in order.
fn names(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("1 "))
        .map(str::to_string)
        .collect()
}

// R19.2: a run plays the dimension deck list `--dimensions` names (by file or by name), else
// the set's first list the rule set accepts; the run records it, so shards of different
// decks never merge. A list the rule set refuses (R19.5), a rule set without a dimension deck
// (R19.1) and a missing file are errors naming the list.
#[test]
fn r19_2_dimensions_chooses_the_dimension_deck_list() {
    let with = |rules: RuleSet, dimensions: Option<PathBuf>| {
        run(&SimOptions {
            games: 2,
            dimensions,
            ..options(rules, 1, None)
        })
    };
    let default = with(RuleSet::DIMENSION_WAR, None).unwrap();
    assert_eq!(default.run.dimensions, names(&list("exploration")));
    let war = names(&list("war"));
    assert_eq!(war.len(), 13);
    let by_file = with(RuleSet::DIMENSION_WAR, Some(list("war"))).unwrap();
    assert_eq!(by_file.run.dimensions, war);
    let by_name = with(RuleSet::DIMENSION_WAR, Some("war".into())).unwrap();
    assert_eq!(by_name.run.dimensions, war);
    let report = Report::new(&by_name).unwrap();
    let shown = format!("dimension deck (13 cards): {}", war.join(", "));
    assert!(report.to_text().contains(&shown), "{}", report.to_text());
    assert!(report.to_html().contains(&shown));
    assert_ne!(
        Report::new(&by_file).unwrap().to_json(),
        Report::new(&default).unwrap().to_json()
    );
    let e = with(RuleSet::DIMENSION_EXPLORATION, Some(list("war"))).unwrap_err();
    assert!(e.contains("war.txt") && e.contains("(R19.5)"), "{e}");
    let e = with(RuleSet::OFFICIAL, Some(list("war"))).unwrap_err();
    assert!(e.contains("war.txt") && e.contains("(R19.1)"), "{e}");
    let e = with(RuleSet::DIMENSION_WAR, Some(list("nowhere"))).unwrap_err();
    assert!(e.contains("nowhere.txt"), "{e}");
}

// R2.4, R19.2: a fan set may play best-of-three matches with a dimension deck through its own
// rule-set file (no code): every duel plays the same list, and every match replay re-runs.
#[test]
fn r2_4_a_fan_rule_set_plays_matches_with_a_dimension_deck() {
    let dir = std::env::temp_dir().join(format!("dzero-dimension-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets");
    let fan = dzero_fixtures::fan_dimension_matches(&sets, &dir).unwrap();
    let decks = ["赤緑.txt", "黒白.txt"]
        .map(|d| fan.join("decks").join(d))
        .to_vec();
    let replays = dir.join("replays");
    let partial = run(&SimOptions {
        decks,
        games: 3,
        rules: None,
        matches: true,
        dimensions: Some("war".into()),
        ..options(RuleSet::DIMENSION_WAR, 2, Some(replays.clone()))
    })
    .unwrap();
    assert_eq!(partial.run.rules, "dimension-war-matches");
    let war = names(&list("war"));
    assert_eq!(partial.run.dimensions, war);
    let report = Report::new(&partial).unwrap();
    assert_eq!(report.matches.as_ref().unwrap().deck_pairings[0].matches, 3);
    for k in 0..3 {
        let replay = MatchReplay::read(&replays.join(format!("match-{k:06}.json"))).unwrap();
        assert!(replay.duels.len() >= 2, "match {k}");
        for duel in &replay.duels {
            assert_eq!(duel.replay.dimensions, war, "match {k}");
        }
        let set = replay.load_set().unwrap();
        let games = replay.rerun(&set, &mut (), |_, _, _| {}).unwrap();
        assert_eq!(games.len(), replay.duels.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
