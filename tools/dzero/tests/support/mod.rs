//! Running the built `dzero` from tests: one-shot commands and a background `dzero watch`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A background `dzero watch` with its output collected.
pub struct Watcher {
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
    /// Starts `command` (`dzero watch …`) in `dir` and waits until it is watching.
    pub fn spawn(dir: &Path, command: &str) -> Watcher {
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_dzero"))
            .args(&args)
            .current_dir(dir)
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
        w
    }

    /// All output so far, once `text` appears after byte `from` (a deadlock guard, not a speed
    /// check, gives up after 30 s).
    pub fn wait_for(&self, text: &str, from: usize) -> String {
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

    /// Bytes of output so far.
    pub fn len(&self) -> usize {
        self.out.lock().unwrap().len()
    }
}

/// Runs `command` (`dzero …`) in `dir`; it must succeed. Returns its standard output.
pub fn run(dir: &Path, command: &str) -> String {
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
