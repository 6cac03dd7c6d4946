//! `dzero sim` through the real binary: 1,000 games per bundled set with a consistent report,
//! shards merged into exactly the single run's report, the same report for any thread count,
//! a round robin of three decks, and clear errors with a non-zero exit for bad arguments.

use dzero_balance::{Partial, Tallies};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The players of these tests (one constant, so the AI players can be switched in).
const PLAYERS: &str = "random";
/// Two players, one seat each.
const TWO_PLAYERS: &str = "greedy,random";

fn sets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets")
}

/// The two deck files of a bundled set.
fn decks(set: &str) -> [PathBuf; 2] {
    let dir = sets().join(set).join("decks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{}", dir.display());
    [files[0].clone(), files[1].clone()]
}

/// `dzero sim` with `args` and `--deck` per deck file: (success, stdout, stderr).
fn sim(decks: &[PathBuf], args: &[&str]) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dzero"));
    cmd.arg("sim");
    for d in decks {
        cmd.arg("--deck").arg(d);
    }
    let out = cmd.args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `sim` that must succeed: its stdout.
fn ok(decks: &[PathBuf], args: &[&str]) -> String {
    let (success, out, err) = sim(decks, args);
    assert!(success, "dzero sim {args:?} failed: {err}");
    out
}

/// `sim` that must fail: its stderr.
fn fails(decks: &[PathBuf], args: &[&str]) -> String {
    let (success, out, err) = sim(decks, args);
    assert!(!success, "dzero sim {args:?} succeeded: {out}");
    err
}

/// Runs `cmd`, which must succeed: its stdout.
fn succeeds(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A fresh temporary folder for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dzero-sim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// Checks a JSON report's counts add up for `games` games.
fn check_report(r: &Value, games: u64) {
    let pairings = r["deck_pairings"].as_array().unwrap();
    let mut total = 0;
    for m in pairings {
        let g = n(&m["games"]);
        let sum = n(&m["wins"]) + n(&m["losses"]) + n(&m["draws"]) + n(&m["unfinished"]);
        assert_eq!(sum, g, "{m}");
        for length in ["turns", "actions"] {
            let h: u64 = m[length]["histogram"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| n(&b["games"]))
                .sum();
            assert_eq!(h, g, "{length} histogram of {m}");
        }
        let firsts = n(&m["first_player_wins"]);
        assert!(firsts <= n(&m["wins"]) + n(&m["losses"]));
        total += g;
    }
    assert_eq!(total, games);
    assert_eq!(n(&r["all"]["games"]), games);
    let decks = r["decks"].as_array().unwrap();
    assert_eq!(decks.iter().map(|d| n(&d["games"])).sum::<u64>(), 2 * games);
    let mut errors = n(&r["unattributed_errors"]);
    for d in decks {
        let g = n(&d["games"]);
        let sum = n(&d["wins"]) + n(&d["losses"]) + n(&d["draws"]) + n(&d["unfinished"]);
        assert_eq!(sum, g, "{}", d["deck"]);
        for c in d["cards"].as_array().unwrap() {
            assert!(n(&c["drawn"]) <= g && n(&c["played"]) <= g, "{c}");
            errors += n(&c["effect_errors"]);
        }
    }
    assert_eq!(errors, n(&r["effect_errors"]));
}

#[test]
fn a_thousand_games_per_bundled_set_give_a_consistent_report() {
    let dir = temp("thousand");
    for set in ["d0-sample", "touhou-sample"] {
        let decks = decks(set);
        let part = dir.join(format!("{set}.json"));
        let out = ok(
            &decks,
            &[
                "--players",
                PLAYERS,
                "--games",
                "1000",
                "--seed",
                "11",
                "--json",
                "--out",
                part.to_str().unwrap(),
            ],
        );
        let report: Value = serde_json::from_str(&out).unwrap();
        check_report(&report, 1000);
        assert_eq!(report["deck_pairings"].as_array().unwrap().len(), 1);
        // Every card of each deck list has a row, and the raw counts check out as well.
        let partial = Partial::read(&part).unwrap();
        assert!(partial.complete());
        partial.tallies.check(1000).unwrap();
        for (d, deck) in decks.iter().enumerate() {
            let lines = std::fs::read_to_string(deck).unwrap();
            // The deck's entries: a sideboard's (R2.3) are not played in single games.
            let listed = lines
                .lines()
                .take_while(|l| l.trim() != dzero_cardpool::deck::SIDEBOARD_HEADER)
                .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .count();
            let rows = report["decks"][d]["cards"].as_array().unwrap().len();
            assert_eq!(rows, listed, "{set}: {}", deck.display());
        }
    }
}

#[test]
fn shards_merged_give_the_single_run_report_byte_for_byte() {
    let dir = temp("shards");
    let decks = decks("touhou-sample");
    let run = ["--players", TWO_PLAYERS, "--games", "120", "--seed", "5"];
    let mut parts = Vec::new();
    for (k, threads) in [("1/3", "1"), ("2/3", "2"), ("3/3", "1")] {
        let part = dir.join(format!("part{}.json", &k[..1]));
        let mut args = run.to_vec();
        args.extend(["--shard", k, "--threads", threads, "--out"]);
        args.push(part.to_str().unwrap());
        assert_eq!(ok(&decks, &args), "");
        parts.push(part);
    }
    let merge = |format: &[&str]| {
        succeeds(
            Command::new(env!("CARGO_BIN_EXE_dzero"))
                .args(["sim", "merge"])
                .args(parts.iter().rev())
                .args(format),
        )
    };
    let single_json = ok(&decks, &[&run[..], &["--json"]].concat());
    assert_eq!(merge(&["--json"]), single_json);
    assert_eq!(merge(&[]), ok(&decks, &run));
    assert_eq!(
        merge(&["--csv"]),
        ok(&decks, &[&run[..], &["--csv"]].concat())
    );
    let report: Value = serde_json::from_str(&single_json).unwrap();
    check_report(&report, 120);
    // Two players: every game seats one of each, each with every deck equally often.
    let matchups = report["matchups"].as_array().unwrap();
    assert_eq!(matchups.len(), 2);
    assert!(
        matchups.iter().all(|m| n(&m["games"]) == 60),
        "{matchups:?}"
    );
    assert_eq!(n(&report["player_pairings"][0]["games"]), 120);
}

#[test]
fn the_report_is_the_same_for_any_thread_count() {
    let decks = decks("d0-sample");
    let run = [
        "--players",
        PLAYERS,
        "--games",
        "60",
        "--seed",
        "9",
        "--json",
    ];
    let one = ok(&decks, &[&run[..], &["--threads", "1"]].concat());
    let two = ok(&decks, &[&run[..], &["--threads", "2"]].concat());
    let three = ok(&decks, &[&run[..], &["--threads", "3"]].concat());
    assert_eq!(one, two);
    assert_eq!(one, three);
    let other_seed = ok(
        &decks,
        &[
            "--players",
            PLAYERS,
            "--games",
            "60",
            "--seed",
            "10",
            "--json",
        ],
    );
    assert_ne!(one, other_seed);
}

#[test]
fn three_decks_play_a_round_robin_and_the_html_page_is_self_contained() {
    let dir = temp("robin");
    let set = dir.join("d0-sample");
    copy_dir(&sets().join("d0-sample"), &set);
    let [a, b] = decks("d0-sample");
    let third = set.join("decks/third.txt");
    std::fs::copy(&a, &third).unwrap();
    let decks = [
        set.join("decks").join(a.file_name().unwrap()),
        set.join("decks").join(b.file_name().unwrap()),
        third,
    ];
    let html = dir.join("report.html");
    let out = ok(
        &decks,
        &["--games", "30", "--json", "--html", html.to_str().unwrap()],
    );
    let report: Value = serde_json::from_str(&out).unwrap();
    check_report(&report, 30);
    let pairs: Vec<(String, String, u64)> = report["deck_pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["a"].as_str().unwrap().to_owned(),
                m["b"].as_str().unwrap().to_owned(),
                n(&m["games"]),
            )
        })
        .collect();
    let names: Vec<String> = decks
        .iter()
        .map(|d| d.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        pairs,
        vec![
            (names[0].clone(), names[1].clone(), 10),
            (names[0].clone(), names[2].clone(), 10),
            (names[1].clone(), names[2].clone(), 10),
        ]
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert_eq!(
        page.matches("<svg").count(),
        3 + 3,
        "matrix, two histograms, three decks"
    );
    for outside in ["<script", "src=", "href=", "http:", "https:", "url("] {
        assert!(!page.contains(outside), "{outside}");
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let path = e.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

#[test]
fn bad_arguments_give_clear_errors_and_a_non_zero_exit() {
    let dir = temp("bad");
    let d0 = decks("d0-sample");
    let th = decks("touhou-sample");
    let e = fails(&d0, &["--players", "wizard"]);
    assert!(e.contains("unknown player `wizard`"), "{e}");
    let e = fails(&d0, &["--players", "random,random,random"]);
    assert!(e.contains("one player for both seats or two"), "{e}");
    let out = dir.join("x.json");
    let e = fails(&d0, &["--shard", "4/3", "--out", out.to_str().unwrap()]);
    assert!(e.contains("bad shard `4/3`"), "{e}");
    let e = fails(&[d0[0].clone(), th[0].clone()], &["--games", "2"]);
    assert!(e.contains("none of which builds on all the others"), "{e}");
    let e = fails(&d0, &["--rules", "chess"]);
    assert!(e.contains("unknown rule set `chess`"), "{e}");
    let e = fails(&d0, &["--games", "0"]);
    assert!(e.contains("--games must be at least 1"), "{e}");
    let e = fails(&[dir.join("nowhere.txt")], &[]);
    assert!(e.contains("nowhere.txt: no such deck file"), "{e}");

    // Parts of different runs, overlapping parts, missing parts, and a file that is no part.
    let part = |name: &str, seed: &str, shard: &str| {
        let p = dir.join(name);
        ok(
            &d0,
            &[
                "--games",
                "20",
                "--seed",
                seed,
                "--shard",
                shard,
                "--out",
                p.to_str().unwrap(),
            ],
        );
        p
    };
    let a1 = part("a1.json", "1", "1/2");
    let a2 = part("a2.json", "1", "2/2");
    let b2 = part("b2.json", "2", "2/2");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"not\": 1}").unwrap();
    let merge = |parts: &[&PathBuf]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dzero"))
            .args(["sim", "merge"])
            .args(parts)
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    let e = merge(&[&a1, &b2]);
    assert!(
        e.contains("b2.json is a part of a different run than") && e.contains("seed: 1 vs 2"),
        "{e}"
    );
    let e = merge(&[&a2, &a2]);
    assert!(
        e.contains("a2.json counts games 10..20 that another part already counts"),
        "{e}"
    );
    let e = merge(&[&a1]);
    assert!(e.contains("missing games 10..20"), "{e}");
    let e = merge(&[&a1, &junk]);
    assert!(e.contains("junk.json: not a partial report"), "{e}");
    let mut bent: Value = serde_json::from_str(&std::fs::read_to_string(&a2).unwrap()).unwrap();
    bent["tallies"]["matchups"] = Value::Array(Vec::new());
    let bent_file = dir.join("bent.json");
    std::fs::write(&bent_file, bent.to_string()).unwrap();
    let e = merge(&[&a1, &bent_file]);
    assert!(
        e.contains(
            "bent.json: 0 matchup and 2 deck tallies, but the run has 1 matchups and 2 decks"
        ),
        "{e}"
    );
    let merged = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(["sim", "merge"])
        .args([&a1, &a2])
        .output()
        .unwrap();
    assert!(merged.status.success());
    let whole: Tallies = Partial::merge(
        vec![Partial::read(&a1).unwrap(), Partial::read(&a2).unwrap()],
        &[],
    )
    .unwrap()
    .tallies;
    whole.check(20).unwrap();
}

#[test]
fn games_past_the_action_limit_count_as_unfinished() {
    let decks = decks("d0-sample");
    let out = ok(
        &decks,
        &[
            "--players",
            PLAYERS,
            "--games",
            "20",
            "--max-actions",
            "150",
            "--json",
        ],
    );
    let r: Value = serde_json::from_str(&out).unwrap();
    check_report(&r, 20);
    let m = &r["deck_pairings"][0];
    assert_eq!(
        (n(&m["unfinished"]), n(&m["wins"]), n(&m["losses"])),
        (20, 0, 0)
    );
    assert_eq!(
        (n(&m["actions"]["min"]), n(&m["actions"]["max"])),
        (150, 150)
    );
    assert_eq!(n(&r["run"]["max_actions"]), 150);
}

/// `--replays DIR` writes every game as a replay that `dzero replay` re-runs to the result the
/// report counted.
#[test]
fn every_game_is_written_as_a_replay_that_reruns() {
    let dir = temp("replays");
    let games = 12;
    let out = ok(
        &decks("touhou-sample"),
        &[
            "--players",
            "greedy,random",
            "--games",
            &games.to_string(),
            "--seed",
            "5",
            "--json",
            "--replays",
            dir.to_str().unwrap(),
        ],
    );
    let report: Value = serde_json::from_str(&out).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let expected: Vec<String> = (0..games).map(|k| format!("game-{k:06}.json")).collect();
    assert_eq!(names, expected);
    let mut wins = [0u64; 2];
    for f in &files {
        let replay: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let players = replay["players"].as_array().unwrap();
        let mut specs: Vec<&str> = players.iter().map(|p| p.as_str().unwrap()).collect();
        specs.sort_unstable();
        assert_eq!(specs, ["greedy", "random"], "{}", f.display());
        let run = Command::new(env!("CARGO_BIN_EXE_dzero"))
            .arg("replay")
            .arg(f)
            .output()
            .unwrap();
        let text = String::from_utf8(run.stdout).unwrap();
        assert!(run.status.success(), "{}: {text}", f.display());
        assert!(text.contains("replay verified"), "{}: {text}", f.display());
        if let Some(seat) = replay["result"]["Win"].as_str() {
            let i = usize::from(seat != "One");
            let winner = players[i].as_str().unwrap();
            wins[usize::from(winner != "greedy")] += 1;
        }
    }
    let pairing = &report["player_pairings"][0];
    assert_eq!(pairing["a"], "greedy");
    assert_eq!([n(&pairing["wins"]), n(&pairing["losses"])], wins);
}

// R2.4, A26: `--match` plays matches and reports them beside the duels; a single-duel rule
// set is refused.
#[test]
fn r2_4_match_mode_reports_matches_beside_duels() {
    let decks = decks("d0-sample");
    let out = ok(
        &decks,
        &[
            "--match",
            "--players",
            "greedy",
            "--games",
            "12",
            "--seed",
            "7",
            "--json",
        ],
    );
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["run"]["matches"], true);
    let m = &report["matches"]["deck_pairings"][0];
    assert_eq!(
        [
            m["matches"].clone(),
            m["wins"].clone(),
            m["three_duels"].clone()
        ],
        [12, 0, 5]
    );
    assert_eq!(report["deck_pairings"][0]["games"], 29);
    let err = fails(&decks, &["--match", "--rules", "touhou-instant"]);
    assert!(
        err.contains("--match: rule set touhou-instant plays single duels without sideboards"),
        "{err}"
    );
}

/// R19.2: `--dimensions` (a list's file or name) chooses the dimension deck of `dzero sim` and
/// `dzero play`: the report names it and the saved game plays it; a list the rule set refuses
/// is an error naming the file and the rule.
#[test]
fn r19_2_dimensions_chooses_the_dimension_deck_of_sim_and_play() {
    let decks = decks("dimensions-sample");
    let war = sets().join("dimensions-sample/dimensions/war.txt");
    let args = ["--players", "greedy", "--games", "2", "--json"];
    let report: Value = serde_json::from_str(&ok(
        &decks,
        &[&args[..], &["--dimensions", war.to_str().unwrap()]].concat(),
    ))
    .unwrap();
    let listed = report["run"]["dimensions"].as_array().unwrap();
    assert_eq!(listed.len(), 13, "{listed:?}");
    assert_eq!(listed[12], "次元の攪拌");
    let default: Value = serde_json::from_str(&ok(&decks, &args)).unwrap();
    assert_eq!(default["run"]["dimensions"].as_array().unwrap().len(), 10);
    let err = fails(
        &decks,
        &[
            &args[..],
            &["--rules", "dimension-exploration", "--dimensions", "war"],
        ]
        .concat(),
    );
    assert!(err.contains("war.txt") && err.contains("(R19.5)"), "{err}");

    let dir = temp("play-dimensions");
    // A file that is no list: its first ten problems, located, then how many more.
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "not a list\n".repeat(30)).unwrap();
    let err = fails(
        &decks,
        &[&args[..], &["--dimensions", junk.to_str().unwrap()]].concat(),
    );
    assert!(
        err.contains("junk.txt:1:1: a dimension deck list starts with a `[dimensions]` line"),
        "{err}"
    );
    assert!(
        err.contains("junk.txt: 21 more problems (is it a dimension deck list?)"),
        "{err}"
    );
    assert_eq!(
        err.lines().filter(|l| l.contains("junk.txt:")).count(),
        11,
        "{err}"
    );
    let saved = dir.join("game.json");
    let mut play = Command::new(env!("CARGO_BIN_EXE_dzero"));
    play.args(["play", "--p1", "greedy", "--p2", "greedy", "--seed", "4"]);
    for d in &decks {
        play.arg("--deck").arg(d);
    }
    succeeds(play.args(["--dimensions", "war", "--save"]).arg(&saved));
    let replay: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let played: Vec<&str> = replay["dimensions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut expected: Vec<&str> = listed.iter().map(|v| v.as_str().unwrap()).collect();
    let mut sorted = played.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    std::fs::remove_dir_all(&dir).unwrap();
}
