//! Follows docs/guide.md's chapter "A fan set on top of the base game" step by step with the
//! built `dzero`: its files and commands are taken from the chapter's fenced blocks, run in a
//! temporary folder holding a copy of the bundled d0-sample, and every `output` block's lines
//! must appear in what the commands before it printed — so the chapter cannot drift.

mod guide_blocks;
#[allow(dead_code)] // the watch helpers serve the other CLI tests
mod support;

use guide_blocks::{Block, blocks, chapters, guide};
use std::path::Path;
use support::run;

#[test]
fn the_fan_set_chapter_runs_as_written() {
    let guide = guide();
    let chapter = chapters(
        &guide,
        Some("## 8. A fan set on top of the base game"),
        None,
    );
    let dir = std::env::temp_dir().join(format!("dzero-fan-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cardpool/sets");
    dzero_fixtures::copy_dir(&sets.join("d0-sample"), &dir.join("d0-sample")).unwrap();
    let mut printed = String::new();
    let (mut files, mut commands, mut checked) = (Vec::new(), Vec::new(), 0);
    for block in blocks(chapter) {
        match block {
            Block::File(path, text) => {
                std::fs::write(dir.join(&path), text).unwrap();
                files.push(path);
            }
            Block::Commands(lines) => {
                printed.clear();
                for c in lines {
                    assert!(c.starts_with("dzero "), "{c:?} is not a dzero command");
                    printed.push_str(&run(&dir, &c));
                    commands.push(c);
                }
            }
            Block::Output(lines) => {
                for l in lines {
                    assert!(printed.contains(&l), "expected {l:?} in:\n{printed}");
                    checked += 1;
                }
            }
        }
    }
    for c in [
        "dzero new set myfan",
        "dzero validate myfan",
        "dzero test myfan",
    ] {
        assert!(
            commands.iter().any(|r| r == c),
            "the chapter never runs {c}"
        );
    }
    assert!(commands.iter().any(|c| c.contains("--lua")), "no Lua card");
    for f in [
        "myfan/set.toml",
        "myfan/decks/焔.txt",
        "myfan/scripts/雷撃.lua",
    ] {
        assert!(files.iter().any(|w| w == f), "the chapter never writes {f}");
    }
    assert_eq!(checked, 5, "the chapter's output block changed");
    let _ = std::fs::remove_dir_all(&dir);
}
