//! `dzero validate --text-coverage`: the figure and the ranking of unknown phrases, for a set's
//! cards and, with `--corpus`, for the bundled corpus of real printed cards.

use std::process::Command;

fn dzero(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("dzero runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_corpus_figure_and_ranking() {
    let out = dzero(&["validate", "--text-coverage", "--corpus"]);
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.ends_with("%)") && first.contains(" printed line(s) understood ("),
        "{out}"
    );
    assert!(out.contains("unknown phrases, by lines blocked"), "{out}");
    assert!(out.contains("lines not understood:"), "{out}");
}

#[test]
fn a_sets_own_lines() {
    let out = dzero(&["validate", "--text-coverage", "cardpool/sets/d0-sample"]);
    let first = out.lines().next().unwrap_or_default();
    let (understood, rest) = first.split_once('/').expect("N/M");
    let total: usize = rest
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a line count");
    let understood: usize = understood.parse().expect("a count");
    assert!(total > 0 && understood <= total, "{out}");
    // The set's invented printed-wording cards are understood without Lua.
    assert!(!out.contains("選別の雷:"), "{out}");
    assert!(!out.contains("鼓舞の旗手:"), "{out}");
}
