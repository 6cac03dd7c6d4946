//! Lua-scripted cards against the same cards as Rust fixtures, over many random games with the
//! fixture decks. Prints the time per game and the ratio (goal: scripted ≤ 1.5× native).
//!
//! Two comparisons: only 小さなカマキリ scripted (a ★ hook the engine calls on every power
//! query), and the whole sample set scripted (`tests/scenarios/fixture-set/scripts/`). Runs are interleaved and the best
//! of several rounds is kept, which is robust on a noisy machine.
//!
//!     cargo bench -p dzero-script-api --bench scripted_vs_native

use dzero_core::{CardDb, Game, RuleSet};
use dzero_script_api::{Limits, ScriptHost, printed};
use dzero_sim::{PlayOptions, play_out};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const GAMES: u64 = 150;
const ROUNDS: usize = 5;

fn lua_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios/fixture-set/scripts")
}

fn read(file: &str) -> String {
    std::fs::read_to_string(lua_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The fixture set with the cards `scripted` accepts replaced by their Lua versions.
fn db(host: &ScriptHost, scripted: impl Fn(&str) -> bool) -> CardDb {
    host.load_module(
        "common",
        "fixture-set/scripts/common.lua",
        &read("common.lua"),
    )
    .unwrap();
    let table = read("cards.tsv");
    let natives = dzero_fixtures::card_db();
    // Same ids as the fixtures, so deck lists match; scripted cards are swapped in place.
    let mut out = natives.clone();
    for (id, def) in natives.iter() {
        if scripted(&def.name) {
            let file = table
                .lines()
                .filter_map(|l| l.split_once('\t'))
                .find(|(n, _)| *n == def.name)
                .map(|(_, f)| f.to_owned())
                .unwrap_or_else(|| panic!("no script for {}", def.name));
            let path = format!("fixture-set/scripts/{file}");
            out.replace(
                id,
                host.load_card(printed(def), &path, &read(&file)).unwrap(),
            );
        }
    }
    out
}

/// Plays `GAMES` seeded random games; returns the elapsed time and a checksum of the results.
fn play(db: &CardDb) -> (Duration, u64) {
    let red = dzero_fixtures::deck_red(db);
    let blue = dzero_fixtures::deck_blue(db);
    let opts = PlayOptions {
        conservation: false,
        max_actions: u32::MAX,
        ..PlayOptions::default()
    };
    let start = Instant::now();
    let mut sum = 0u64;
    for seed in 0..GAMES {
        let g = Game::new(db, RuleSet::OFFICIAL, [&red, &blue], seed).unwrap();
        let out = play_out(db, g, [seed * 3, seed * 7 + 1], opts)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let n = u64::from(out.actions);
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(n + out.game.turn() as u64);
    }
    (start.elapsed(), sum)
}

fn compare(label: &str, scripted: impl Fn(&str) -> bool) {
    let host = ScriptHost::new(Limits::default()).unwrap();
    let lua = db(&host, scripted);
    let native = dzero_fixtures::card_db();
    let (mut best_native, mut best_lua) = (Duration::MAX, Duration::MAX);
    for _ in 0..ROUNDS {
        let (tn, sn) = play(&native);
        let (tl, sl) = play(&lua);
        assert_eq!(sn, sl, "the scripted games differ from the native ones");
        best_native = best_native.min(tn);
        best_lua = best_lua.min(tl);
    }
    assert!(host.errors().is_empty(), "{:?}", host.errors());
    let per = |d: Duration| d.as_secs_f64() * 1e6 / GAMES as f64;
    println!(
        "{label}: native {:.0} µs/game, scripted {:.0} µs/game, ratio {:.2}× (goal ≤ 1.5×)",
        per(best_native),
        per(best_lua),
        best_lua.as_secs_f64() / best_native.as_secs_f64()
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    compare("小さなカマキリ scripted", |n| n == "小さなカマキリ");
    compare("whole sample set scripted", |_| true);
}
