//! From the TOML text to a checked [`Scenario`]: every problem is collected with its location.

use crate::Scenario;
use crate::format::ScenarioFile;
use crate::spec::StepSpec;
use context::Ctx;
use dzero_cardpool::Problem;
use dzero_cardpool::files::{self, MAX_FILE_BYTES, SetRoot};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

mod context;
mod expect;
mod setup;
mod steps;
mod terms;

use setup::setup;
use steps::step;

/// Most `[[step]]` tables in a scenario (each may play up to a thousand actions).
const MAX_STEPS: usize = 1000;

/// One set of a scenario: its folder, and its text and location when listed in `sets`.
struct SetDir {
    dir: PathBuf,
    listed: Option<(String, Range<usize>)>,
}

/// Reads and checks a scenario file: everything but card names, which need the set
/// ([`crate::check_scenario`]).
pub fn load_scenario(path: &Path) -> Result<Scenario, Vec<Problem>> {
    if let Err(why) = confined(path) {
        return Err(vec![Problem::file(path, format!("cannot read: {why}"))]);
    }
    match files::read_text(path, MAX_FILE_BYTES) {
        Ok(source) => parse(path, source),
        Err(e) => Err(vec![e.problem(path)]),
    }
}

/// A scenario file that is a symbolic link is read only if it leads to a file inside its own
/// set folder (the nearest folder above it with a `set.toml`; without one, its own folder).
fn confined(path: &Path) -> Result<(), String> {
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if !link {
        return Ok(());
    }
    let here = std::path::absolute(files::parent_dir(path)).map_err(|e| e.to_string())?;
    let base = here
        .ancestors()
        .find(|d| d.join("set.toml").is_file())
        .unwrap_or(&here);
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    SetRoot::new(base).inside(path, &name).map(|_| ())
}

/// Checks the text of a scenario file as if it were at `path` (e.g. an unsaved editor buffer).
pub fn parse_scenario(path: &Path, text: &str) -> Result<Scenario, Vec<Problem>> {
    parse(path, text.to_owned())
}

/// Parses the text of a scenario file.
fn parse(path: &Path, mut source: String) -> Result<Scenario, Vec<Problem>> {
    if source.starts_with('\u{FEFF}') {
        source.drain(..'\u{FEFF}'.len_utf8());
    }
    let file: ScenarioFile = match toml::from_str(&source) {
        Ok(f) => f,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            return Err(vec![Problem::at(
                path,
                &source,
                span,
                e.message().to_owned(),
            )]);
        }
    };
    let mut cx = Ctx {
        file: path,
        src: &source,
        problems: Vec::new(),
        labels: Vec::new(),
    };
    if let Some(extra) = file.step.get(MAX_STEPS) {
        cx.err_help(
            extra.span(),
            format!(
                "the scenario has {} steps; at most {MAX_STEPS} are allowed",
                file.step.len()
            ),
            "split it into several scenarios",
        );
        return Err(cx.problems);
    }
    let sets = set_dirs(&mut cx, path, &file);
    let setup = setup(&mut cx, &file);
    let steps: Vec<StepSpec> = file
        .step
        .iter()
        .enumerate()
        .filter_map(|(i, s)| step(&mut cx, i + 1, s))
        .collect();
    if file.match_.is_none() {
        for n in file
            .step
            .iter()
            .filter_map(|s| s.get_ref().next_duel.as_ref())
        {
            cx.err_help(
                n.span(),
                "`next_duel` without a `[match]` table",
                "a match needs each player's deck and sideboard: add `[match]` with \
                 `P1 = { deck = […], sideboard = […] }` and the same for P2 (R2.3)",
            );
        }
    }
    if !cx.problems.is_empty() {
        cx.problems.sort_by_key(|p| (p.line, p.col));
        return Err(cx.problems);
    }
    let (Some(sets), Some(setup)) = (sets, setup) else {
        return Err(vec![Problem::file(path, "the scenario could not be read")]);
    };
    let title = file.title.map(Spanned::into_inner).unwrap_or_else(|| {
        path.file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned())
    });
    Ok(Scenario {
        path: path.to_owned(),
        title,
        description: file.description,
        set_dirs: sets.iter().map(|s| s.dir.clone()).collect(),
        listed: sets.into_iter().filter_map(|s| s.listed).collect(),
        labels: cx.labels,
        setup,
        steps,
        source,
    })
}

/// The sets a scenario is played with, the primary first: `set = "…"` or `sets = ["…", …]`
/// relative to the scenario's folder, or else the nearest folder above the scenario holding a
/// `set.toml`. Each listed set comes with its text and location in `sets`.
fn set_dirs(cx: &mut Ctx<'_>, path: &Path, file: &ScenarioFile) -> Option<Vec<SetDir>> {
    let here = files::parent_dir(path);
    match (&file.set, &file.sets) {
        (Some(_), Some(list)) => {
            cx.err_help(
                list.span(),
                "write either `set` or `sets`, not both",
                "`set = \"…\"` plays with one set; `sets = [\"…\", \"…\"]` with several, the \
                 first giving the default rule set and filler",
            );
            None
        }
        (Some(s), None) => set_at(cx, here, s, "set").map(|dir| vec![SetDir { dir, listed: None }]),
        (None, Some(list)) if list.get_ref().is_empty() => {
            cx.err_help(
                list.span(),
                "`sets` is empty",
                "list the set folders, e.g. `sets = [\"..\", \"../../base-set\"]`",
            );
            None
        }
        (None, Some(list)) => {
            let mut out: Vec<SetDir> = Vec::new();
            let mut ok = true;
            for s in list.get_ref() {
                let Some(dir) = set_at(cx, here, s, "sets") else {
                    ok = false;
                    continue;
                };
                let key = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
                let twice = out.iter().find(|o| {
                    std::fs::canonicalize(&o.dir).unwrap_or_else(|_| o.dir.clone()) == key
                });
                if let Some(first) = twice {
                    let first = first.listed.as_ref().map_or("", |(t, _)| t.as_str());
                    cx.err_help(
                        s.span(),
                        format!("`{}` is the set `{first}` again", s.get_ref()),
                        "list each set once",
                    );
                    ok = false;
                    continue;
                }
                out.push(SetDir {
                    dir,
                    listed: Some((s.get_ref().clone(), s.span())),
                });
            }
            ok.then_some(out)
        }
        (None, None) => {
            // Search from the absolute folder, so that a relative path such as `t.toml` run
            // inside a set's `tests/` folder still finds the set above it.
            let found = std::path::absolute(here)
                .unwrap_or_else(|_| here.to_owned())
                .ancestors()
                .find(|d| d.join("set.toml").is_file())
                .map(Path::to_owned);
            if found.is_none() {
                cx.problems.push(
                    Problem::file(path, "no set: this scenario is not inside a set folder")
                        .help("add `set = \"path/to/set\"` (relative to this file) at the top"),
                );
            }
            found.map(|dir| vec![SetDir { dir, listed: None }])
        }
    }
}

/// The set folder written as `s` (in the `key` entry), relative to the scenario's folder `here`.
///
/// Naming another set folder is what `set` and `sets` are for, so the path may climb out of
/// the scenario's own set with `..` (`sets = ["..", "../../base-set"]`); it must be relative,
/// and it must lead to a folder whose `set.toml` is a regular file. Nothing else is read from
/// that folder except by loading it as a set, which keeps to its own folder.
fn set_at(cx: &mut Ctx<'_>, here: &Path, s: &Spanned<String>, key: &str) -> Option<PathBuf> {
    let written = s.get_ref();
    if written.is_empty() || written.contains('\0') || Path::new(written).has_root() {
        cx.err_help(
            s.span(),
            format!("`{written}` is not a relative path"),
            "set folders are written relative to this scenario file's folder, e.g. `..`",
        );
        return None;
    }
    let dir = here.join(written);
    let is_set = std::fs::metadata(dir.join("set.toml")).is_ok_and(|m| m.file_type().is_file());
    if is_set {
        Some(dir)
    } else {
        let what = if key == "set" {
            "`set` is the set folder"
        } else {
            "`sets` lists set folders"
        };
        cx.err_help(
            s.span(),
            format!("no set at {}: it has no set.toml", dir.display()),
            format!("{what}, relative to this scenario file's folder"),
        );
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{ActionSpec, AnswerSpec, Check, PassWho, Until};
    use dzero_core::{Phase, Player};

    // A bare file name (as `dzero test t.toml` gives it) is in the current folder: the package
    // folder when tests run, so the set is written relative to it.
    fn parse_text(body: &str) -> Result<Scenario, Vec<Problem>> {
        let text = format!("set = \"../../tests/scenarios/fixture-set\"\n{body}");
        parse(Path::new("scenario.toml"), text)
    }

    fn problems(body: &str) -> Vec<String> {
        match parse_text(body) {
            Ok(_) => Vec::new(),
            Err(ps) => ps.iter().map(Problem::headline).collect(),
        }
    }

    #[test]
    fn a_step_with_an_expect_subtable() {
        let s = parse_text(
            "[P1]\nunits = [{ card = \"x\", at = \"b2\", label = \"m\" }]\n\
             [[step]]\npass = \"both\"\n[step.expect]\npower = { m = 1 }\nphase = \"main\"\n\
             [[step]]\nexpect.turn = 3\n",
        )
        .expect("parses");
        assert_eq!(s.steps.len(), 2);
        assert_eq!(s.steps[0].expect.len(), 2);
        assert!(matches!(
            s.steps[0].action,
            Some(ActionSpec::Pass(PassWho::Both))
        ));
        let first = &s.source[s.steps[0].span.clone()];
        assert!(
            first.contains("[step.expect]") && first.contains("phase"),
            "{first}"
        );
        assert!(!first.contains("expect.turn"), "{first}");
        // Expectations are kept in file order.
        assert!(matches!(s.steps[0].expect[0].check, Check::Power(..)));
    }

    #[test]
    fn setup_order_and_defaults() {
        let s = parse_text(
            "active = \"P2\"\n[P1]\ndeck = [\"a\", \"b\"]\ndeck_size = 5\n\
             graveyard = [\"top\", \"bottom\"]\nplan = \"p\"\n",
        )
        .expect("parses");
        assert_eq!(s.setup.turn, 4);
        assert_eq!(s.setup.fill, [2, 20]);
        assert_eq!(s.setup.plan, [true, false]);
        let names: Vec<&str> = s.setup.cards.iter().map(|c| c.card.name.as_str()).collect();
        // Added bottom first: deck b, a, then the plan card on top; graveyard bottom first.
        assert_eq!(names, ["b", "a", "p", "bottom", "top"]);
    }

    #[test]
    fn problems_are_located() {
        let ps = problems("[P1]\nhand = [3]\n");
        assert_eq!(ps.len(), 1);
        assert!(ps[0].starts_with("scenario.toml:3:9:"), "{ps:?}");
        assert!(ps[0].contains("a card name or a table"), "{ps:?}");

        let ps = problems("[[step]]\nexpect = { at = { m = \"b4\" } }\n");
        assert!(ps[0].contains(":3:23: `b4` is not a place"), "{ps:?}");

        let ps = problems("[[step]]\nplay = \"a\"\nmove = \"b\"\nto = \"b2\"\n");
        assert!(
            ps.iter()
                .any(|p| p.contains(":4:8: a step takes one action")),
            "{ps:?}"
        );
        assert!(
            ps.iter()
                .any(|p| p.contains("`to` does not go with `play`")),
            "{ps:?}"
        );
    }

    #[test]
    fn answers_and_conditions() {
        let s = parse_text(
            "[[step]]\nchoose = 2\n[[step]]\nchoose = \"c3\"\n[[step]]\nchoose = \"yes\"\n\
             [[step]]\npass_until = \"P2 main\"\n",
        )
        .expect("parses");
        assert!(matches!(
            s.steps[0].action,
            Some(ActionSpec::Choose(AnswerSpec::Number(2)))
        ));
        assert!(matches!(
            s.steps[1].action,
            Some(ActionSpec::Choose(AnswerSpec::Square(_)))
        ));
        assert!(matches!(
            s.steps[2].action,
            Some(ActionSpec::Choose(AnswerSpec::Text(..)))
        ));
        assert!(matches!(
            s.steps[3].action,
            Some(ActionSpec::PassUntil(
                Until::Phase(Some(Player::Two), Phase::Main),
                _
            ))
        ));
        assert!(!problems("[[step]]\nchoose = 0\n").is_empty());
        assert!(!problems("[[step]]\npass_until = \"P3 main\"\n").is_empty());
    }

    #[test]
    fn set_paths_are_relative() {
        let text = "set = \"/etc\"\n".to_owned();
        let ps = parse(Path::new("scenario.toml"), text).expect_err("refused");
        assert!(
            ps[0]
                .headline()
                .contains("scenario.toml:1:7: `/etc` is not a relative path"),
            "{}",
            ps[0].headline()
        );
        let text = "sets = [\"../../tests/scenarios/fixture-set\", \"/tmp\"]\n".to_owned();
        assert!(parse(Path::new("scenario.toml"), text).is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert!(parse_text("").is_ok());
        let text = "\u{FEFF}set = \"../../tests/scenarios/fixture-set\"\n".to_owned();
        assert!(parse(Path::new("scenario.toml"), text).is_ok());
    }

    #[test]
    fn steps_are_bounded() {
        let ps = problems(&"[[step]]\npass = \"both\"\n".repeat(MAX_STEPS + 1));
        assert_eq!(ps.len(), 1, "{ps:?}");
        assert!(ps[0].contains("at most 1000 are allowed"), "{ps:?}");
        assert!(problems(&"[[step]]\npass = \"both\"\n".repeat(MAX_STEPS)).is_empty());
    }

    #[test]
    fn labels_are_checked() {
        let ps = problems(
            "[P1]\nhand = [{ card = \"a\", label = \"x\" }, { card = \"b\", label = \"x\" }]\n",
        );
        assert!(
            ps.iter().any(|p| p.contains("label `x` is used twice")),
            "{ps:?}"
        );
        let ps = problems("[P1]\nenergy = [{ card = \"a\", count = 2, label = \"x\" }]\n");
        assert!(
            ps.iter().any(|p| p.contains("a label names one card")),
            "{ps:?}"
        );
    }
}
