//! The fenced blocks of docs/guide.md that its tests follow: `sh` commands, files to write
//! (`lang file=PATH`) and `output` lines the commands before them print.

use std::path::PathBuf;

/// One fenced block of the guide.
pub enum Block {
    /// Commands to run, one a line.
    Commands(Vec<String>),
    /// A file to write: its path and text.
    File(String, String),
    /// Lines that the output of the commands of the block before must contain.
    Output(Vec<String>),
}

/// The text of docs/guide.md.
pub fn guide() -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide.md"))
        .unwrap()
}

/// The part of `guide` from the heading starting with `from` (or the start) up to the heading
/// starting with `to` (or the end).
pub fn chapters<'a>(guide: &'a str, from: Option<&str>, to: Option<&str>) -> &'a str {
    let at = |h: &str| {
        guide
            .find(&format!("\n{h}"))
            .unwrap_or_else(|| panic!("docs/guide.md has no heading {h:?}"))
    };
    let start = from.map_or(0, at);
    let end = to.map_or(guide.len(), at);
    &guide[start..end]
}

/// The blocks of `text`, in order.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        if info == "sh" {
            out.push(Block::Commands(
                body.iter().map(|l| l.to_string()).collect(),
            ));
        } else if info == "output" {
            out.push(Block::Output(body.iter().map(|l| l.to_string()).collect()));
        } else if let Some(path) = info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="))
        {
            out.push(Block::File(path.to_owned(), body.join("\n") + "\n"));
        }
    }
    out
}
