//! The hostile corpus (`tests/hostile/`, see its README): every case through the real `dzero
//! validate` and `dzero test`, under a watchdog and a memory ceiling (a case without a `[test]`
//! expectation must still end cleanly under `dzero test`).

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one command of one case may run.
const WATCHDOG: Duration = Duration::from_secs(60);
/// Address-space ceiling of one command (KiB): a runaway allocation fails the case.
const MEMORY_KIB: u64 = 3 << 20;
/// A case that manages to run a command would create this file.
const MARKER: &str = "/tmp/dzero-hostile-marker";
/// Text that only appears when a host file (/etc/passwd, /etc/shadow, …) is printed.
const HOST_TEXT: [&str; 4] = ["root:x:0:0", "daemon:x:", "root:*:", "root:!"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    why: String,
    validate: Check,
    test: Option<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    outcome: String,
    #[serde(default)]
    output: Vec<String>,
}

fn corpus() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/hostile"))
}

/// Runs `dzero <args>` under the watchdog and the memory ceiling: (exit code, output), or a
/// description of how it ended badly.
fn run(args: &[&str], dir: &Path) -> Result<(i32, String), String> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_dzero"))
        .args(args)
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start dzero: {e}"))?;
    let (mut out, mut err) = (child.stdout.take(), child.stderr.take());
    let readers = [
        std::thread::spawn(move || read_all(out.as_mut())),
        std::thread::spawn(move || read_all(err.as_mut())),
    ];
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > WATCHDOG => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("still running after {WATCHDOG:?}: killed"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("waiting: {e}")),
        }
    };
    let text: String = readers
        .into_iter()
        .map(|r| r.join().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    match status.code() {
        Some(c) => Ok((c, text)),
        None => Err(format!("ended by a signal ({status}):\n{}", tail(&text))),
    }
}

fn read_all(r: Option<&mut impl std::io::Read>) -> String {
    let mut buf = Vec::new();
    if let Some(r) = r {
        let _ = r.read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// The last lines of `text`, for failure messages.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// Runs one command of one case and checks it; returns the failures.
fn check(case: &Path, command: &str, want: &Check) -> Vec<String> {
    let name = case.file_name().unwrap_or_default().to_string_lossy();
    let (code, text) = match run(&[command], case) {
        Ok(r) => r,
        Err(e) => return vec![format!("{name}: dzero {command}: {e}")],
    };
    let mut fails = Vec::new();
    let mut fail = |what: String| fails.push(format!("{name}: dzero {command}: {what}"));
    if text.contains("panicked at") {
        fail(format!("panicked:\n{}", tail(&text)));
    }
    if let Some(h) = HOST_TEXT.iter().find(|h| text.contains(*h)) {
        fail(format!("printed a host file ({h})"));
    }
    let ok_code = match want.outcome.as_str() {
        "ok" | "pass" => 0,
        "problems" | "fail" => 1,
        // No expectation: any ordinary ending (the universal checks above still apply).
        "any" if code == 0 || code == 1 => code,
        other => {
            fail(format!("unknown outcome '{other}' in expect.toml"));
            return fails;
        }
    };
    if code != ok_code {
        fail(format!(
            "exit code {code}, expected {ok_code} ({}):\n{}",
            want.outcome,
            tail(&text)
        ));
    }
    for s in &want.output {
        if !text.contains(s.as_str()) {
            fail(format!("output lacks '{s}':\n{}", tail(&text)));
        }
    }
    fails
}

/// Every case folder with an `expect.toml`.
fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("tests/hostile exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("expect.toml").is_file())
        .collect();
    cases.sort();
    cases
}

#[test]
fn every_hostile_case_ends_cleanly_with_its_expected_result() {
    let _ = std::fs::remove_file(MARKER);
    let cases = cases();
    assert!(!cases.is_empty(), "the hostile corpus is empty");
    let next = std::sync::atomic::AtomicUsize::new(0);
    let fails = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let mut f = Vec::new();
                    match std::fs::read_to_string(case.join("expect.toml"))
                        .map_err(|e| e.to_string())
                        .and_then(|t| toml::from_str::<Expect>(&t).map_err(|e| e.to_string()))
                    {
                        Err(e) => f.push(format!("{}: bad expect.toml: {e}", case.display())),
                        Ok(want) => {
                            assert!(!want.why.is_empty(), "{}: say why", case.display());
                            f.extend(check(case, "validate", &want.validate));
                            let any = Check {
                                outcome: "any".into(),
                                output: Vec::new(),
                            };
                            f.extend(check(case, "test", want.test.as_ref().unwrap_or(&any)));
                        }
                    }
                    fails.lock().unwrap().extend(f);
                }
            });
        }
    });
    let fails = fails.into_inner().unwrap();
    assert!(
        !Path::new(MARKER).exists(),
        "a case created the marker file {MARKER}"
    );
    assert!(
        fails.is_empty(),
        "{} of {} hostile cases failed:\n\n{}",
        fails.len(),
        cases.len(),
        fails.join("\n\n")
    );
}
