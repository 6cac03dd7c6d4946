//! `dzero schema`, `dzero new` and `dzero watch`: a set designer's editor files, templates and
//! live checks, printing only.

use clap::Subcommand;
use std::process::ExitCode;

/// What `dzero new` creates.
#[derive(Subcommand)]
pub enum New {
    /// A set folder with set.toml, cards/, scripts/, decks/, tests/ and editor support files.
    Set {
        /// The folder to create; its name becomes the set id.
        dir: std::path::PathBuf,
    },
    /// A card file in a set whose printed text is card-text DSL, or with `--lua` a card whose
    /// script implements its printed line; `--type` chooses unit, base or strategy.
    Card {
        /// The card's printed name.
        name: String,
        /// The set folder.
        #[arg(long, default_value = ".")]
        set: std::path::PathBuf,
        /// The card type: unit, base or strategy (default unit; with --lua alone, strategy).
        #[arg(long = "type", value_parser = ["unit", "base", "strategy"])]
        kind: Option<String>,
        /// Give the card a Lua script declaring this ability: trigger, static or activated
        /// (strategies: their ○ effect).
        #[arg(long, num_args = 0..=1, default_missing_value = "default",
              value_parser = ["default", "trigger", "static", "activated"])]
        lua: Option<String>,
    },
}

/// `dzero schema`: refreshes a set's editor files, or writes the schemas into `out`.
pub fn schema(set: &std::path::Path, out: Option<&std::path::Path>) -> ExitCode {
    let written = match out {
        Some(out) => dzero_scenario::all_schema_files()
            .into_iter()
            .map(|(name, text)| {
                let path = out.join(name);
                std::fs::write(&path, text)
                    .map(|_| path.clone())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            })
            .collect::<Result<Vec<_>, _>>(),
        None if !set.join("set.toml").is_file() => Err(format!(
            "{} is not a set folder (no set.toml); give the set, or --out DIR for the schemas alone",
            set.display()
        )),
        None => dzero_cardpool::scaffold::write_tooling(set, &dzero_scenario::all_schema_files()),
    };
    let lines = match (&written, out) {
        (Ok(_), None) => Some(dzero_cardpool::schema_lines::add_schema_lines(set)),
        _ => None,
    };
    match written {
        Ok(paths) => {
            for p in paths {
                say!("wrote {}", p.display());
            }
            match lines {
                Some(Ok(lines)) => {
                    let shown = |p: &std::path::Path| {
                        dzero_cardpool::diag::printable(&p.display().to_string())
                    };
                    for (p, line) in &lines.added {
                        say!("added `{line}` to {}", shown(p));
                    }
                    for (p, why) in &lines.skipped {
                        say!(
                            "skipped {}: {}",
                            shown(p),
                            dzero_cardpool::diag::printable(why)
                        );
                    }
                    say!(
                        "{} file(s) given a #:schema line, {} already had one",
                        lines.added.len(),
                        lines.kept.len()
                    );
                    ExitCode::SUCCESS
                }
                Some(Err(e)) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What to do after `dzero new set DIR`.
fn next_steps(dir: &std::path::Path) -> String {
    let d = dzero_cardpool::diag::printable(&dir.display().to_string());
    format!(
        "next steps:\n  \
         1. add a card: dzero new card \"名前\" --set {d}   (or write cards/*.toml by hand: \
         its `text` is the printed text, one line per line, docs/guide.md)\n  \
         2. list a deck of 40 cards in {d}/decks/NAME.txt (`4 名前` per line)\n  \
         3. check everything: dzero validate {d}\n  \
         4. test a card in a scenario: {d}/tests/NAME.toml, then dzero test {d} (docs/scenarios.md)\n  \
         5. play it: dzero play --deck {d}/decks/NAME.txt --deck {d}/decks/NAME.txt"
    )
}

/// `dzero new`: creates a set folder or a card from a template.
pub fn new(what: New) -> ExitCode {
    use dzero_cardpool::scaffold::{LuaAbility, Template, new_card, new_set};
    use dzero_core::CardKind;
    let mut next = None;
    let made = match what {
        New::Set { dir } => {
            next = Some(next_steps(&dir));
            new_set(&dir, &dzero_scenario::all_schema_files())
        }
        New::Card {
            name,
            set,
            kind,
            lua,
        } => {
            let kind = match (kind.as_deref(), lua.as_deref()) {
                (Some("base"), _) => CardKind::Base,
                (Some("strategy"), _) | (None, Some("default")) => CardKind::Strategy,
                _ => CardKind::Unit,
            };
            let lua = lua.map(|l| match l.as_str() {
                "trigger" => LuaAbility::Trigger,
                "static" => LuaAbility::Static,
                "activated" => LuaAbility::Activated,
                _ if kind == CardKind::Strategy => LuaAbility::OnPlay,
                _ => LuaAbility::Trigger,
            });
            new_card(&set, &name, Template { kind, lua })
        }
    };
    match made {
        Ok(files) => {
            for f in files {
                say!("created {}", f.display());
            }
            if let Some(next) = next {
                say!("{next}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `dzero watch`: on each save in `dir`, reloads what changed, re-validates it and re-runs the
/// affected scenarios (those under `roots` too).
pub fn watch(dir: &std::path::Path, debounce_ms: u64, roots: &[std::path::PathBuf]) -> ExitCode {
    use dzero_cardpool::{Reload, Reloader, SetWatcher};
    let (mut reloader, problems) = Reloader::open(dir);
    // The other sets of scenarios that list several, loaded once.
    let mut others = dzero_scenario::SetCache::new();
    for p in &problems {
        say!("{}", p.render());
    }
    match reloader.set() {
        Some(set) => say!(
            "watching {} ({} cards{}); save a file to reload it",
            dir.display(),
            set.cards.len(),
            set.required
                .iter()
                .map(|r| format!(", with {} ({} cards)", r.id, r.cards.len()))
                .collect::<String>()
        ),
        None => say!(
            "watching {}: fix the problems above; the set loads once they are gone",
            dir.display()
        ),
    }
    let mut watcher = match SetWatcher::new(dir, std::time::Duration::from_millis(debounce_ms)) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The sets it requires: a save there reloads it (`requires` may change, so after each reload).
    let watch_required = |watcher: &mut SetWatcher, reloader: &Reloader| {
        for d in reloader.required_dirs() {
            if let Err(e) = watcher.add(d) {
                say!("{e}");
            }
        }
    };
    watch_required(&mut watcher, &reloader);
    while let Ok(paths) = watcher.next(None) {
        let start = std::time::Instant::now();
        let outcome = reloader.apply(&paths);
        watch_required(&mut watcher, &reloader);
        let ms = start.elapsed().as_millis();
        let scenarios =
            dzero_scenario::affected_scenarios_in(reloader.dir(), roots, &outcome, &paths);
        let at = clock();
        match &outcome {
            // Nothing this set reads changed (or a rejection with nothing new to say).
            Reload::Unchanged if scenarios.is_empty() => continue,
            Reload::Rejected(problems) if problems.is_empty() && scenarios.is_empty() => continue,
            Reload::Unchanged => {
                say!("{at} files changed; re-running the scenarios that read them")
            }
            Reload::Cards(names) => say!("{at} reloaded {} in {ms} ms", names.join(", ")),
            Reload::Set { same_ids } => say!(
                "{at} reloaded the set in {ms} ms{}",
                if *same_ids {
                    ""
                } else {
                    " (cards added or removed: restart running games)"
                }
            ),
            Reload::Rejected(problems) => {
                for p in problems {
                    say!("{}", p.render());
                }
                say!("{at} rejected in {ms} ms: the last good version stays loaded");
            }
        }
        // What scripts printed while loading and smoke-playing, then during the scenarios.
        let flush = |r: &Reloader| {
            let Some(set) = r.set() else { return };
            let hosts = std::iter::once(&set.host).chain(set.required.iter().map(|q| &q.host));
            for line in hosts.flat_map(|h| h.take_log()) {
                say!("print {line}");
            }
        };
        flush(&reloader);
        let results = dzero_scenario::run_reloaded(&reloader, &mut others, &scenarios);
        flush(&reloader);
        for (file, result) in results {
            let mark = if result.passed() { "PASS" } else { "FAIL" };
            say!("{mark} {}", file.display());
            if !result.passed() {
                say_raw!("{}", result.render());
            }
        }
        if scenarios.is_empty() {
            say!(
                "{} done in {} ms: no scenario names what changed",
                clock(),
                start.elapsed().as_millis()
            );
        } else {
            say!("{} done in {} ms", clock(), start.elapsed().as_millis());
        }
    }
    ExitCode::SUCCESS
}

/// The time of day (UTC) for watch output lines, `HH:MM:SS`.
fn clock() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "{:02}:{:02}:{:02}",
        secs / 3600 % 24,
        secs / 60 % 60,
        secs % 60
    )
}
