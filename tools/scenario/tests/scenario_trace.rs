//! The traced scenario run: the game after the setup and after each step, with where each step
//! is written, and a failing expectation located.

use dzero_scenario::{
    Finding, Moment, ScenarioOutcome, SetCache, parse_scenario, run_file, trace_file,
};
use std::path::PathBuf;

fn roar() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../cardpool/sets/d0-sample/tests/battle_roar.toml")
}

/// The 1-based lines of `source` that start with `[[step]]`.
fn step_headers(source: &str) -> Vec<usize> {
    source
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[step]]"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// One moment as seen: step, header line, first and last line, the game as JSON.
type Seen = (usize, usize, usize, usize, String);

fn seen(m: Moment<'_>) -> Seen {
    (
        m.step,
        m.line,
        *m.lines.start(),
        *m.lines.end(),
        serde_json::to_string(m.game).expect("games serialize"),
    )
}

#[test]
fn a_passing_scenario_shows_the_setup_and_every_step() {
    let source = std::fs::read_to_string(roar()).expect("the bundled scenario");
    let headers = step_headers(&source);
    assert_eq!(headers.len(), 8);
    let mut moments = Vec::new();
    let outcome = trace_file(&roar(), &mut SetCache::new(), &mut |m| {
        moments.push(seen(m))
    });
    assert!(
        matches!(outcome, ScenarioOutcome::Passed { steps: 8 }),
        "{}",
        outcome.render()
    );
    let steps: Vec<(usize, usize, usize)> = moments.iter().map(|m| (m.0, m.1, m.2)).collect();
    let mut expected = vec![(0, 0, 1)];
    expected.extend(headers.iter().enumerate().map(|(i, &h)| (i + 1, h, h)));
    assert_eq!(steps, expected);
    // The setup is everything before the first step; each step ends before the next begins
    // (the blank line between them is not the step's).
    assert_eq!(moments[0].3, headers[0] - 1);
    for (i, m) in moments[1..8].iter().enumerate() {
        assert_eq!(m.3, headers[i + 1] - 2, "step {}", m.0);
    }
    assert_eq!(moments[8].3, source.lines().count());
    // Each step changed the game but step 4, whose play is refused; the same run gives the
    // same games, byte for byte.
    let unchanged: Vec<usize> = moments
        .windows(2)
        .filter(|w| w[0].4 == w[1].4)
        .map(|w| w[1].0)
        .collect();
    assert_eq!(unchanged, [4]);
    let mut again = Vec::new();
    trace_file(&roar(), &mut SetCache::new(), &mut |m| again.push(seen(m)));
    assert_eq!(again, moments);
}

#[test]
fn a_failing_expectation_is_found_with_its_line() {
    let source = std::fs::read_to_string(roar())
        .expect("the bundled scenario")
        .replace(
            "power = { malt = 6000, robo = 5000 }",
            "power = { malt = 7000, robo = 5000 }",
        );
    let s = parse_scenario(&roar(), &source).expect("the scenario parses");
    let mut moments = Vec::new();
    let outcome = SetCache::new().trace(&s, &mut |m| moments.push(seen(m)));
    let failure = outcome.failure().expect("step 6 fails");
    let header = step_headers(&source)[5];
    assert_eq!((failure.step, failure.line), (6, header));
    let line = header + 2;
    assert!(
        source
            .lines()
            .nth(line - 1)
            .unwrap()
            .contains("malt = 7000")
    );
    assert_eq!(
        failure.findings,
        vec![Finding {
            what: "power of malt (P2 シングルモルト@b2)".into(),
            expected: Some("7000".into()),
            actual: "6000".into(),
            lines: Some(line..=line),
        }]
    );
    // The failing step is shown too, and it is the last moment.
    assert_eq!(
        moments.iter().map(|m| m.0).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5, 6]
    );
    // The untraced run fails the same way, with the same report.
    let untraced = SetCache::new().run(&s);
    assert_eq!(untraced.render(), outcome.render());
    assert!(run_file(&roar(), &mut SetCache::new()).passed());
}
