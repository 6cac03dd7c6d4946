//! `dzero watch` under hostile saves: a script that hangs, escapes the budget, floods memory or
//! keeps state is reported and rejected, and the watcher keeps serving the saves after it;
//! what scripts print shows in the report, bounded.

mod support;

use std::path::Path;
use support::{Watcher, run};

/// A scenario of the set's own: 火球 deals 2000 to 的, a unit of 3000.
const OWN: &str = r#"title = "火球 deals 2000 to 的"

[P1]
hand = [{ card = "火球", label = "ball" }]
energy = [{ card = "火球", count = 2 }]

[P2]
units = [{ card = "的", at = "a3", label = "target" }]

[[step]]
by = "P1"
play = "ball"
target = "target"

[[step]]
pass = "both"
expect = { damage = { target = 2000 } }
"#;

/// 火球 with `body` as its effect and `top` before it at the top level.
fn fireball(top: &str, body: &str) -> String {
    format!(
        "{top}\ncard:on_play {{\n  line = 1,\n  target = target.unit(),\n  resolve = function(g, e)\n    {body}\n  end,\n}}\n"
    )
}

/// Saves 火球's script and returns what the watcher printed once it answered with `until`.
fn save(w: &Watcher, dir: &Path, script: &str, until: &str) -> String {
    let from = w.len();
    std::fs::write(dir.join("base/scripts/火球.lua"), script).unwrap();
    w.wait_for(until, from)[from..].to_owned()
}

#[test]
fn watch_reports_hostile_saves_and_keeps_serving() {
    let dir = std::env::temp_dir().join(format!("dzero-watch-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    run(&dir, "dzero new set base");
    run(&dir, "dzero new card 火球 --set base --lua");
    run(&dir, "dzero new card 的 --set base");
    std::fs::create_dir_all(dir.join("base/tests")).unwrap();
    std::fs::write(dir.join("base/tests/own.toml"), OWN).unwrap();
    let good = fireball("", "g:damage(e.target, 2000)");
    std::fs::write(dir.join("base/scripts/火球.lua"), &good).unwrap();

    let w = Watcher::spawn(&dir, "dzero watch base");
    let hostile = [
        ("", "while true do end"),
        (
            "",
            "while true do pcall(function() while true do end end) end",
        ),
        (
            "",
            "while true do xpcall(function() while true do end end, function() while true do end end) end",
        ),
        (
            "",
            "local s = ('a'):rep(40) while true do pcall(string.find, s, ('a*'):rep(40) .. 'b') end",
        ),
        ("while true do end", "g:damage(e.target, 2000)"),
        (
            "setmetatable({}, { __gc = function() while true do end end })",
            "g:damage(e.target, 2000)",
        ),
        (
            "for i = 1, 100 do print(string.rep('x', 30 * 1024 * 1024)) end",
            "g:damage(e.target, 2000)",
        ),
        ("local n = 0", "n = n + 1 g:damage(e.target, 2000 * n)"),
    ];
    for (top, body) in hostile {
        let out = save(&w, &dir, &fireball(top, body), "rejected in");
        assert!(
            out.contains("火球.lua"),
            "the problem names the script:\n{out}"
        );
    }
    let out = save(&w, &dir, &good, "done in");
    assert!(out.contains("reloaded 火球"), "{out}");
    assert!(out.contains("PASS") && out.contains("own.toml"), "{out}");

    // print() output reaches the report, tagged with the card, bounded, once per save.
    let chatty = fireball(
        "",
        "print('hit', e.target.name) for i = 1, 5000 do print(i) end g:damage(e.target, 2000)",
    );
    let out = save(&w, &dir, &chatty, "done in");
    assert!(out.contains("print [火球] hit\t的"), "{out}");
    assert!(out.contains("more lines dropped"), "{out}");
    // The smoke play's lines, then the scenario's, each bounded.
    assert!(
        out.lines().filter(|l| l.starts_with("print ")).count() <= 2002,
        "{out}"
    );
    let out = save(&w, &dir, &good, "done in");
    assert!(
        !out.contains("print "),
        "each save reports its own lines:\n{out}"
    );
    drop(w);
    let _ = std::fs::remove_dir_all(&dir);
}
