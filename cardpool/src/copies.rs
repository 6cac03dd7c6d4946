//! Large pools for benchmarks and scale tests: a set's cards copied many times under new names.
//!
//! Copy `k` of a card named `X` is named `X・k` (its number, if any, `N-k`), and every
//! 「X」 the copy's text cites is renamed the same way, so named costs and conditions (盟約's
//! 「A」, a card naming another) keep pointing inside their copy. Scripts and modules are shared
//! by every copy; deck lists and scenarios are left out.

use std::fs;
use std::io;
use std::path::Path;

/// Writes a set folder `out` holding `copies` copies of the cards of the set at `src`; returns
/// how many cards it wrote.
pub fn write_copies(src: &Path, copies: usize, out: &Path) -> io::Result<usize> {
    fs::create_dir_all(out.join("cards"))?;
    let set_toml = fs::read_to_string(src.join("set.toml"))?;
    let modules = set_toml
        .lines()
        .find(|l| l.starts_with("modules"))
        .unwrap_or("");
    let rules = set_toml
        .lines()
        .find(|l| l.starts_with("rules"))
        .unwrap_or("rules = \"official\"");
    fs::write(
        out.join("set.toml"),
        format!(
            "id = \"copies\"\nname = \"{copies} copies\"\nversion = \"0\"\n{rules}\n{modules}\n"
        ),
    )?;
    if src.join("scripts").is_dir() {
        copy_dir(&src.join("scripts"), &out.join("scripts"))?;
    }
    let mut files: Vec<_> = fs::read_dir(src.join("cards"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let stem = p
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into());
            fs::read_to_string(p).map(|t| (stem, t))
        })
        .collect::<io::Result<_>>()?;
    let names: Vec<String> = texts
        .iter()
        .flat_map(|(_, t)| t.lines().filter_map(quoted_value("name")))
        .collect();
    let mut written = 0;
    for k in 1..=copies {
        for (stem, text) in &texts {
            let (renamed, cards) = rename(text, &names, k);
            written += cards;
            fs::write(out.join("cards").join(format!("{stem}_{k}.toml")), renamed)?;
        }
    }
    Ok(written)
}

/// The value of a `key = "value"` line.
fn quoted_value(key: &str) -> impl Fn(&str) -> Option<String> + '_ {
    move |line: &str| {
        let rest = line.strip_prefix(key)?.trim_start().strip_prefix('=')?;
        let v = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
        Some(v.to_owned())
    }
}

/// `text` with names and numbers of copy `k`, and how many cards it holds.
fn rename(text: &str, names: &[String], k: usize) -> (String, usize) {
    let mut out = String::with_capacity(text.len() + 64);
    let mut cards = 0;
    for line in text.lines() {
        if let Some(name) = quoted_value("name")(line) {
            cards += 1;
            out.push_str(&format!("name = \"{name}・{k}\"\n"));
        } else if let Some(number) = quoted_value("number")(line) {
            out.push_str(&format!("number = \"{number}-{k}\"\n"));
        } else if line.contains('「') {
            let mut l = line.to_owned();
            for n in names {
                l = l.replace(&format!("「{n}」"), &format!("「{n}・{k}」"));
            }
            out.push_str(&l);
            out.push('\n');
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    (out, cards)
}

fn copy_dir(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for e in fs::read_dir(from)? {
        let e = e?;
        let path = e.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(e.file_name()))?;
        } else {
            fs::copy(&path, to.join(e.file_name()))?;
        }
    }
    Ok(())
}
