//! Running the built `dzero` from tests with its standard input piped (a human at a terminal).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the built `dzero` with `args`, feeding `stdin` (a game may end before it is all read).
pub fn dzero(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dzero"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Runs `dzero play` between the decks `赤緑.txt` and `黒白.txt` of the `decks` folder, `args`
/// after them, feeding `stdin`.
pub fn play_between(decks: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    let (a, b) = (decks.join("赤緑.txt"), decks.join("黒白.txt"));
    let mut all = vec![
        "play",
        "--deck",
        a.to_str().unwrap(),
        "--deck",
        b.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    dzero(&all, stdin)
}
