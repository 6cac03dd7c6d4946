//! `dzero sim` under the two dimension-deck rule sets (次元戦, 次元探索戦; R19): the bundled
//! dimensions-sample set plays its dimension deck, the AI rolls the die, the figures are the
//! same for any thread count, and every game written as a replay re-runs.

use dzero_balance::{Report, Shard, SimOptions, parse_players, run};
use dzero_core::{Action, RuleSet};
use dzero_replay::Replay;
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
                .filter(|s| matches!(s.action, Action::Roll { .. }))
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
