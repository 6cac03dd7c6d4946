//! Loading a throwaway set of one card file, for tests of what card files may say.

use dzero_cardpool::{CardSet, load_set};

/// Loads a set under `rules` whose one card file is `cards` (in a temporary folder named after
/// `test`): the set when it loads, and the problems as `line:col: message`.
pub fn load_one(test: &str, rules: &str, cards: &str) -> (Option<CardSet>, Vec<String>) {
    // Tests of one binary run in parallel: each call gets a folder of its own.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "dzero-{test}-{}-{call}-{}",
        std::process::id(),
        cards.len()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(
        dir.join("set.toml"),
        format!("id = \"f\"\nname = \"F\"\nversion = \"0.1.0\"\nrules = \"{rules}\"\n"),
    )
    .unwrap();
    std::fs::write(dir.join("cards/c.toml"), cards).unwrap();
    let loaded = load_set(&dir);
    let problems = loaded
        .problems
        .iter()
        .map(|p| format!("{}:{}: {}", p.line, p.col, p.message))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    (loaded.set, problems)
}
