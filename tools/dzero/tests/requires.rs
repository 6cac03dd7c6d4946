//! `requires` in set.toml, through the real binary: a fan set's deck lists, scenarios,
//! `validate`, `test` and `watch` see the cards of the sets it builds on; missing folders,
//! cycles, malformed entries, unmet versions and names defined twice are located problems.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use support::{Watcher, run};

/// `command` (`dzero …`) in `dir`, allowed to fail: whether it succeeded, and its output.
fn try_run(dir: &Path, command: &str) -> (bool, String) {
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(&args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `set.toml` of a set `id`, version `version`, with `requires` written as `requires`.
fn set_toml(id: &str, version: &str, requires: &str) -> String {
    format!(
        "id = \"{id}\"\nname = \"{id}\"\nversion = \"{version}\"\nrules = \"official\"\nrequires = {requires}\n"
    )
}

/// A scenario of the fan set: the base set's 火球 (Lua, 2000 damage) hits the fan's 試しの兵.
const SCENARIO: &str = r#"title = "The base set's 火球 hits 試しの兵"

[P1]
hand = [{ card = "火球", label = "ball" }]
energy = [{ card = "試しの兵", count = 2 }]

[P2]
units = [{ card = "試しの兵", at = "b3", label = "soldier" }]

[[step]]
play = "ball"
target = "soldier"

[[step]]
pass = "both"
expect = { damage = { soldier = 2000 } }
"#;

/// A temporary folder `NAME-PID` with a set `base` (火球, Lua; 兵士, text) at version 1.2.0
/// and a set `fan` (試しの兵, text) requiring `../base` with `^1`, with [`SCENARIO`].
fn sets(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for c in [
        "dzero new set base",
        "dzero new card 火球 --set base --lua",
        "dzero new card 兵士 --set base",
        "dzero new set fan",
        "dzero new card 試しの兵 --set fan",
    ] {
        run(&dir, c);
    }
    write(&dir, "base/set.toml", &set_toml("base", "1.2.0", "[]"));
    write(
        &dir,
        "fan/set.toml",
        &set_toml("fan", "0.1.0", r#"[{ path = "../base", version = "^1" }]"#),
    );
    write(&dir, "fan/tests/uses_base.toml", SCENARIO);
    dir
}

fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The `file:line:col` of the first `needle` in `rel` (under `dir`), as problems print it.
fn at(dir: &Path, rel: &str, needle: &str) -> String {
    let text = std::fs::read_to_string(dir.join(rel)).unwrap();
    let offset = text.find(needle).unwrap();
    let line = text[..offset].matches('\n').count() + 1;
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    format!("{rel}:{line}:{}", text[start..offset].chars().count() + 1)
}

#[test]
fn a_fan_set_plays_and_builds_decks_with_the_cards_it_requires() {
    let dir = sets("dzero-requires-uses");
    let (ok, out) = try_run(&dir, "dzero validate fan");
    assert!(ok, "{out}");
    // The base set's cards are not counted as the fan set's own.
    assert!(
        out.contains("fan: 1 cards: 1 text-only, 0 Lua, 0 vanilla"),
        "{out}"
    );
    assert!(out.contains("ok: 1 set(s), 1 card(s)"), "{out}");
    let tested = run(&dir, "dzero test fan");
    assert!(
        tested.contains("1 scenario: 1 passed, 0 failed"),
        "{tested}"
    );

    // A deck list naming both sets' cards: every name resolves, so only its size (R2.1) is wrong.
    write(&dir, "fan/decks/mixed.txt", "3 火球\n3 兵士\n3 試しの兵\n");
    let (ok, out) = try_run(&dir, "dzero validate fan");
    assert!(!ok && !out.contains("no card named"), "{out}");
    let size = "the deck has 9 cards; the rule set `official` needs exactly 40 (R2.1)";
    assert!(
        out.contains(&format!(
            "{}: {size}",
            at(&dir, "fan/decks/mixed.txt", "3 試しの兵")
        )),
        "{out}"
    );
    assert!(out.contains("1 problem(s)"), "{out}");
    let (_, one) = try_run(&dir, "dzero validate fan/decks/mixed.txt");
    assert!(one.contains(size) && one.contains("1 problem(s)"), "{one}");
    write(&dir, "fan/decks/mixed.txt", "3 火球\n3 幻の兵\n");
    let (_, out) = try_run(&dir, "dzero validate fan");
    assert!(out.contains("no card named 「幻の兵」"), "{out}");
    assert!(!out.contains("「火球」"), "{out}");
    std::fs::remove_file(dir.join("fan/decks/mixed.txt")).unwrap();

    // A scenario that also lists the required set plays each card once (no duplicate names).
    write(
        &dir,
        "fan/tests/uses_base.toml",
        &SCENARIO.replacen("\n\n", "\nsets = [\"..\", \"../../base\"]\n\n", 1),
    );
    let tested = run(&dir, "dzero test fan");
    assert!(tested.contains("1 passed, 0 failed"), "{tested}");
    // Validating both together reports nothing twice and no clash.
    let both = run(&dir, "dzero validate base fan");
    assert!(both.contains("ok: 2 set(s), 3 card(s)"), "{both}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn requires_problems_are_located_at_their_entry() {
    let dir = sets("dzero-requires-bad");
    let check = |requires: &str, needle: &str, message: &str| {
        write(&dir, "fan/set.toml", &set_toml("fan", "0.1.0", requires));
        let (ok, out) = try_run(&dir, "dzero validate fan");
        let want = format!("{}: {message}", at(&dir, "fan/set.toml", needle));
        assert!(!ok && out.contains(&want), "expected {want:?} in:\n{out}");
    };
    check(
        r#"[{ path = "../base", version = "^2" }]"#,
        r#""^2""#,
        "set base is version 1.2.0, which `^2` does not accept",
    );
    check(
        r#"[{ path = "../base", version = "=1.2.1" }]"#,
        r#""=1.2.1""#,
        "set base is version 1.2.0, which `=1.2.1` does not accept",
    );
    check(
        r#"[{ path = "../base", version = "~1" }]"#,
        r#""~1""#,
        "expected a version requirement such as `^0.1` or `=0.1.0`, found `~1`",
    );
    check(
        r#"["../nowhere"]"#,
        r#""../nowhere""#,
        "no set at nowhere: expected a folder with a set.toml",
    );
    check(
        r#"["../base", 3]"#,
        "3]",
        "invalid type: integer `3`, expected a set folder",
    );
    check(
        r#"[{ version = "^1" }]"#,
        "{ version",
        "missing field `path`",
    );
    check(
        r#"[{ path = "../base", versoin = "^1" }]"#,
        "{ path",
        "unknown field `versoin`, expected `path` or `version`",
    );
    // Accepted requirements: caret, exact, and the short string form.
    for ok in [
        r#"[{ path = "../base", version = "^1.1" }]"#,
        r#"[{ path = "../base", version = "=1.2" }]"#,
        r#"["../base"]"#,
    ] {
        write(&dir, "fan/set.toml", &set_toml("fan", "0.1.0", ok));
        let (passed, out) = try_run(&dir, "dzero validate fan");
        assert!(passed, "{ok}: {out}");
    }

    // A cycle is reported at the entry that closes it.
    write(
        &dir,
        "base/set.toml",
        &set_toml("base", "1.2.0", r#"["../fan"]"#),
    );
    let (ok, out) = try_run(&dir, "dzero validate fan");
    let want = format!(
        "{}: sets cannot require each other: fan → base → fan",
        at(&dir, "base/set.toml", r#""../fan""#)
    );
    assert!(!ok && out.contains(&want), "{out}");
    write(&dir, "base/set.toml", &set_toml("base", "1.2.0", "[]"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_name_defined_twice_across_sets_is_located_at_both_files() {
    let dir = sets("dzero-requires-twice");
    run(&dir, "dzero new card 兵士 --set fan");
    let (ok, out) = try_run(&dir, "dzero validate fan");
    let want = format!(
        "{}: 「兵士」: 「兵士」 is defined twice: in this set and in set base",
        at(&dir, "fan/cards/兵士.toml", "[[card]]")
    );
    assert!(!ok && out.contains(&want), "{out}");
    assert!(
        out.contains("the other definition is in base/cards/兵士.toml"),
        "{out}"
    );
    std::fs::remove_file(dir.join("fan/cards/兵士.toml")).unwrap();

    // Sets validated together that do not build on each other: a clash is reported too.
    run(&dir, "dzero new set other");
    run(&dir, "dzero new card 兵士 --set other");
    let (ok, out) = try_run(&dir, "dzero validate base other");
    let want = format!(
        "{}: 「兵士」: 「兵士」 is defined in set base and in set other, validated together",
        at(&dir, "other/cards/兵士.toml", "[[card]]")
    );
    assert!(!ok && out.contains(&want), "{out}");
    assert!(
        out.contains("the other definition is in base/cards/兵士.toml"),
        "{out}"
    );
    assert!(out.contains("1 problem(s)"), "{out}");
    assert!(
        try_run(&dir, "dzero validate other").0,
        "alone, other is fine"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The base set's 火球 script dealing `amount`.
fn fireball(amount: u32) -> String {
    format!(
        "card:on_play {{\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e)\n    g:damage(e.target, {amount})\n  end,\n}}\n"
    )
}

#[test]
fn watch_reloads_the_fan_set_when_a_set_it_requires_changes() {
    let dir = sets("dzero-requires-watch");
    let w = Watcher::spawn(&dir, "dzero watch fan");
    let start = w.wait_for("watching", 0);
    assert!(
        start.contains("watching fan (1 cards, with base (2 cards))"),
        "{start}"
    );
    let save = |amount: u32| {
        let from = w.len();
        std::fs::write(dir.join("base/scripts/火球.lua"), fireball(amount)).unwrap();
        w.wait_for("done in", from)[from..].to_owned()
    };
    let out = save(3000);
    assert!(out.contains("reloaded the set"), "{out}");
    assert!(
        out.contains("FAIL") && out.contains("uses_base.toml"),
        "{out}"
    );
    let out = save(2000);
    assert!(
        out.contains("PASS") && out.contains("uses_base.toml"),
        "{out}"
    );
    drop(w);
    let _ = std::fs::remove_dir_all(&dir);
}
