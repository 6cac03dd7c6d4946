//! Reading the files of a set defensively. Sets come from strangers, so a file named by a set
//! must stay inside the set folder once `..` and symbolic links are resolved; only regular
//! files are read (a FIFO or a device never blocks or is opened for reading data), never more
//! than a size limit; a UTF-8 byte-order mark is skipped and invalid UTF-8 is located.

use crate::diag::Problem;
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

/// Largest card file, Lua script, `set.toml` or scenario file read (bytes).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// Largest deck list read (bytes); a deck list is a few dozen short lines.
pub const MAX_DECK_BYTES: u64 = 1024 * 1024;

/// Why a file's text could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file as a whole: missing, not a regular file, too large, unreadable.
    File(String),
    /// Not UTF-8: the text with invalid bytes replaced, and the offset of the first one.
    Encoding {
        /// The text, invalid sequences replaced by U+FFFD.
        text: String,
        /// Byte offset (in `text`) of the first replacement.
        at: usize,
        /// The first invalid byte.
        byte: u8,
    },
}

impl ReadError {
    /// A one-line description, e.g. for "cannot read script …: <description>".
    pub fn describe(&self) -> String {
        match self {
            ReadError::File(m) => m.clone(),
            ReadError::Encoding { text, at, byte } => {
                let (line, col) = crate::diag::line_col(text, *at);
                format!("not UTF-8 text: byte 0x{byte:02X} at line {line}, column {col}")
            }
        }
    }

    /// The problem with the file at `path`, located at the first invalid byte for encoding
    /// errors.
    pub fn problem(&self, path: &Path) -> Problem {
        match self {
            ReadError::File(m) => Problem::file(path, format!("cannot read: {m}")),
            ReadError::Encoding { text, at, byte } => Problem::at(
                path,
                text,
                *at..*at + '\u{FFFD}'.len_utf8(),
                format!("the file is not UTF-8 text: invalid byte 0x{byte:02X}"),
            )
            .help("save the file as UTF-8"),
        }
    }
}

/// A description of a file type that is not a regular file, or `None` for a regular file.
pub(crate) fn not_regular(t: std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return Some("a named pipe (FIFO), not a regular file");
        }
        if t.is_socket() {
            return Some("a socket, not a regular file");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device, not a regular file");
        }
    }
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a folder, not a file")
    } else {
        Some("not a regular file")
    }
}

fn open_no_block(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // A FIFO swapped in after the type check must not block the open; O_NOCTTY keeps a
        // terminal from becoming ours.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// The bytes of the regular file at `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |e: std::io::Error| ReadError::File(e.to_string());
    // Check the type before opening: opening a FIFO for reading would wait for a writer.
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(what) = not_regular(meta.file_type()) {
        return Err(ReadError::File(format!("it is {what}")));
    }
    let file = open_no_block(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if let Some(what) = not_regular(meta.file_type()) {
        return Err(ReadError::File(format!("it is {what}")));
    }
    let too_large = |n: u64| {
        ReadError::File(format!(
            "the file is too large ({n} bytes; at most {limit} are read)"
        ))
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Text from bytes: a leading UTF-8 byte-order mark is dropped; invalid UTF-8 is an error
/// located at its first invalid byte.
pub fn decode(mut bytes: Vec<u8>) -> Result<String, ReadError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes()[at];
        ReadError::Encoding {
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            at,
            byte,
        }
    })
}

/// The text of the regular file at `path` (see [`read_bytes`] and [`decode`]).
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    decode(read_bytes(path, limit)?)
}

/// Text given directly (e.g. an editor buffer): the byte-order mark is dropped as when read.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

/// A file inside a set: the path to show (the set folder joined with what the set wrote) and
/// the resolved path to read (no symbolic links left, inside the set folder).
#[derive(Clone, Debug)]
pub struct InSet {
    /// As shown in problems.
    pub shown: PathBuf,
    /// Canonical; what is read.
    pub real: PathBuf,
}

/// A set folder, for resolving the paths its files name.
#[derive(Debug)]
pub struct SetRoot {
    dir: PathBuf,
    real: std::io::Result<PathBuf>,
}

impl SetRoot {
    /// The set folder `dir`.
    pub fn new(dir: &Path) -> SetRoot {
        SetRoot {
            dir: dir.to_owned(),
            real: std::fs::canonicalize(dir),
        }
    }

    /// The set folder as given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `rel`, a path written in a set file, resolved inside the set folder; otherwise why it
    /// is refused. Absolute paths and paths that climb out with `..` are refused without
    /// touching the file system; a symbolic link leading outside is refused once resolved.
    pub fn resolve(&self, rel: &str) -> Result<InSet, String> {
        check_relative(rel, "the set folder")?;
        self.inside(&self.dir.join(rel), rel)
    }

    /// `path` (below the set folder) if, resolved, it is inside the set folder.
    pub fn inside(&self, path: &Path, written: &str) -> Result<InSet, String> {
        let root = self
            .real
            .as_ref()
            .map_err(|e| format!("the set folder cannot be resolved: {e}"))?;
        let real = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
        if real.starts_with(root) {
            Ok(InSet {
                shown: path.to_owned(),
                real,
            })
        } else {
            Err(format!(
                "`{written}` leads outside the set folder (through a symbolic link); only files \
                 inside the set are read"
            ))
        }
    }

    /// The files with extension `ext` in the set's folder `sub`, sorted by name. A missing
    /// folder has no files; a folder that cannot be listed, and entries that lead outside the
    /// set, are problems.
    pub fn list(&self, sub: &str, ext: &str, problems: &mut Vec<Problem>) -> Vec<InSet> {
        let folder = self.dir.join(sub);
        match std::fs::symlink_metadata(&folder) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
            Err(e) => {
                problems.push(Problem::file(
                    &folder,
                    format!("cannot read the folder: {e}"),
                ));
                return Vec::new();
            }
            Ok(_) => {}
        }
        let real = match self.inside(&folder, sub) {
            Ok(r) => r.real,
            Err(m) => {
                problems.push(Problem::file(
                    &folder,
                    format!("cannot read the folder: {m}"),
                ));
                return Vec::new();
            }
        };
        let entries = match std::fs::read_dir(&real) {
            Ok(e) => e,
            Err(e) => {
                problems.push(
                    Problem::file(&folder, format!("cannot list the folder: {e}"))
                        .help("the folder must be a readable directory"),
                );
                return Vec::new();
            }
        };
        let mut names = Vec::new();
        for entry in entries {
            match entry {
                Ok(e) => names.push(e.file_name()),
                Err(e) => {
                    problems.push(Problem::file(
                        &folder,
                        format!("cannot list the folder: {e}"),
                    ));
                    break;
                }
            }
        }
        names.sort();
        let mut out = Vec::new();
        for name in names {
            let shown = folder.join(&name);
            if shown.extension().is_none_or(|e| e != ext) {
                continue;
            }
            let written = format!("{sub}/{}", name.to_string_lossy());
            match self.inside(&shown, &written) {
                Ok(f) => out.push(f),
                Err(m) => problems.push(Problem::file(&shown, format!("cannot read: {m}"))),
            }
        }
        out
    }
}

/// Refuses a path written in a file unless it is relative and stays below its base folder
/// (`what`) lexically: no root, no drive, no `..` climbing above the start, no NUL.
pub(crate) fn check_relative(rel: &str, what: &str) -> Result<(), String> {
    if rel.is_empty() {
        return Err("the path is empty".to_owned());
    }
    if rel.contains('\0') {
        return Err("the path contains a NUL character".to_owned());
    }
    let mut depth = 0usize;
    for c in Path::new(rel).components() {
        match c {
            Component::Prefix(_) | Component::RootDir => {
                return Err(format!(
                    "`{rel}` is an absolute path; paths are relative to {what}"
                ));
            }
            Component::CurDir => {}
            Component::ParentDir => {
                depth = depth.checked_sub(1).ok_or_else(|| {
                    format!("`{rel}` leads outside {what}; only files inside it are read")
                })?;
            }
            Component::Normal(_) => depth += 1,
        }
    }
    Ok(())
}

/// The folder holding `path`: `.` for a bare file name (whose parent is empty).
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert!(check_relative("scripts/a.lua", "x").is_ok());
        assert!(check_relative("scripts/../cards/a.lua", "x").is_ok());
        assert!(check_relative("./a.lua", "x").is_ok());
        for bad in ["/etc/passwd", "../a.lua", "a/../../b", "", "a\0b"] {
            assert!(check_relative(bad, "x").is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bom_and_encoding() {
        assert_eq!(decode(b"\xEF\xBB\xBFa = 1".to_vec()).unwrap(), "a = 1");
        match decode(b"ok\nab\xE9c".to_vec()) {
            Err(e @ ReadError::Encoding { .. }) => {
                assert_eq!(
                    e.describe(),
                    "not UTF-8 text: byte 0xE9 at line 2, column 3"
                );
                let p = e.problem(Path::new("f.toml"));
                assert_eq!((p.line, p.col), (2, 3));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn parent_of_a_bare_name_is_here() {
        assert_eq!(parent_dir(Path::new("a.toml")), Path::new("."));
        assert_eq!(parent_dir(Path::new("t/a.toml")), Path::new("t"));
        assert_eq!(parent_dir(Path::new("/a.toml")), Path::new("/"));
    }
}
