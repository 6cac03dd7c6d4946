//! Paths given as bare names (`dzero validate .` inside a set) resolve as `./` and the folder's
//! full path do (`tools/scenario/tests/bare_paths.rs` does the same for `dzero test t.toml`).
//! This test changes the working folder, so it is the only test of its binary.

use dzero_cardpool::{Problem, validate};
use std::path::{Path, PathBuf};

const CARDS: &str = "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n\n[[card]]\nname = \"火花\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\ntext = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/s.lua\"\n";
const SCRIPT: &str = "card:on_play { line = 1, target = target.unit(), resolve = function(g, e)\n  g:damage(e.target, 1000)\nend }\n";

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(path, text).expect("write");
}

#[test]
fn bare_names_resolve_like_dot_slash_names() {
    let set: PathBuf =
        std::env::temp_dir().join(format!("dzero-bare-paths-{}/my-set", std::process::id()));
    let _ = std::fs::remove_dir_all(&set);
    write(
        &set.join("set.toml"),
        "id = \"my-set\"\nname = \"M\"\nversion = \"0\"\nrules = \"official\"\n",
    );
    write(&set.join("cards/c.toml"), CARDS);
    write(&set.join("scripts/s.lua"), SCRIPT);
    std::fs::create_dir_all(set.join("tests")).expect("tests folder");
    let before = std::env::current_dir().expect("working folder");

    std::env::set_current_dir(&set).expect("cd set");
    for given in [".", "./", "tests/.."] {
        let report = validate(&[PathBuf::from(given)]);
        let problems: Vec<String> = report.problems.iter().map(Problem::headline).collect();
        assert!(problems.is_empty(), "{given}: {problems:?}");
        assert_eq!(report.cards, 2, "{given}");
    }
    // A script error found by the smoke play, validated as `.`: located in the script.
    write(
        &set.join("scripts/s.lua"),
        "card:on_play { line = 1, target = target.unit(), resolve = function(g, e)\n  error(\"boom\")\nend }\n",
    );
    let report = validate(&[PathBuf::from(".")]);
    let problems: Vec<String> = report.problems.iter().map(Problem::headline).collect();
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("./scripts/s.lua:2:1: 「火花」:") && p.contains("boom")),
        "{problems:?}"
    );

    std::env::set_current_dir(before).expect("cd back");
    let _ = std::fs::remove_dir_all(set.parent().expect("temporary folder"));
}
