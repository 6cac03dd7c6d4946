//! Same seed + same decisions ⇒ the same game in any process (ARCHITECTURE: determinism). Two
//! separate processes play the bundled Lua sets' deck lists and compare per-step state hashes,
//! and iterate a Lua table with string keys: Lua seeds its string hashes per state, so without a
//! fixed seed the order of `pairs` (and any game that depends on it) would differ per process.

use dzero_cardpool::load_set;
use dzero_script_api::{Limits, ScriptHost};
use dzero_sim::{PlayOptions, play_random};
use std::path::PathBuf;
use std::process::Command;

const CHILD: &str = "DZERO_DETERMINISM_CHILD";
const GAMES_PER_PAIR: u64 = 4;

/// What one process saw: the `pairs` order of a string-keyed table and, per game, its number
/// of actions and the hash of every state along the way.
fn observe() -> Vec<String> {
    let mut out = Vec::new();
    let host = ScriptHost::new(Limits::default()).expect("a Lua state");
    host.load_module(
        "probe",
        "probe.lua",
        r#"
        local t = {}
        for i = 1, 64 do t["key" .. i] = i end
        local order = {}
        for k in pairs(t) do order[#order + 1] = k end
        print(table.concat(order, ","))
        return {}
        "#,
    )
    .expect("the probe loads");
    out.extend(host.log());
    let sets = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cardpool/sets"));
    for id in ["d0-sample", "touhou-sample"] {
        let set = load_set(&sets.join(id)).set.expect("the bundled set loads");
        let (a, b) = (&set.decks[0].cards, &set.decks[1].cards);
        for seed in 0..GAMES_PER_PAIR {
            let opts = PlayOptions {
                hashes: true,
                ..PlayOptions::default()
            };
            let p = play_random(&set.db, set.rules, [a, b], seed, opts).expect("the game ends");
            let hashes: Vec<String> = p.hashes.iter().map(|h| format!("{h:016x}")).collect();
            out.push(format!(
                "{id} seed {seed}: {} actions {}",
                p.actions,
                hashes.join(" ")
            ));
        }
    }
    out
}

/// Runs [`child`] in a new process of this test binary and returns what it observed.
fn run_child(padding: usize) -> Vec<String> {
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args(["child", "--exact", "--nocapture", "--test-threads", "1"])
        .env(CHILD, "1")
        // Shifts the child's stack and environment addresses.
        .env("DZERO_PADDING", "x".repeat(padding))
        .output()
        .expect("the child runs");
    assert!(
        out.status.success(),
        "child failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<String> = text
        .lines()
        .skip_while(|l| *l != "BEGIN")
        .skip(1)
        .take_while(|l| *l != "END")
        .map(str::to_owned)
        .collect();
    assert!(!lines.is_empty(), "the child printed no observations");
    lines
}

/// The child's half: prints its observations between markers (does nothing in a normal run).
#[test]
fn child() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    // libtest prints "test child ... " before the output: start on a fresh line.
    println!("\nBEGIN");
    for line in observe() {
        println!("{line}");
    }
    println!("END");
}

#[test]
fn two_processes_play_the_same_lua_games_step_for_step() {
    let a = run_child(1);
    let b = run_child(4099);
    assert_eq!(a.len(), b.len());
    let here = observe();
    for (i, x) in a.iter().enumerate() {
        for (who, y) in [("a second process", &b[i]), ("this process", &here[i])] {
            if let Some(w) = x.split(' ').zip(y.split(' ')).position(|(p, q)| p != q) {
                let label: String = x
                    .split(':')
                    .next()
                    .unwrap_or_default()
                    .chars()
                    .take(40)
                    .collect();
                panic!("{who} diverges on line {i} ({label}) at word {w}");
            }
            assert_eq!(x.len(), y.len(), "{who}: line {i} differs in length");
        }
    }
}
