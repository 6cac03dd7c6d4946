//! Rule IDs resolve inside the repository: every rule ID that code, tests, data and docs cite
//! (`R11.4`, a section `R19` or `RULES.md §19`, a rule effect `RE5`, an ambiguity `A21`, and each
//! ID of a range such as `R19.1–R19.15`) has an entry in `docs/rules-reference.md`. A cited ID
//! the reference lacks fails with `file:line: ID`.
//!
//! Not rule IDs, and not read as such: Rust code outside comments and string literals (constants
//! named `A1`), cost notation (`R2`, `R1 C1`, `[C2 R1]`, `R2 more`), square and card names
//! (`square A2`, `<A1 + C1 -> B2>`, `"A1"`, `「A1」`), a number with a leading zero or a `#`/`0x`
//! before it, letters other than R, RE and A (`T1`, `D2`, `X1`, `D0`), and `§` after anything but
//! `RULES.md` or `rules-reference.md` (`docs/design.md §7`, the sources' `004 §10`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The reference every citation must resolve in.
const REFERENCE: &str = "docs/rules-reference.md";

/// Folders scanned (recursively) and single files scanned, relative to the repository root.
const ROOTS: [&str; 9] = [
    "core",
    "grammar",
    "script-api",
    "cardpool",
    "tools",
    "tests",
    "docs",
    "README.md",
    "ARCHITECTURE.md",
];

/// This test: its samples cite missing IDs on purpose, so it is not scanned.
const THIS_FILE: &str = "tests/tests/rule_references.rs";

/// File extensions scanned.
const EXTENSIONS: [&str; 6] = ["rs", "toml", "lua", "pest", "md", "json"];

fn repo_root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every scanned file under `path`, skipping build output (`target`) and hidden folders.
fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name == "target" || name.starts_with('.') {
            return;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            collect(&entry, out);
        }
    } else if path
        .extension()
        .is_some_and(|e| EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
    {
        out.push(path.to_path_buf());
    }
}

/// The scanned files, relative to the repository root.
fn scanned_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for r in ROOTS {
        let path = root.join(r);
        assert!(path.exists(), "{} is missing", path.display());
        collect(&path, &mut out);
    }
    out.into_iter()
        .map(|p| p.strip_prefix(root).expect("under the root").to_path_buf())
        .collect()
}

/// The IDs the reference defines: a heading that starts with an ID (`## R19 …`) and a list entry
/// that starts with a bold ID (`- **R19.1** …`). Each ID is listed once per definition.
fn defined_ids(reference: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in reference.lines() {
        let trimmed = line.trim_start();
        let head = if let Some(h) = trimmed.strip_prefix('#') {
            h.trim_start_matches('#').trim_start()
        } else if let Some(e) = trimmed.strip_prefix("- **") {
            e
        } else {
            continue;
        };
        let chars: Vec<char> = head.chars().collect();
        if let Some((id, end)) = id_at(&chars, 0) {
            let after = chars.get(end).copied().unwrap_or(' ');
            if after == ' ' || after == '*' {
                out.push(id.render());
            }
        }
    }
    out
}

/// A rule ID: its family (`R`, `RE` or `A`) and its numbers (`R11.4` is `R`, [11, 4]).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Id {
    family: &'static str,
    numbers: Vec<u32>,
}

impl Id {
    fn render(&self) -> String {
        let n: Vec<String> = self.numbers.iter().map(u32::to_string).collect();
        format!("{}{}", self.family, n.join("."))
    }

    /// A bare section (`R19`) or ambiguity (`A21`): the forms cost notation and square names
    /// share, unlike `R19.1` and `RE5`.
    fn is_ambiguous(&self) -> bool {
        self.family == "A" || (self.family == "R" && self.numbers.len() == 1)
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Digits from `i`: the number and the index after it.
fn number_at(chars: &[char], i: usize) -> Option<(u32, usize)> {
    let end = (i..chars.len())
        .find(|&j| !chars[j].is_ascii_digit())
        .unwrap_or(chars.len());
    if end == i || end - i > 4 {
        return None;
    }
    let text: String = chars[i..end].iter().collect();
    Some((text.parse().ok()?, end))
}

/// An ID starting exactly at `i` (a word boundary on both sides), and the index after it.
fn id_at(chars: &[char], i: usize) -> Option<(Id, usize)> {
    if i > 0 && (is_word(chars[i - 1]) || matches!(chars[i - 1], '#' | '.')) {
        return None;
    }
    let (family, start) = match (chars.get(i), chars.get(i + 1)) {
        (Some('R'), Some('E')) => ("RE", i + 2),
        (Some('R'), _) => ("R", i + 1),
        (Some('A'), _) => ("A", i + 1),
        _ => return None,
    };
    if chars.get(start) == Some(&'0') {
        return None;
    }
    let (first, mut end) = number_at(chars, start)?;
    let mut numbers = vec![first];
    if family == "R" {
        while chars.get(end) == Some(&'.') {
            match number_at(chars, end + 1) {
                Some((n, e)) => {
                    numbers.push(n);
                    end = e;
                }
                None => break,
            }
        }
    }
    if chars.get(end).is_some_and(|&c| is_word(c)) {
        return None;
    }
    Some((Id { family, numbers }, end))
}

/// The word before index `i` and the word after index `end`, skipping the spaces and `+` that
/// join cost and formation notation (`R1 C1`, `A1 + C1`).
fn neighbours(chars: &[char], i: usize, end: usize) -> (String, String) {
    let joiner = |c: char| c == ' ' || c == '+' || c == '→';
    let mut b = i;
    while b > 0 && joiner(chars[b - 1]) {
        b -= 1;
    }
    let mut k = b;
    while k > 0 && is_word(chars[k - 1]) {
        k -= 1;
    }
    let before: String = chars[k..b].iter().collect();
    let mut a = end;
    while a < chars.len() && joiner(chars[a]) {
        a += 1;
    }
    let after: String = chars[a..].iter().take_while(|&&c| is_word(c)).collect();
    (before, after)
}

/// A colour-cost or square token: `C1`, `B2`, `R2`, `G3`.
fn is_notation(word: &str) -> bool {
    let mut c = word.chars();
    c.next().is_some_and(|l| "ABCGRUWX".contains(l))
        && word.len() > 1
        && word[1..].chars().all(|d| d.is_ascii_digit())
}

/// Whether the token `chars[i..end]` is cost, square or card-name notation rather than a rule:
/// alone in quotes or brackets, after `<`, beside another such token, or in a cost phrase.
fn is_notation_context(chars: &[char], i: usize, end: usize) -> bool {
    let prev = if i > 0 { chars[i - 1] } else { ' ' };
    let next = chars.get(end).copied().unwrap_or(' ');
    let enclosed = matches!(
        (prev, next),
        ('"', '"') | ('`', '`') | ('\'', '\'') | ('「', '」') | ('[', ']')
    );
    let (before, after) = neighbours(chars, i, end);
    enclosed
        || prev == '<'
        || is_notation(&before)
        || is_notation(&after)
        || matches!(before.as_str(), "cost" | "square" | "squares")
        || matches!(after.as_str(), "more" | "less")
}

/// `§N` and `§N.M` after `RULES.md` or `rules-reference.md` (from index `i`), and further `, §N`
/// of that list: section `RN` (or rule `RN.M`), with the index of its `§`.
fn sections_after(chars: &[char], mut i: usize, out: &mut Vec<(Id, usize)>) {
    loop {
        let mut j = i;
        while chars.get(j) == Some(&' ') {
            j += 1;
        }
        if chars.get(j) != Some(&'§') {
            return;
        }
        let Some((n, mut end)) = number_at(chars, j + 1) else {
            return;
        };
        let mut numbers = vec![n];
        if chars.get(end) == Some(&'.')
            && let Some((m, e)) = number_at(chars, end + 1)
        {
            numbers.push(m);
            end = e;
        }
        out.push((
            Id {
                family: "R",
                numbers,
            },
            j,
        ));
        i = end;
        if chars.get(i) == Some(&',') {
            i += 1;
        } else {
            return;
        }
    }
}

/// A range `FIRST–LAST` (en dash or hyphen) of one family and prefix: every ID in it.
fn expand_range(first: &Id, last: &Id) -> Option<Vec<Id>> {
    let (f, l) = (first.numbers.split_last()?, last.numbers.split_last()?);
    if first.family != last.family || f.1 != l.1 || f.0 > l.0 || l.0 - f.0 > 100 {
        return None;
    }
    Some(
        (*f.0..=*l.0)
            .map(|n| {
                let mut numbers = f.1.to_vec();
                numbers.push(n);
                Id {
                    family: first.family,
                    numbers,
                }
            })
            .collect(),
    )
}

/// The rule IDs one line cites, in order.
fn cited_in_line(line: &str) -> Vec<Id> {
    let chars: Vec<char> = line.chars().collect();
    let mut found: Vec<(Id, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        for doc in ["RULES.md", "rules-reference.md"] {
            let d: Vec<char> = doc.chars().collect();
            if chars[i..].starts_with(&d) {
                sections_after(&chars, i + d.len(), &mut found);
            }
        }
        let Some((id, end)) = id_at(&chars, i) else {
            i += 1;
            continue;
        };
        if id.is_ambiguous() && is_notation_context(&chars, i, end) {
            i = end;
            continue;
        }
        // A range: `–`, `-` or ` – ` and an ID of the same family.
        let mut j = end;
        while chars.get(j) == Some(&' ') {
            j += 1;
        }
        if matches!(chars.get(j), Some('–' | '-')) {
            let mut k = j + 1;
            while chars.get(k) == Some(&' ') {
                k += 1;
            }
            if let Some((range, after)) = id_at(&chars, k)
                .and_then(|(last, after)| expand_range(&id, &last).map(|r| (r, after)))
            {
                found.extend(range.into_iter().map(|x| (x, i)));
                i = after;
                continue;
            }
        }
        found.push((id, i));
        i = end;
    }
    found.sort_by_key(|(_, at)| *at);
    found.into_iter().map(|(id, _)| id).collect()
}

/// Rust source split in two texts of the same lines: `prose`, its comments and string literals
/// (code blanked), and `code`, the rest (comments, strings and char literals blanked).
struct RustText {
    prose: String,
    code: String,
}

impl RustText {
    fn prose(&mut self, ch: char) {
        self.prose.push(ch);
        self.code.push(if ch == '\n' { '\n' } else { ' ' });
    }

    fn code(&mut self, ch: char) {
        self.code.push(ch);
        self.prose.push(if ch == '\n' { '\n' } else { ' ' });
    }

    fn blank(&mut self, ch: char) {
        let b = if ch == '\n' { '\n' } else { ' ' };
        self.code.push(b);
        self.prose.push(b);
    }

    fn split(text: &str) -> RustText {
        let c: Vec<char> = text.chars().collect();
        let mut t = RustText {
            prose: String::with_capacity(text.len()),
            code: String::with_capacity(text.len()),
        };
        let mut i = 0;
        while i < c.len() {
            let prev_word = i > 0 && is_word(c[i - 1]);
            let raw_hashes = (c[i] == 'r'
                && (!prev_word || (c[i - 1] == 'b' && (i < 2 || !is_word(c[i - 2])))))
            .then(|| c[i + 1..].iter().take_while(|&&h| h == '#').count())
            .filter(|&h| c.get(i + 1 + h) == Some(&'"'));
            if c[i] == '/' && c.get(i + 1) == Some(&'/') {
                while i < c.len() && c[i] != '\n' {
                    t.prose(c[i]);
                    i += 1;
                }
            } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                let mut depth = 0;
                while i < c.len() {
                    let pair = (c[i], c.get(i + 1).copied());
                    if pair == ('/', Some('*')) || pair == ('*', Some('/')) {
                        depth += if c[i] == '/' { 1 } else { -1 };
                        t.prose(c[i]);
                        t.prose(c[i + 1]);
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        t.prose(c[i]);
                        i += 1;
                    }
                }
            } else if let Some(hashes) = raw_hashes {
                // A raw string r"…" or r#"…"#: its text is prose, up to `"` and the hashes.
                for _ in 0..1 + hashes {
                    t.blank(' ');
                }
                t.prose('"');
                i += 2 + hashes;
                while i < c.len() {
                    if c[i] == '"' && c[i + 1..].iter().take_while(|&&h| h == '#').count() >= hashes
                    {
                        t.prose('"');
                        for _ in 0..hashes {
                            t.blank(' ');
                        }
                        i += 1 + hashes;
                        break;
                    }
                    t.prose(c[i]);
                    i += 1;
                }
            } else if c[i] == '"' {
                t.prose('"');
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' && i + 1 < c.len() {
                        // An escaped quote stays a quote; other escapes (`\n`) are blanked.
                        let e = c[i + 1];
                        t.blank(' ');
                        if e == '"' || e == '\'' {
                            t.prose(e);
                        } else {
                            t.blank(e);
                        }
                        i += 2;
                    } else {
                        t.prose(c[i]);
                        i += 1;
                    }
                }
                if i < c.len() {
                    t.prose('"');
                    i += 1;
                }
            } else if c[i] == '\'' {
                // A char literal ('x', '\n', '"') is blanked; a lifetime ('a) is code.
                let len = if c.get(i + 1) == Some(&'\\') {
                    c.get(i + 3..)
                        .and_then(|rest| rest.iter().position(|&q| q == '\''))
                        .map_or(1, |p| p + 4)
                } else if c.get(i + 2) == Some(&'\'') {
                    3
                } else {
                    1
                };
                for &ch in c.iter().skip(i).take(len) {
                    t.blank(ch);
                }
                i += len;
            } else {
                t.code(c[i]);
                i += 1;
            }
        }
        t
    }
}

/// Every citation of one file: `(line number, ID)`. In Rust only comments and string literals
/// are read, and a bare ID that the file's code uses as a name (`const A1`) is that name.
fn citations(path: &Path, text: &str) -> Vec<(usize, String)> {
    let (prose, names) = if path.extension().is_some_and(|e| e == "rs") {
        let split = RustText::split(text);
        let names: BTreeSet<String> = split
            .code
            .split(|c: char| !is_word(c))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        (split.prose, names)
    } else {
        (text.to_string(), BTreeSet::new())
    };
    let mut out = Vec::new();
    for (n, line) in prose.lines().enumerate() {
        for id in cited_in_line(line) {
            let id_text = id.render();
            if !(id.is_ambiguous() && names.contains(&id_text)) {
                out.push((n + 1, id_text));
            }
        }
    }
    out
}

/// `file:line: ID` for every citation the reference does not define.
fn missing(root: &Path, defined: &BTreeSet<String>) -> (Vec<String>, BTreeMap<String, usize>) {
    let mut out = Vec::new();
    let mut cited = BTreeMap::new();
    for file in scanned_files(root) {
        if file == Path::new(THIS_FILE) {
            continue;
        }
        // Read lossily: tests/hostile holds files that are not UTF-8 on purpose.
        let bytes =
            std::fs::read(root.join(&file)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (line, id) in citations(&file, &String::from_utf8_lossy(&bytes)) {
            if !defined.contains(&id) {
                out.push(format!("{}:{line}: {id}", file.display()));
            }
            *cited.entry(id).or_insert(0) += 1;
        }
    }
    (out, cited)
}

fn reference() -> String {
    let path = repo_root().join(REFERENCE);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_cited_rule_id_has_an_entry_in_the_reference() {
    let defined: BTreeSet<String> = defined_ids(&reference()).into_iter().collect();
    let (missing, cited) = missing(&repo_root(), &defined);
    assert!(
        missing.is_empty(),
        "rule IDs cited but not in {REFERENCE}:\n{}",
        missing.join("\n")
    );
    // The scan found the citations it is meant to find.
    for id in ["R11.4", "R19", "RE5", "A21", "R19.13"] {
        assert!(cited.contains_key(id), "no citation of {id} was found");
    }
}

#[test]
fn the_reference_defines_each_id_once_with_its_section() {
    let ids = defined_ids(&reference());
    let mut seen = BTreeSet::new();
    let twice: Vec<&String> = ids.iter().filter(|id| !seen.insert(*id)).collect();
    assert!(twice.is_empty(), "defined more than once: {twice:?}");
    // Every rule's section has a heading, so `R19` resolves wherever `R19.1` does.
    let orphans: Vec<&String> = ids
        .iter()
        .filter(|id| id.starts_with('R') && !id.starts_with("RE"))
        .filter(|id| match id.split_once('.') {
            Some((section, _)) => !seen.contains(&section.to_string()),
            None => false,
        })
        .collect();
    assert!(
        orphans.is_empty(),
        "rules without a section heading: {orphans:?}"
    );
    for family in ["RE9", "A46", "R20.23", "R21"] {
        assert!(
            seen.contains(&family.to_string()),
            "{family} is not defined"
        );
    }
}

#[test]
fn the_scanner_sees_a_missing_id_and_ignores_non_ids() {
    let ids = |line: &str| -> Vec<String> { cited_in_line(line).iter().map(Id::render).collect() };
    // Citations, ranges (each ID) and sections.
    assert_eq!(
        ids("// R11.4: a pending stack (A20, RE8)."),
        ["R11.4", "A20", "RE8"]
    );
    assert_eq!(ids("(R11.12, R11.14 / A2)"), ["R11.12", "R11.14", "A2"]);
    assert_eq!(
        ids("R19.18–R19.20, A34–A36"),
        ["R19.18", "R19.19", "R19.20", "A34", "A35", "A36"]
    );
    assert_eq!(
        ids("RE1-RE3; R2.6/A26; R20.x"),
        ["RE1", "RE2", "RE3", "R2.6", "A26", "R20"]
    );
    assert_eq!(
        ids("(RULES.md §2, §3, RE1) and rules-reference.md §20.0"),
        ["R2", "R3", "RE1", "R20.0"]
    );
    assert_eq!(ids("「A1」ではない（A19）"), ["A19"]);
    // Not rule IDs: costs, squares, card names, other letters, other documents' sections.
    for line in [
        "`R2` `B1` `U3`",
        "cost = \"R1 C1\"",
        "formation-row[C2 R1], activated [R1] <<battle>>",
        "* own units cost R2 more",
        "square A2 (next: how to pay)",
        "formation-鶴翼<A1 + C1 -> B2>[C2]",
        "[\"A1\", \"A2\", \"A3\"]",
        "T1 T2 D1 D2 X1 X2 D0 0xA1 #A12345 R0 A01 RAM1 R2D2",
        "docs/design.md §7, 004 §10, `docs/guide.md` §8, 000 3.5(3)",
    ] {
        assert_eq!(ids(line), Vec::<String>::new(), "{line}");
    }
    // Rust code is not read, its comments and strings are.
    let rust = "const A1: &str = \"x\"; // R7.3\nlet s = [T1, A2]; let m = \"(R99.1) A1, A5\";\n";
    assert_eq!(
        citations(Path::new("x.rs"), rust),
        [
            (1, "R7.3".to_string()),
            (2, "R99.1".to_string()),
            (2, "A5".to_string())
        ]
    );
    let lifetimes = "fn f<'a>(x: &'a str) -> char { let q = '\"'; A5 } // A6\n";
    assert_eq!(
        citations(Path::new("x.rs"), lifetimes),
        [(1, "A6".to_string())]
    );
    // A cited ID the reference lacks is reported with its file and line.
    let defined: BTreeSet<String> = defined_ids("## R7 The stack\n- **R7.3** …\n")
        .into_iter()
        .collect();
    assert_eq!(
        defined,
        BTreeSet::from(["R7".to_string(), "R7.3".to_string()])
    );
    let lacking: Vec<String> = citations(Path::new("x.rs"), rust)
        .into_iter()
        .filter(|(_, id)| !defined.contains(id))
        .map(|(line, id)| format!("x.rs:{line}: {id}"))
        .collect();
    assert_eq!(lacking, ["x.rs:2: R99.1", "x.rs:2: A5"]);
}
