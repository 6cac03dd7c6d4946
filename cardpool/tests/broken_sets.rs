//! One broken set per failure class: each yields its located diagnostic and nothing panics.

use dzero_cardpool::validate;
use std::path::{Path, PathBuf};

fn case(name: &str) -> String {
    // Relative to the package (the test's working directory), so that messages wrap the same
    // wherever the repository is checked out.
    let report = validate(&[Path::new("tests/broken").join(name)]);
    assert!(!report.problems.is_empty(), "{name}: expected problems");
    report
        .problems
        .iter()
        .map(|p| p.render())
        .collect::<Vec<_>>()
        .join("\n")
}

macro_rules! broken {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(case(stringify!($name)));
        }
    )*};
}

broken!(
    bad_toml,
    unknown_field,
    wrong_type,
    bad_dsl,
    bad_text_effect,
    missing_script,
    lua_syntax,
    lua_runtime,
    endless_loop,
    illegal_deck,
    many_mistakes,
    lua_claims,
);

// The JSON Schemas in docs/ are generated from the Rust types; regenerate with `dzero schema --out docs`.
#[test]
fn schema_files_are_current() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs");
    for (name, text) in dzero_cardpool::schemas::schema_files() {
        let on_disk = std::fs::read_to_string(docs.join(name)).unwrap_or_default();
        assert!(
            on_disk == text,
            "docs/{name} is out of date: run `cargo run -p dzero-tools -- schema --out docs`"
        );
    }
}
