//! Sets that build on sets, through the library: the sets a set requires are loaded once each
//! (also when two of its requirements share one), their cards follow the set's own in its
//! database, and a name two required sets both define is located in the later one's file.

use dzero_cardpool::{Written, load_set};
use std::path::{Path, PathBuf};

/// A set `id` in `root/id` with one vanilla unit per name and `requires` as written.
fn set(root: &Path, id: &str, requires: &str, units: &[&str]) {
    let dir = root.join(id);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        format!(
            "id = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\nrules = \"official\"\nrequires = {requires}\n"
        ),
    )
    .unwrap();
    let cards: String = units
        .iter()
        .map(|n| {
            format!(
                "[[card]]\nname = \"{n}\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"ヒューマン\"\n\
                 timing = \"normal\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 1000\n\n"
            )
        })
        .collect();
    std::fs::write(dir.join("cards/units.toml"), cards).unwrap();
}

fn temp(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

#[test]
fn a_set_shared_by_two_requirements_is_loaded_once() {
    let root = temp("dzero-requires-diamond");
    set(&root, "d", "[]", &["D1", "D2"]);
    set(&root, "b", r#"["../d"]"#, &["B1"]);
    set(
        &root,
        "c",
        r#"[{ path = "../d", version = "^1" }]"#,
        &["C1"],
    );
    set(&root, "a", r#"["../b", "../c"]"#, &["A1", "A2", "A3"]);
    let loaded = load_set(&root.join("a"));
    let rendered: Vec<String> = loaded.problems.iter().map(|p| p.render()).collect();
    assert!(rendered.is_empty(), "{rendered:?}");
    let a = loaded.set.unwrap();
    let ids: Vec<&str> = a.required.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["b", "d", "c"]);
    // Own cards first, then each required set's once: 3 + 1 + 2 + 1.
    let names: Vec<&str> = a.db.iter().map(|(_, d)| d.name.as_str()).collect();
    assert_eq!(names, ["A1", "A2", "A3", "B1", "D1", "D2", "C1"]);
    for r in &a.required {
        for c in &r.cards {
            let name = &a.db.get(c.def).unwrap().name;
            assert!(name.starts_with(&r.id.to_uppercase()), "{name} of {}", r.id);
        }
    }
    assert_eq!(
        Written::of(&a).to_string(),
        "a: 3 cards: 0 text-only, 0 Lua, 3 vanilla"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_name_two_required_sets_define_is_located_in_the_later_file() {
    let root = temp("dzero-requires-clash");
    set(&root, "b", "[]", &["同名"]);
    set(&root, "c", "[]", &["C1", "同名"]);
    set(&root, "a", r#"["../b", "../c"]"#, &["A1"]);
    let loaded = load_set(&root.join("a"));
    assert_eq!(loaded.problems.len(), 1);
    let p = &loaded.problems[0];
    assert_eq!(p.file, root.join("c/cards/units.toml"));
    assert_eq!((p.line, p.col), (11, 1), "the second [[card]] of c's file");
    assert_eq!(
        p.message,
        "「同名」 is defined twice: in set c and in set b"
    );
    let help = p.help.as_deref().unwrap();
    assert!(
        help.contains(&root.join("b/cards/units.toml").display().to_string()),
        "{help}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_sets_a_set_requires_are_reported_for_watching_even_when_loading_fails() {
    let root = temp("dzero-requires-dirs");
    set(&root, "b", "[]", &["B1"]);
    set(
        &root,
        "a",
        r#"[{ path = "../b", version = "^2" }]"#,
        &["A1"],
    );
    let loaded = load_set(&root.join("a"));
    assert_eq!(loaded.problems.len(), 1, "the unmet version");
    assert_eq!(
        loaded.requires,
        [std::fs::canonicalize(root.join("b")).unwrap()]
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// R18.4: a 盟約 partner is found by its name in play, so it may be a card of a required set;
/// a name no loaded set has is still a problem.
#[test]
fn a_pact_partner_may_be_a_card_of_a_required_set() {
    let root = temp("dzero-requires-pact");
    set(&root, "b", "[]", &["B1"]);
    set(&root, "a", r#"["../b"]"#, &["A1"]);
    let pact = |partners: &str| {
        format!(
            "[[card]]\nname = \"盟友\"\ntype = \"unit\"\ncolours = [\"赤\"]\nrace = \"ヒューマン\"\n\
             timing = \"normal\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 1000\n\
             text = \"盟約―<{partners}>[無1]\"\n"
        )
    };
    let file = root.join("a/cards/pact.toml");
    std::fs::write(&file, pact("「B1」+「A1」")).unwrap();
    let loaded = load_set(&root.join("a"));
    let rendered: Vec<String> = loaded.problems.iter().map(|p| p.render()).collect();
    assert!(rendered.is_empty(), "{rendered:?}");
    std::fs::write(&file, pact("「B1」+「Z9」")).unwrap();
    let loaded = load_set(&root.join("a"));
    let messages: Vec<&str> = loaded.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages, ["no card named 「Z9」 in this set"]);
    let _ = std::fs::remove_dir_all(&root);
}
