//! Hostile files that cannot be committed to git (named pipes, sockets, unreadable folders,
//! files too large to keep in the repository): each test builds a set in a temporary folder,
//! validates it under a watchdog (a hang fails the test instead of
//! blocking CI), and checks the problem names the file.
#![cfg(unix)]

use dzero_cardpool::{Problem, validate};
use dzero_fixtures::within;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const UNIT: &str = "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n";
const SPELL: &str = "\n[[card]]\nname = \"火花\"\ntype = \"strategy\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\ntext = \"○ 対象のユニット1体に1000ダメージを与える。\"\nscript = \"scripts/s.lua\"\n";

/// A set folder in the temporary folder, removed (permissions restored) when dropped.
struct TempSet(PathBuf);

impl TempSet {
    fn new(cards: &str) -> TempSet {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "dzero-hostile-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["cards", "scripts", "decks", "tests"] {
            std::fs::create_dir_all(dir.join(sub)).expect("temporary set folder");
        }
        std::fs::write(
            dir.join("set.toml"),
            "id = \"t\"\nname = \"T\"\nversion = \"0\"\nrules = \"official\"\n",
        )
        .expect("set.toml");
        if !cards.is_empty() {
            std::fs::write(dir.join("cards/a.toml"), cards).expect("card file");
        }
        TempSet(dir)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }
}

impl Drop for TempSet {
    fn drop(&mut self) {
        for sub in ["", "cards", "scripts", "decks", "tests"] {
            let _ =
                std::fs::set_permissions(self.0.join(sub), std::fs::Permissions::from_mode(0o755));
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The problems of validating `set`, as headlines, under the watchdog.
fn validate_set(set: &TempSet) -> Vec<String> {
    let dir = set.0.clone();
    within("validate", move || {
        validate(&[dir])
            .problems
            .iter()
            .map(Problem::headline)
            .collect()
    })
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("path");
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(rc, 0, "mkfifo {}", path.display());
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn assert_has(problems: &[String], parts: &[&str]) {
    assert!(
        problems.iter().any(|p| parts.iter().all(|s| p.contains(s))),
        "no problem with {parts:?} in {problems:#?}"
    );
}

#[test]
fn a_fifo_card_file_is_a_problem_not_a_hang() {
    let set = TempSet::new(UNIT);
    mkfifo(&set.path("cards/b.toml"));
    let ps = validate_set(&set);
    assert_has(&ps, &["cards/b.toml", "a named pipe (FIFO)"]);
}

#[test]
fn a_fifo_script_is_a_problem_at_the_script_field() {
    let set = TempSet::new(&format!("{UNIT}{SPELL}"));
    mkfifo(&set.path("scripts/s.lua"));
    let ps = validate_set(&set);
    assert_has(&ps, &["cards/a.toml:18:10", "火花", "a named pipe (FIFO)"]);
}

#[test]
fn fifo_deck_list_set_file_and_cards_folder_do_not_block() {
    let set = TempSet::new(UNIT);
    mkfifo(&set.path("decks/d.txt"));
    assert_has(&validate_set(&set), &["decks/d.txt", "a named pipe"]);

    let set = TempSet::new("");
    std::fs::remove_dir(set.path("cards")).expect("rmdir");
    mkfifo(&set.path("cards"));
    assert_has(&validate_set(&set), &["cards: cannot list the folder"]);

    let set = TempSet::new(UNIT);
    std::fs::remove_file(set.path("set.toml")).expect("rm");
    mkfifo(&set.path("set.toml"));
    assert_has(&validate_set(&set), &["set.toml", "a named pipe"]);
}

#[test]
fn a_socket_is_not_read() {
    let set = TempSet::new(UNIT);
    let _listener =
        std::os::unix::net::UnixListener::bind(set.path("cards/s.toml")).expect("socket");
    assert_has(&validate_set(&set), &["cards/s.toml", "a socket"]);
}

/// Without permission to list `cards/`, loading must not pass as "ok, 0 cards". Root reads
/// any folder whatever its mode, so when the tests run as root only the permission part is
/// skipped; a folder that cannot be listed for other reasons (a symbolic-link loop, a file
/// in place of the folder) is tested whoever runs them.
#[test]
fn an_unlistable_cards_folder_is_a_problem() {
    let set = TempSet::new(UNIT);
    std::fs::set_permissions(set.path("cards"), std::fs::Permissions::from_mode(0o000))
        .expect("chmod");
    let ps = validate_set(&set);
    if is_root() {
        eprintln!("running as root: chmod 000 does not stop root from listing; part skipped");
    } else {
        assert_has(&ps, &["cards: cannot", "Permission denied"]);
    }

    let set = TempSet::new("");
    std::fs::remove_dir(set.path("cards")).expect("rmdir");
    std::os::unix::fs::symlink("cards", set.path("cards")).expect("symlink loop");
    assert_has(&validate_set(&set), &["cards: cannot read the folder"]);

    let set = TempSet::new("");
    std::fs::remove_dir(set.path("cards")).expect("rmdir");
    std::fs::write(set.path("cards"), "x").expect("file");
    assert_has(&validate_set(&set), &["cards: cannot list the folder"]);
}

#[test]
fn an_unreadable_card_file_is_a_problem() {
    let set = TempSet::new(UNIT);
    std::fs::set_permissions(
        set.path("cards/a.toml"),
        std::fs::Permissions::from_mode(0o000),
    )
    .expect("chmod");
    let ps = validate_set(&set);
    if is_root() {
        eprintln!("running as root: chmod 000 does not stop root from reading; part skipped");
    } else {
        assert_has(&ps, &["cards/a.toml", "Permission denied"]);
    }
}

#[test]
fn huge_files_are_problems_and_are_not_read() {
    let set = TempSet::new(&format!("{UNIT}{SPELL}"));
    // Sparse files: large on paper, nothing to write. Reading one whole would take seconds.
    let big = std::fs::File::create(set.path("cards/big.toml")).expect("big card file");
    big.set_len(64 << 30).expect("set_len");
    let script = std::fs::File::create(set.path("scripts/s.lua")).expect("big script");
    script.set_len(5 << 20).expect("set_len");
    let ps = validate_set(&set);
    assert_has(
        &ps,
        &["cards/big.toml", "the file is too large (68719476736 bytes"],
    );
    assert_has(&ps, &["cards/a.toml:18:10", "the file is too large"]);
}

#[test]
fn a_symlink_loop_as_a_script_is_a_problem() {
    let set = TempSet::new(&format!("{UNIT}{SPELL}"));
    std::os::unix::fs::symlink("s.lua", set.path("scripts/s.lua")).expect("symlink loop");
    assert_has(
        &validate_set(&set),
        &["cards/a.toml:18:10", "cannot read script"],
    );
}

#[test]
fn a_symlink_inside_the_set_is_followed() {
    let set = TempSet::new(&format!("{UNIT}{SPELL}"));
    std::fs::write(
        set.path("scripts/real.lua"),
        "card:on_play { line = 1, target = target.unit(), resolve = function(g, e) g:damage(e.target, 1000) end }\n",
    )
    .expect("script");
    std::os::unix::fs::symlink("real.lua", set.path("scripts/s.lua")).expect("symlink");
    assert_eq!(validate_set(&set), Vec::<String>::new());
}

#[test]
fn a_fifo_scenario_file_is_reported_not_skipped() {
    let set = TempSet::new(UNIT);
    mkfifo(&set.path("tests/x.toml"));
    assert_has(
        &validate_set(&set),
        &["tests/x.toml", "not a scenario file", "a named pipe (FIFO)"],
    );
    let dir = set.0.clone();
    let listing = within("list scenarios", move || {
        dzero_cardpool::layout::scenario_listing(&[dir])
    });
    assert!(listing.files.is_empty(), "{:?}", listing.files);
    assert_eq!(listing.unread.len(), 1, "{:?}", listing.unread);
}

/// An unreadable `tests/` folder is named; as root (where chmod 000 does not stop reading)
/// a `tests` entry that is no folder stands in for it.
#[test]
fn an_unreadable_tests_folder_is_named() {
    let set = TempSet::new(UNIT);
    std::fs::set_permissions(set.path("tests"), std::fs::Permissions::from_mode(0o000))
        .expect("chmod");
    let ps = validate_set(&set);
    if is_root() {
        eprintln!("running as root: chmod 000 does not stop root from listing; part skipped");
    } else {
        assert_has(
            &ps,
            &[
                "tests: cannot list the scenario folder",
                "Permission denied",
            ],
        );
    }

    let set = TempSet::new(UNIT);
    std::fs::remove_dir(set.path("tests")).expect("rmdir");
    std::fs::write(set.path("tests"), "x").expect("file");
    assert_has(
        &validate_set(&set),
        &["tests: cannot list the scenario folder"],
    );
}
