//! `dzero watch BASE --scenarios FAN`: a save in the base set re-runs the scenarios of another
//! set that plays with it (`sets = [...]`), and only with `--scenarios` naming that folder.

mod support;

use std::path::Path;
use support::{Watcher, run};

const SCENARIO: &str = r#"title = "The base set's 火球 hits the fan set's 試しの兵"
sets = ["..", "../../base"]

[P1]
hand = [{ card = "火球", label = "ball" }]
energy = [{ card = "火球", count = 2 }]

[P2]
units = [{ card = "試しの兵", at = "b3", label = "soldier" }]

[[step]]
by = "P1"
play = "ball"
target = "soldier"

[[step]]
pass = "both"
expect = { damage = { soldier = 2000 } }
"#;

/// A scenario of the base set's own, so that every save prints a result.
const OWN: &str = r#"title = "火球 in hand"

[P1]
hand = ["火球"]

[[step]]
expect = { P1 = { hand = 1 } }
"#;

/// The base set's 火球 as the scaffold writes it, dealing `amount`.
fn fireball(amount: u32) -> String {
    format!(
        "card:on_play {{\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e)\n    g:damage(e.target, {amount})\n  end,\n}}\n"
    )
}

/// Saves 火球's script and returns what the watcher printed for it.
fn save(w: &Watcher, dir: &Path, amount: u32) -> String {
    let from = w.len();
    std::fs::write(dir.join("base/scripts/火球.lua"), fireball(amount)).unwrap();
    w.wait_for("done in", from)[from..].to_owned()
}

#[test]
fn watch_reruns_scenarios_of_other_sets_that_list_it() {
    let dir = std::env::temp_dir().join(format!("dzero-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for c in [
        "dzero new set base",
        "dzero new card 火球 --set base --lua",
        "dzero new set fan",
        "dzero new card 試しの兵 --set fan",
    ] {
        run(&dir, c);
    }
    std::fs::create_dir_all(dir.join("fan/tests")).unwrap();
    std::fs::write(dir.join("fan/tests/uses_base.toml"), SCENARIO).unwrap();
    std::fs::create_dir_all(dir.join("base/tests")).unwrap();
    std::fs::write(dir.join("base/tests/own.toml"), OWN).unwrap();
    let ran = run(&dir, "dzero test fan base");
    assert!(ran.contains("2 passed, 0 failed"), "{ran}");

    let w = Watcher::spawn(&dir, "dzero watch base --scenarios fan");
    let out = save(&w, &dir, 3000);
    assert!(out.contains("reloaded 火球"), "{out}");
    assert!(
        out.contains("FAIL") && out.contains("uses_base.toml"),
        "{out}"
    );
    let out = save(&w, &dir, 2000);
    assert!(
        out.contains("PASS") && out.contains("uses_base.toml"),
        "{out}"
    );
    drop(w);

    // Without `--scenarios fan` the fan set's scenarios are not searched.
    let w = Watcher::spawn(&dir, "dzero watch base");
    let out = save(&w, &dir, 3000);
    assert!(out.contains("PASS") && out.contains("own.toml"), "{out}");
    assert!(!out.contains("uses_base.toml"), "{out}");
    drop(w);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Deleting a card file is applied and reported as the reload it is, once, with the time of
/// day; a save no scenario names still ends with "done".
#[test]
fn watch_reports_a_deleted_card_as_a_reload_and_always_says_done() {
    let dir = std::env::temp_dir().join(format!("dzero-watch-del-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    run(&dir, "dzero new set base");
    run(&dir, "dzero new card 兵士 --set base");
    run(&dir, "dzero new card 騎士 --set base");
    let w = Watcher::spawn(&dir, "dzero watch base");
    w.wait_for("watching", 0);
    let from = w.len();
    std::fs::remove_file(dir.join("base/cards/騎士.toml")).unwrap();
    let out = w.wait_for("done in", from)[from..].to_owned();
    assert!(out.contains("reloaded the set"), "{out}");
    assert!(!out.contains("rejected"), "{out}");
    assert_eq!(out.matches("reloaded").count(), 1, "reported once: {out}");
    assert!(out.contains("no scenario names what changed"), "{out}");
    let line = out.lines().find(|l| l.contains("reloaded")).unwrap();
    let stamp = line.split_whitespace().next().unwrap();
    assert!(
        stamp.len() == 8 && stamp.as_bytes()[2] == b':' && stamp.as_bytes()[5] == b':',
        "a time of day first: {line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
