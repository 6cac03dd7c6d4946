//! Runs docs/guide.md: every `sh` command (with the built `dzero`) and every file it shows, in
//! order, in a temporary folder — so the guide cannot rot.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

enum Block {
    Commands(Vec<String>),
    File(String, String),
}

fn blocks(guide: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = guide.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        if info == "sh" {
            out.push(Block::Commands(
                body.iter().map(|l| l.to_string()).collect(),
            ));
        } else if let Some(path) = info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="))
        {
            out.push(Block::File(path.to_owned(), body.join("\n") + "\n"));
        }
    }
    out
}

/// A background `dzero watch` with its output collected.
struct Watcher {
    child: Child,
    out: Arc<Mutex<String>>,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Watcher {
    fn wait_for(&self, text: &str, from: usize) -> String {
        let start = Instant::now();
        loop {
            let out = self.out.lock().unwrap().clone();
            if out[from.min(out.len())..].contains(text) {
                return out;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "watch never printed {text:?}:\n{out}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn len(&self) -> usize {
        self.out.lock().unwrap().len()
    }
}

fn run(dir: &Path, command: &str) -> String {
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(&args)
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "`{command}` failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn guide_commands_all_work() {
    let guide =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/guide.md"))
            .unwrap();
    let dir = std::env::temp_dir().join(format!("dzero-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut watcher: Option<Watcher> = None;
    let mut ran = Vec::new();
    for block in blocks(&guide) {
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
            Block::Commands(commands) => {
                for c in commands {
                    assert!(
                        c.starts_with("dzero "),
                        "guide command {c:?} is not a dzero command"
                    );
                    ran.push(c.clone());
                    if c.starts_with("dzero watch") {
                        let args: Vec<&str> = c.split_whitespace().skip(1).collect();
                        let mut child = Command::new(env!("CARGO_BIN_EXE_dzero"))
                            .args(&args)
                            .current_dir(&dir)
                            .stdout(Stdio::piped())
                            .spawn()
                            .unwrap();
                        let stdout = child.stdout.take().unwrap();
                        let out = Arc::new(Mutex::new(String::new()));
                        let sink = Arc::clone(&out);
                        std::thread::spawn(move || {
                            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                                let mut s = sink.lock().unwrap();
                                s.push_str(&line);
                                s.push('\n');
                            }
                        });
                        let w = Watcher { child, out };
                        w.wait_for("watching", 0);
                        watcher = Some(w);
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
