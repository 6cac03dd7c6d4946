//! Hostile scenario files that cannot be committed to git (named pipes): the test builds a set
//! in a temporary folder, runs its scenarios under a watchdog (a hang fails the test instead of
//! blocking CI), and checks the problem names the file.
#![cfg(unix)]

use dzero_fixtures::within;
use dzero_scenario::{load_scenario, run_paths};
use std::path::{Path, PathBuf};

const UNIT: &str = "[[card]]\nname = \"兵士\"\ntype = \"unit\"\ncolours = [\"赤\"]\ntiming = \"quick\"\ncost = \"赤1\"\nmove_cost = \"無1\"\npower = 3000\nsmash = 1\n";

/// A set folder in the temporary folder, removed when dropped.
struct TempSet(PathBuf);

impl TempSet {
    fn new(cards: &str) -> TempSet {
        let dir =
            std::env::temp_dir().join(format!("dzero-hostile-scenario-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["cards", "tests"] {
            std::fs::create_dir_all(dir.join(sub)).expect("temporary set folder");
        }
        std::fs::write(
            dir.join("set.toml"),
            "id = \"t\"\nname = \"T\"\nversion = \"0\"\nrules = \"official\"\n",
        )
        .expect("set.toml");
        std::fs::write(dir.join("cards/a.toml"), cards).expect("card file");
        TempSet(dir)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }
}

impl Drop for TempSet {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("path");
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(rc, 0, "mkfifo {}", path.display());
}

/// A named pipe among the scenario files is not a scenario: it is never opened, and running
/// the folder finds nothing to run; given directly, loading it is a problem.
#[test]
fn a_fifo_scenario_is_not_opened() {
    let set = TempSet::new(UNIT);
    let fifo = set.path("tests/t.toml");
    mkfifo(&fifo);
    let dir = set.0.clone();
    let report = within("dzero test", move || run_paths(&[dir]));
    assert!(report.results.is_empty(), "{}", report.render());
    assert!(!report.ok());
    let problems =
        within("load_scenario", move || load_scenario(&fifo)).expect_err("a FIFO is no scenario");
    assert!(
        problems[0]
            .headline()
            .ends_with("tests/t.toml: cannot read: it is a named pipe (FIFO), not a regular file"),
        "{}",
        problems[0].headline()
    );
}
