//! Runs docs/guide.md up to its fan set chapter: every `sh` command (with the built `dzero`)
//! and every file it shows, in order, in a temporary folder — so the guide cannot rot.

mod guide_blocks;
mod support;

use guide_blocks::{Block, blocks, chapters, guide};
use support::{Watcher, run};

#[test]
fn guide_commands_all_work() {
    let guide = guide();
    // The fan set chapter has a test of its own (fan_set_guide.rs).
    let guide = chapters(&guide, None, Some("## 8. A fan set"));
    let dir = std::env::temp_dir().join(format!("dzero-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut watcher: Option<Watcher> = None;
    let mut ran = Vec::new();
    for block in blocks(guide) {
        match block {
            Block::File(path, text) => {
                let before = watcher.as_ref().map(Watcher::len);
                std::fs::write(dir.join(&path), text).unwrap();
                if let (Some(w), Some(from)) = (&watcher, before) {
                    let out = w.wait_for("done in", from);
                    let tail = &out[from..];
                    assert!(tail.contains("reloaded 火炎弾"), "{tail}");
                    assert!(
                        tail.contains("FAIL"),
                        "the scenario still expects 2000: {tail}"
                    );
                }
            }
            Block::Output(lines) => {
                panic!("output lines {lines:?}: only fan_set_guide.rs checks them")
            }
            Block::Commands(commands) => {
                for c in commands {
                    assert!(
                        c.starts_with("dzero "),
                        "guide command {c:?} is not a dzero command"
                    );
                    ran.push(c.clone());
                    if c.starts_with("dzero watch") {
                        watcher = Some(Watcher::spawn(&dir, &c));
                    } else {
                        let out = run(&dir, &c);
                        if c.starts_with("dzero validate") {
                            assert!(out.contains("ok:"), "{out}");
                        }
                        if c.starts_with("dzero test") {
                            assert!(out.contains("2 passed, 0 failed"), "{out}");
                        }
                    }
                }
            }
        }
    }
    drop(watcher);
    for expected in [
        "dzero new set",
        "dzero new card",
        "dzero validate",
        "dzero test",
        "dzero watch",
    ] {
        assert!(
            ran.iter().any(|c| c.starts_with(expected)),
            "the guide never runs {expected}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
