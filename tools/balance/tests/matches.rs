//! `dzero sim --match` as a library run (R2.4–R2.6, A26): match win rates beside duel win
//! rates, exact for a fixed seed and the same for any thread count; every match written as a
//! match replay re-runs; a single-duel rule set or a deck without a sideboard is refused.

use dzero_balance::{Report, Shard, SimOptions, parse_players, run};
use dzero_replay::MatchReplay;
use std::path::{Path, PathBuf};

fn decks(set: &str, names: [&str; 2]) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../cardpool/sets")
        .join(set)
        .join("decks");
    names.iter().map(|n| dir.join(n)).collect()
}

fn options(matches: u64, threads: usize) -> SimOptions {
    SimOptions {
        decks: decks("d0-sample", ["赤緑.txt", "黒白.txt"]),
        players: parse_players("greedy").unwrap(),
        games: matches,
        seed: 7,
        rules: None,
        dimensions: None,
        threads,
        shard: Shard::WHOLE,
        max_actions: 20_000,
        progress: false,
        replays: None,
        matches: true,
    }
}

// R2.4, A26: 12 matches give exact match and duel figures, the same on 1 and 2 threads.
#[test]
fn r2_4_match_win_rates_beside_duel_win_rates_for_any_thread_count() {
    let one = Report::new(&run(&options(12, 1)).unwrap()).unwrap();
    let two = Report::new(&run(&options(12, 2)).unwrap()).unwrap();
    assert_eq!(one.to_json(), two.to_json());
    let m = &one.matches.as_ref().unwrap().deck_pairings[0];
    let duels = &one.deck_pairings[0];
    assert_eq!(
        (
            m.matches,
            m.wins,
            m.losses,
            m.draws,
            m.unfinished,
            m.three_duels
        ),
        (12, 0, 12, 0, 0, 5)
    );
    assert_eq!(
        (duels.games, duels.wins, duels.losses, duels.draws),
        (29, 5, 24, 0)
    );
    assert_eq!((m.win_rate, m.win_rate_ci), (0.0, [0.0, 0.242494]));
    assert_eq!(
        (m.three_duel_rate, m.draw_rate, m.mean_duels),
        (0.416667, 0.0, 2.416667)
    );
    let text = one.to_text();
    assert!(text.starts_with("12 matches, players greedy"), "{text}");
    assert!(text.contains("match: deck pairing"), "{text}");
    assert!(text.contains("duel: deck pairing"), "{text}");
}

// R2.4–R2.6: every match is written as a match replay that re-runs duel by duel.
#[test]
fn r2_5_each_match_is_written_as_a_replay_that_reruns() {
    let dir = std::env::temp_dir().join(format!("dzero-sim-match-{}", std::process::id()));
    let opts = SimOptions {
        replays: Some(dir.clone()),
        ..options(3, 2)
    };
    let report = Report::new(&run(&opts).unwrap()).unwrap();
    let m = &report.matches.as_ref().unwrap().deck_pairings[0];
    for k in 0..3 {
        let replay = MatchReplay::read(&dir.join(format!("match-{k:06}.json"))).unwrap();
        let set = replay.load_set().unwrap();
        let games = replay.rerun(&set, &mut (), |_, _, _| {}).unwrap();
        assert_eq!(games.len(), replay.duels.len());
        assert!(replay.result.is_some());
    }
    assert_eq!(m.matches, 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

// A26: a single-duel rule set has no matches; a deck without a sideboard cannot play one (R2.3).
#[test]
fn a26_a_single_duel_rule_set_or_a_deck_without_a_sideboard_is_refused() {
    let touhou = |rules: &str| SimOptions {
        decks: decks("touhou-sample", ["紅白.txt", "黒青.txt"]),
        rules: Some(dzero_cardpool::rule_sets::rules_arg(rules).unwrap()),
        ..options(2, 1)
    };
    let instant = touhou("touhou-instant");
    assert_eq!(
        run(&instant).unwrap_err(),
        "--match: rule set touhou-instant plays single duels without sideboards, so a match \
         is one duel (A26); drop --match, or play a best-of-three rule set (--rules official)"
    );
    let without = run(&touhou("touhou")).unwrap_err();
    assert!(
        without.ends_with(
            "cardpool/sets/touhou-sample/decks/紅白.txt has no [sideboard] section; every deck \
             of a match needs one (R2.3)"
        ),
        "{without}"
    );
    assert!(without.starts_with("--match: /"), "{without}");
}
