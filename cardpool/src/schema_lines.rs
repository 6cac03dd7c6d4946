//! `#:schema` first lines: the line that points Taplo-based editors (*Even Better TOML*) at the
//! JSON Schema of a set's files in its `.dzero` folder. `dzero schema SET` adds the line to every
//! card file, scenario file and `set.toml` of the set that lacks one. Nothing else in a file
//! changes, a file that already names a schema is left alone, and each file is replaced
//! atomically (written beside it, then renamed over it), so an interrupted run never leaves a
//! designer's file half-written.

use crate::files::SetRoot;
use std::path::{Path, PathBuf};

/// The editor-support folder inside a set.
pub const TOOLING: &str = ".dzero";

/// Files larger than this are no set files; they are skipped, not read.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// What [`add_schema_lines`] did.
#[derive(Debug, Default)]
pub struct SchemaLines {
    /// Files that gained a `#:schema` line, with the line.
    pub added: Vec<(PathBuf, String)>,
    /// Files that already had one (left untouched).
    pub kept: Vec<PathBuf>,
    /// Files left untouched for a reason (a symbolic link, unreadable, …).
    pub skipped: Vec<(PathBuf, String)>,
}

/// The `#:schema` line for a file in folder `dir` of the set `set`, pointing at `schema` in the
/// set's `.dzero` folder: `#:schema ../.dzero/card.schema.json` for `cards/x.toml`.
fn line_for(set: &Path, dir: &Path, schema: &str) -> String {
    let depth = dir
        .strip_prefix(set)
        .map_or(0, |rel| rel.components().count());
    let up = if depth == 0 {
        "./".to_owned()
    } else {
        "../".repeat(depth)
    };
    format!("#:schema {up}{TOOLING}/{schema}")
}

/// Whether the leading comments of `text` hold a `#:schema` line.
pub fn has_schema_line(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('#'))
        .any(|l| l.starts_with("#:schema"))
}

/// `bytes` with `line` put first (after a byte-order mark), ended like the file's own lines.
fn with_line(bytes: &[u8], line: &str) -> Vec<u8> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let (bom, rest) = match bytes.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => (&[][..], bytes),
    };
    let first_line_end = rest.iter().position(|&b| b == b'\n');
    let crlf = first_line_end.is_some_and(|i| i > 0 && rest[i - 1] == b'\r');
    let mut out = Vec::with_capacity(bytes.len() + line.len() + 2);
    out.extend_from_slice(bom);
    out.extend_from_slice(line.as_bytes());
    out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    out.extend_from_slice(rest);
    out
}

/// Replaces `path` with `bytes` through a file written beside it and renamed over it, keeping
/// its permissions.
fn replace_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.dzero-{}.tmp", std::process::id()));
    let written = std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::set_permissions(&tmp, std::fs::metadata(path)?.permissions()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Adds the `#:schema` line to `path` unless it has one; records what happened in `out`.
fn add_to(path: &Path, line: String, out: &mut SchemaLines) -> Result<(), String> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            out.skipped
                .push((path.to_owned(), "a symbolic link: edit its target".into()));
            return Ok(());
        }
        Ok(m) if !m.is_file() => {
            out.skipped
                .push((path.to_owned(), "not a regular file".into()));
            return Ok(());
        }
        Ok(m) if m.len() > MAX_BYTES => {
            out.skipped.push((path.to_owned(), "too large".into()));
            return Ok(());
        }
        Ok(_) => {}
        Err(e) => {
            out.skipped.push((path.to_owned(), e.to_string()));
            return Ok(());
        }
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if has_schema_line(&String::from_utf8_lossy(&bytes)) {
        out.kept.push(path.to_owned());
        return Ok(());
    }
    replace_atomically(path, &with_line(&bytes, &line))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    out.added.push((path.to_owned(), line));
    Ok(())
}

/// Adds the right `#:schema` first line to `set.toml`, every card file (`cards/*.toml`) and every
/// scenario file (`tests/**/*.toml`) of the set in `set` that has none. Stops at the first file
/// that cannot be written, with what was done so far lost to the message only.
pub fn add_schema_lines(set: &Path) -> Result<SchemaLines, String> {
    let mut out = SchemaLines::default();
    add_to(
        &set.join("set.toml"),
        line_for(set, set, "set.schema.json"),
        &mut out,
    )?;
    let root = SetRoot::new(set);
    let mut problems = Vec::new();
    for file in root.list("cards", "toml", &mut problems) {
        let line = line_for(set, &set.join("cards"), "card.schema.json");
        add_to(&file.shown, line, &mut out)?;
    }
    for p in problems {
        out.skipped.push((p.file.clone(), p.message.clone()));
    }
    for file in crate::layout::scenario_files(&[set.to_owned()]) {
        let dir = crate::files::parent_dir(&file).to_owned();
        let line = line_for(set, &dir, "scenario.schema.json");
        add_to(&file, line, &mut out)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_climbs_to_the_sets_tooling_folder() {
        let set = Path::new("s");
        assert_eq!(
            line_for(set, set, "set.schema.json"),
            "#:schema ./.dzero/set.schema.json"
        );
        assert_eq!(
            line_for(set, &set.join("tests/rulebook"), "scenario.schema.json"),
            "#:schema ../../.dzero/scenario.schema.json"
        );
    }

    #[test]
    fn only_the_line_is_added_after_a_bom_and_with_the_files_line_ends() {
        assert_eq!(with_line(b"a = 1\n", "#:schema x"), b"#:schema x\na = 1\n");
        assert_eq!(
            with_line(b"\xEF\xBB\xBFa = 1\r\nb = 2\r\n", "#:schema x"),
            b"\xEF\xBB\xBF#:schema x\r\na = 1\r\nb = 2\r\n"
        );
        assert_eq!(with_line(b"", "#:schema x"), b"#:schema x\n");
    }

    #[test]
    fn a_schema_line_in_the_leading_comments_counts() {
        assert!(has_schema_line("#:schema ../x.json\n[[card]]\n"));
        assert!(has_schema_line("\u{feff}# cards\n\n#:schema x\nname = 1\n"));
        assert!(!has_schema_line("[[card]]\n#:schema x\n"));
        assert!(!has_schema_line("# a comment\nname = 1\n"));
    }
}
