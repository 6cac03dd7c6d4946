//! Paths given as bare names (`dzero test t.toml` inside a set's `tests/` folder) resolve as
//! `./t.toml` and the folder's full path do. This test changes the working folder, so it is the
//! only test of its binary.

use dzero_scenario::run_paths;
use std::path::{Path, PathBuf};

const CARDS: &str = "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n\n[[card]]\nname = \"火花\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\ntext = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/s.lua\"\n";
const SCRIPT: &str = "card:on_play { line = 1, target = target.unit(), resolve = function(g, e)\n  g:damage(e.target, 1000)\nend }\n";
const SCENARIO: &str = "[P1]\nhand = [{ card = \"火花\", label = \"spark\" }]\nenergy = [{ card = \"兵士\", count = 2 }]\n\n[P2]\nunits = [{ card = \"兵士\", at = \"b3\", label = \"t\" }]\n\n[[step]]\nplay = \"spark\"\ntarget = \"t\"\n\n[[step]]\npass = \"both\"\nexpect = { damage = { t = 1000 } }\n";

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(path, text).expect("write");
}

#[test]
fn bare_names_resolve_like_dot_slash_names() {
    let set: PathBuf = std::env::temp_dir().join(format!(
        "dzero-bare-scenario-paths-{}/my-set",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&set);
    write(
        &set.join("set.toml"),
        "id = \"my-set\"\nname = \"M\"\nversion = \"0\"\nrules = \"official\"\n",
    );
    write(&set.join("cards/c.toml"), CARDS);
    write(&set.join("scripts/s.lua"), SCRIPT);
    write(&set.join("tests/t.toml"), SCENARIO);
    let before = std::env::current_dir().expect("working folder");

    std::env::set_current_dir(set.join("tests")).expect("cd set/tests");
    for given in ["t.toml", "./t.toml", "."] {
        let report = run_paths(&[PathBuf::from(given)]);
        assert!(report.ok(), "{given}: {}", report.render());
    }

    std::env::set_current_dir(before).expect("cd back");
    let _ = std::fs::remove_dir_all(set.parent().expect("temporary folder"));
}
