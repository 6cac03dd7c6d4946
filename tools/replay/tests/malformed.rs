//! Replay files that are not replays give errors naming the file, line and column, or the
//! format version.

use dzero_replay::{FORMAT_VERSION, Replay};
use std::path::Path;

/// The error `text` gives when read as the replay file `r.json`.
fn error(text: &str) -> String {
    Replay::parse(Path::new("r.json"), text)
        .expect_err("not a replay")
        .to_string()
}

#[test]
fn not_json_names_line_and_column() {
    assert_eq!(
        error("{\n  \"version\": 1,\n  oops\n}"),
        "r.json:3:3: not a dzero replay: key must be a string"
    );
}

#[test]
fn truncated_file_is_malformed() {
    assert_eq!(
        error("{\"version\": 1, \"seed\": 4"),
        "r.json:1:24: not a dzero replay: EOF while parsing an object"
    );
}

#[test]
fn missing_fields_are_named() {
    assert_eq!(
        error("{\"version\": 1, \"seed\": 4}"),
        "r.json:1:25: not a dzero replay: missing field `rules`"
    );
}

#[test]
fn unknown_fields_are_refused() {
    let e = error("{\"version\": 1, \"sed\": 4}");
    assert!(
        e.starts_with("r.json:1:20: not a dzero replay: unknown field `sed`, expected one of"),
        "{e}"
    );
}

#[test]
fn a_newer_format_version_says_so() {
    let v = FORMAT_VERSION + 1;
    assert_eq!(
        error(&format!("{{\"version\": {v}, \"anything\": []}}")),
        format!(
            "r.json: replay format version {v} is newer than this dzero reads ({FORMAT_VERSION}); update dzero"
        )
    );
}

#[test]
fn wrong_types_are_named() {
    assert_eq!(
        error("{\"version\": \"one\"}"),
        "r.json:1:17: not a dzero replay: invalid type: string \"one\", expected u32"
    );
}

#[test]
fn a_missing_file_names_it() {
    let e = Replay::read(Path::new("/nonexistent/r.json")).expect_err("no file");
    assert!(e.to_string().starts_with("/nonexistent/r.json: "), "{e}");
}
