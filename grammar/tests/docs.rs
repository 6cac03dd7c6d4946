//! docs/dsl.md stays true: every example line parses, every documented error message is what
//! the parser says.

use dzero_grammar::{parse_cost, parse_line};

fn read_doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/dsl.md");
    match std::fs::read_to_string(path) {
        Ok(d) => d,
        Err(e) => panic!("{path}: {e}"),
    }
}

/// Non-empty lines of the fenced blocks tagged `kind`.
fn blocks(kind: &str) -> Vec<String> {
    let doc = read_doc();
    let mut out = Vec::new();
    let mut inside = false;
    for line in doc.lines() {
        if let Some(lang) = line.strip_prefix("```") {
            inside = !inside && lang == kind;
        } else if inside && !line.trim().is_empty() {
            out.push(line.to_owned());
        }
    }
    out
}

#[test]
fn every_example_line_parses() {
    let lines = blocks("dsl");
    assert!(lines.len() > 30, "{} example lines", lines.len());
    for l in lines {
        if let Err(e) = parse_line(&l) {
            panic!("docs/dsl.md example {l:?}: {e}");
        }
    }
}

/// The rows `| `input` | `message` |` of the table in the "Errors" section (`\|` is a `|`).
fn error_rows() -> Vec<(String, String)> {
    let doc = read_doc();
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Errors"))
        .unwrap_or_default()
        .to_owned();
    section
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l
                .strip_prefix("| `")?
                .strip_suffix("` |")?
                .splitn(2, "` | `")
                .collect();
            match cells.as_slice() {
                [input, message] => Some((input.replace("\\|", "|"), message.replace("\\|", "|"))),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn documented_errors_are_the_real_ones() {
    let rows = error_rows();
    assert!(rows.len() >= 10, "{} documented errors", rows.len());
    for (input, message) in rows {
        let actual: Vec<String> = [parse_line(&input).err(), parse_cost(&input).err()]
            .into_iter()
            .flatten()
            .map(|e| e.to_string())
            .collect();
        assert!(
            actual.contains(&message),
            "{input:?}: documented {message:?}, actual {actual:?}"
        );
    }
}
