//! The model layer (`core/src/model/`) is a leaf: its files name nothing of the crate outside
//! `crate::model`, so the rules modules depend on it and never the other way round.

use std::fs;
use std::path::Path;

/// Paths into the crate outside the model layer that a model source names in code (comments and
/// doc links left out), as `file:line: path`.
fn outside_paths(file: &str, src: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            if name != "model" {
                found.push(format!("{file}:{}: crate::{name}", n + 1));
            }
            rest = after;
        }
        if code.contains("super::super") {
            found.push(format!("{file}:{}: super::super", n + 1));
        }
    }
    found
}

#[test]
fn model_files_import_only_the_model_layer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("core/src/model exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "the model layer has its files");
    let mut found = Vec::new();
    for path in &files {
        let src = fs::read_to_string(path).expect("readable model source");
        let name = path.file_name().unwrap().to_string_lossy();
        found.extend(outside_paths(&name, &src));
    }
    assert!(
        found.is_empty(),
        "model files must not import rules modules:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_a_rules_import() {
    let src =
        "use crate::model::ids::CardId;\nuse crate::state::Game; // no\n/// [`crate::Game`]\n";
    assert_eq!(outside_paths("x.rs", src), vec!["x.rs:2: crate::state"]);
    assert_eq!(
        outside_paths("y.rs", "use crate::{model::ids::CardId, Query};"),
        vec!["y.rs:1: crate::{model"]
    );
}
