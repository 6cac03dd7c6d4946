//! The scenario JSON Schema in docs/ is generated from the reader's keys; regenerate it with
//! `dzero schema --out docs` (which writes the set files' schemas too).

use std::path::PathBuf;

#[test]
fn the_scenario_schema_file_is_current() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let text = dzero_cardpool::schemas::schema_text(&dzero_scenario::scenario_schema());
    let on_disk = std::fs::read_to_string(docs.join("scenario.schema.json")).unwrap_or_default();
    assert!(
        on_disk == text,
        "docs/scenario.schema.json is out of date: run `cargo run -p dzero-tools -- schema --out docs`"
    );
}
