//! From the TOML text to a checked [`Scenario`]: every problem is collected with its location.

use super::Scenario;
use super::format::{
    Answer, CardSpec, CountsFile, ExpectFile, Pairs, PlayerFile, ScenarioFile, StepFile,
};
use super::names::{
    CardRef, PLACE_WORDS, bad_label, parse_phase, parse_place, parse_player, parse_ref,
    parse_square, parse_step,
};
use super::spec::{
    ActionSpec, AnswerSpec, Check, Count, DecisionSpec, Expectation, ItemSpec, LegalSpec,
    LegalVerb, Named, PassWho, Placed, REJECTIONS, Rejection, Setup, StepSpec, Until,
};
use crate::diag::{FileText, Problem};
use crate::files::{self, MAX_FILE_BYTES, SetRoot};
use dzero_core::{DieFace, GameResult, ItemTag, Keywords, Loc, Phase, Player, Square};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Default number of filler cards under each deck.
const DEFAULT_FILL: u32 = 20;
/// Most copies one setup entry may add.
const MAX_COUNT: i64 = 200;
/// Most cards in a scenario's game (card ids are 16-bit).
const MAX_CARDS: u64 = 10_000;
/// Most `[[step]]` tables in a scenario (each may play up to a thousand actions).
const MAX_STEPS: usize = 1000;

/// One set of a scenario: its folder, and its text and location when listed in `sets`.
struct SetDir {
    dir: PathBuf,
    listed: Option<(String, Range<usize>)>,
}

struct Ctx<'a> {
    file: &'a Path,
    src: &'a str,
    problems: Vec<Problem>,
    labels: Vec<String>,
}

impl Ctx<'_> {
    fn err(&mut self, span: Range<usize>, msg: impl Into<String>) {
        self.problems
            .push(Problem::at(self.file, self.src, span, msg.into()));
    }

    fn err_help(&mut self, span: Range<usize>, msg: impl Into<String>, help: impl Into<String>) {
        self.problems
            .push(Problem::at(self.file, self.src, span, msg.into()).help(help));
    }

    fn player(&mut self, s: &Spanned<String>) -> Option<Player> {
        let p = parse_player(s.get_ref());
        if p.is_none() {
            self.err_help(
                s.span(),
                format!("`{}` is not a player", s.get_ref()),
                "write `P1` or `P2`",
            );
        }
        p
    }

    fn square(&mut self, s: &Spanned<String>) -> Option<Square> {
        let sq = parse_square(s.get_ref());
        if sq.is_none() {
            self.err_help(
                s.span(),
                format!("`{}` is not a square", s.get_ref()),
                "battle squares are a1…c3 (column a–c from P1's left, row 1–3 from P1's side); \
                 base squares are P1-base1…P1-base3 and P2-base1…P2-base3",
            );
        }
        sq
    }

    fn card_ref(&mut self, s: &Spanned<String>) -> Option<CardRef> {
        match parse_ref(s.get_ref(), s.span(), &self.labels) {
            Ok(r) => Some(r),
            Err(msg) => {
                self.err_help(
                    s.span(),
                    msg,
                    "refer to a card by a label from the setup, or as `[P1 |P2 ]name[@place]`",
                );
                None
            }
        }
    }

    fn refs(&mut self, list: &[Spanned<String>]) -> Option<Vec<CardRef>> {
        let out: Vec<Option<CardRef>> = list.iter().map(|s| self.card_ref(s)).collect();
        out.into_iter().collect()
    }

    fn int_in(&mut self, v: &Spanned<i64>, lo: i64, hi: i64, what: &str) -> Option<i64> {
        let n = *v.get_ref();
        if (lo..=hi).contains(&n) {
            Some(n)
        } else {
            self.err(
                v.span(),
                format!("{what} must be between {lo} and {hi}, not {n}"),
            );
            None
        }
    }
}

/// Reads and checks a scenario file. Card names are checked later, against the set
/// ([`super::check_scenario`]).
pub(crate) fn load(path: &Path) -> Result<Scenario, Vec<Problem>> {
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

/// Parses the text of a scenario file.
pub(crate) fn parse(path: &Path, mut source: String) -> Result<Scenario, Vec<Problem>> {
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

fn setup(cx: &mut Ctx<'_>, file: &ScenarioFile) -> Option<Setup> {
    let before = cx.problems.len();
    let rules = file.rules.as_ref().and_then(|r| {
        // A rule-set file is relative to the scenario file's folder, like its sets.
        let here = files::parent_dir(cx.file);
        let open = |rel: &str| {
            let path = here.join(rel);
            let text = files::read_text(&path, MAX_FILE_BYTES).map_err(|e| e.describe())?;
            Ok((path, text))
        };
        let ft = FileText::new(cx.file, cx.src);
        crate::rule_sets::rules_field(&ft, r, open, &mut cx.problems)
    });
    let seed = file
        .seed
        .as_ref()
        .and_then(|s| cx.int_in(s, 0, i64::MAX, "seed"))
        .map_or(1, |s| s.unsigned_abs());
    let active = file
        .active
        .as_ref()
        .and_then(|a| cx.player(a))
        .unwrap_or(Player::One);
    let turn = match &file.turn {
        Some(t) => cx.int_in(t, 1, 10_000, "turn").map_or(1, |t| t as u32),
        None if active == Player::One => 3,
        None => 4,
    };
    let phase = match &file.phase {
        None => Phase::Main,
        Some(p) => match parse_phase(p.get_ref()) {
            Some(
                ph
                @ (Phase::Main | Phase::Release | Phase::Energy | Phase::Smash | Phase::Mulligan),
            ) => ph,
            _ => {
                cx.err_help(
                    p.span(),
                    format!("a scenario cannot start in phase `{}`", p.get_ref()),
                    "start in `main` (the default), `release` (the start of the turn), \
                     `energy`, `smash` or `mulligan`",
                );
                Phase::Main
            }
        },
    };
    let filler = file.filler.as_ref().map(|f| Named {
        name: f.get_ref().clone(),
        span: f.span(),
    });
    // Labels first, so references anywhere may use them.
    let players = [&file.p1, &file.p2].into_iter().flatten();
    for spec in players
        .flat_map(|pf| all_specs(pf.get_ref()))
        .chain(&file.dimensions)
    {
        {
            if let Some(l) = &spec.get_ref().label {
                if let Some(why) = bad_label(l.get_ref()) {
                    cx.err(l.span(), format!("bad label `{}`: {why}", l.get_ref()));
                } else if cx.labels.contains(l.get_ref()) {
                    cx.err(l.span(), format!("label `{}` is used twice", l.get_ref()));
                } else {
                    cx.labels.push(l.get_ref().clone());
                }
            }
        }
    }
    let mut cards = Vec::new();
    let mut fill = [DEFAULT_FILL; 2];
    let mut plan = [false; 2];
    for (p, pf) in [(Player::One, &file.p1), (Player::Two, &file.p2)] {
        let Some(pf) = pf else { continue };
        player_cards(cx, p, pf, &mut cards, &mut fill, &mut plan);
    }
    // R19.8: the command zone is no player's; the owner recorded is never used.
    for spec in &file.dimensions {
        if let Some(pl) = placed(cx, Player::One, spec, List::Dimensions) {
            cards.push(pl);
        }
    }
    let die = file.die.as_ref().map_or_else(Vec::new, |faces| {
        faces
            .get_ref()
            .iter()
            .filter_map(|f| match f.get_ref().as_str() {
                "P" => Some(DieFace::P),
                "C" => Some(DieFace::C),
                "blank" => Some(DieFace::Blank),
                other => {
                    cx.err_help(
                        f.span(),
                        format!("`{other}` is no face of the dimension die"),
                        "the faces are \"P\", \"C\" and \"blank\" (R19.3)",
                    );
                    None
                }
            })
            .collect()
    });
    occupancy(cx, &cards);
    let total: u64 = cards.iter().map(|c| u64::from(c.count)).sum::<u64>()
        + u64::from(fill[0])
        + u64::from(fill[1]);
    if total > MAX_CARDS {
        cx.problems.push(
            Problem::file(
                cx.file,
                format!("the setup has {total} cards; a scenario may have at most {MAX_CARDS}"),
            )
            .help("lower the `count`s and `deck_size`s"),
        );
    }
    (cx.problems.len() == before).then_some(Setup {
        rules,
        seed,
        strict: file.strict.unwrap_or(true),
        active,
        turn,
        phase,
        filler,
        cards,
        fill,
        plan,
        die,
    })
}

fn all_specs(pf: &PlayerFile) -> impl Iterator<Item = &Spanned<CardSpec>> {
    pf.hand
        .iter()
        .chain(&pf.deck)
        .chain(pf.plan.iter())
        .chain(&pf.energy)
        .chain(&pf.smash)
        .chain(&pf.graveyard)
        .chain(&pf.remove)
        .chain(&pf.units)
        .chain(&pf.bases)
}

/// What a setup list allows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum List {
    Hand,
    Deck,
    Plan,
    Energy,
    Smash,
    Graveyard,
    Remove,
    Units,
    Bases,
    Dimensions,
}

impl List {
    fn name(self) -> &'static str {
        match self {
            List::Hand => "hand",
            List::Deck => "deck",
            List::Plan => "plan",
            List::Energy => "energy",
            List::Smash => "smash",
            List::Graveyard => "graveyard",
            List::Remove => "remove",
            List::Units => "units",
            List::Bases => "bases",
            List::Dimensions => "dimensions",
        }
    }
}

fn player_cards(
    cx: &mut Ctx<'_>,
    p: Player,
    pf: &Spanned<PlayerFile>,
    cards: &mut Vec<Placed>,
    fill: &mut [u32; 2],
    plan: &mut [bool; 2],
) {
    let pf_ref = pf.get_ref();
    let mut deck_cards = 0u32;
    // Deck: listed top first, so add the last listed first.
    for spec in pf_ref.deck.iter().rev() {
        if let Some(pl) = placed(cx, p, spec, List::Deck) {
            deck_cards += pl.count;
            cards.push(pl);
        }
    }
    if let Some(spec) = &pf_ref.plan
        && let Some(pl) = placed(cx, p, spec, List::Plan)
    {
        deck_cards += 1;
        plan[p.index()] = true;
        cards.push(pl);
    }
    if let Some(size) = &pf_ref.deck_size
        && let Some(n) = cx.int_in(size, 0, 1000, "deck_size")
    {
        let n = n as u32;
        if n < deck_cards {
            cx.err(
                size.span(),
                format!("deck_size {n} is less than the {deck_cards} deck cards listed"),
            );
        }
        fill[p.index()] = n.saturating_sub(deck_cards);
    }
    let lists: [(&[Spanned<CardSpec>], List); 7] = [
        (&pf_ref.hand, List::Hand),
        (&pf_ref.energy, List::Energy),
        (&pf_ref.smash, List::Smash),
        (&pf_ref.graveyard, List::Graveyard),
        (&pf_ref.remove, List::Remove),
        (&pf_ref.units, List::Units),
        (&pf_ref.bases, List::Bases),
    ];
    for (specs, list) in lists {
        // Graveyards are listed top first, like decks.
        let ordered: Vec<&Spanned<CardSpec>> = if list == List::Graveyard {
            specs.iter().rev().collect()
        } else {
            specs.iter().collect()
        };
        for spec in ordered {
            if let Some(pl) = placed(cx, p, spec, list) {
                cards.push(pl);
            }
        }
    }
}

fn placed(cx: &mut Ctx<'_>, owner: Player, s: &Spanned<CardSpec>, list: List) -> Option<Placed> {
    let span = s.span();
    let spec = s.get_ref();
    let before = cx.problems.len();
    let in_square = matches!(list, List::Units | List::Bases);
    let count = match &spec.count {
        None => 1,
        Some(c) if matches!(list, List::Units | List::Bases | List::Plan) => {
            cx.err(
                c.span(),
                format!("`count` is not allowed in `{}`", list.name()),
            );
            1
        }
        Some(c) => cx.int_in(c, 1, MAX_COUNT, "count").unwrap_or(1) as u32,
    };
    if let Some(l) = &spec.label
        && count > 1
    {
        cx.err(
            l.span(),
            "a label names one card; this entry adds several (`count`)",
        );
    }
    let frozen = match &spec.frozen {
        Some(f) if !matches!(list, List::Units | List::Bases | List::Energy | List::Smash) => {
            cx.err_help(
                f.span(),
                format!("cards in `{}` cannot be frozen", list.name()),
                "only cards in squares and in the energy and smash zones are frozen or released",
            );
            false
        }
        Some(f) => *f.get_ref(),
        None => false,
    };
    let damage = match &spec.damage {
        Some(d) if list != List::Units => {
            cx.err(d.span(), "only units in squares have damage");
            0
        }
        Some(d) => cx.int_in(d, 0, 1_000_000, "damage").unwrap_or(0) as i32,
        None => 0,
    };
    let loc = match (&spec.at, in_square) {
        (Some(at), false) => {
            cx.err_help(
                at.span(),
                format!("cards in `{}` have no square", list.name()),
                "put units in `units` and bases in `bases`",
            );
            Loc::Hand
        }
        (None, true) => {
            cx.err_help(
                span.clone(),
                format!("a card in `{}` needs a square", list.name()),
                "write it as a table: { card = \"name\", at = \"b2\" }",
            );
            Loc::Hand
        }
        (Some(at), true) => match cx.square(at) {
            Some(sq) if list == List::Units && !sq.is_battle() => {
                cx.err_help(
                    at.span(),
                    format!("units go into battle squares; {sq} is a base square"),
                    "battle squares are a1…c3",
                );
                Loc::Hand
            }
            Some(sq) if list == List::Bases && sq.base_owner() != Some(owner) => {
                cx.err_help(
                    at.span(),
                    format!("{owner}'s bases go into {owner}'s base squares, not {sq}"),
                    format!("{owner}'s base squares are {owner}-base1…{owner}-base3"),
                );
                Loc::Hand
            }
            Some(sq) => Loc::Square(sq),
            None => Loc::Hand,
        },
        (None, false) => match list {
            List::Hand => Loc::Hand,
            List::Deck | List::Plan => Loc::Deck,
            List::Energy => Loc::Energy,
            List::Smash => Loc::Smash,
            List::Graveyard => Loc::Graveyard,
            List::Remove => Loc::Remove,
            List::Units | List::Bases => Loc::Hand,
            List::Dimensions => Loc::Command,
        },
    };
    (cx.problems.len() == before).then(|| Placed {
        card: Named {
            name: spec.card.clone(),
            span: spec.card_span.clone().unwrap_or_else(|| span.clone()),
        },
        owner,
        loc,
        frozen,
        damage,
        count,
        label: spec.label.as_ref().map(|l| l.get_ref().clone()),
        span,
        list: list.name(),
    })
}

/// One unit per player per square; one base per base square; no square contested at setup.
fn occupancy(cx: &mut Ctx<'_>, cards: &[Placed]) {
    let mut seen: Vec<(Square, Player)> = Vec::new();
    for c in cards {
        let Loc::Square(sq) = c.loc else { continue };
        if seen.contains(&(sq, c.owner)) {
            cx.err_help(
                c.span.clone(),
                format!("{} already has a card in {sq}", c.owner),
                "a player has at most one unit (or base) in a square (R8.2)",
            );
        } else if sq.is_battle() && seen.iter().any(|&(s, _)| s == sq) {
            cx.err_help(
                c.span.clone(),
                format!("both players have a unit in {sq}: a battle would be in progress"),
                "set up the position before the battle and let a step start it (a move or a play)",
            );
        }
        seen.push((sq, c.owner));
    }
}

/// The names of a step's action keys that are present, with their spans.
fn actions_of(s: &StepFile) -> Vec<(&'static str, Range<usize>)> {
    let mut out = Vec::new();
    let mut add = |name: &'static str, span: Option<Range<usize>>| {
        if let Some(sp) = span {
            out.push((name, sp));
        }
    };
    add("play", s.play.as_ref().map(Spanned::span));
    add("move", s.move_.as_ref().map(Spanned::span));
    add("activate", s.activate.as_ref().map(Spanned::span));
    add("create_plan", s.create_plan.as_ref().map(Spanned::span));
    add("update_plan", s.update_plan.as_ref().map(Spanned::span));
    add("pass", s.pass.as_ref().map(Spanned::span));
    add("pass_until", s.pass_until.as_ref().map(Spanned::span));
    add("choose", s.choose.as_ref().map(Spanned::span));
    add("energy", s.energy.as_ref().map(Spanned::span));
    add("smash", s.smash.as_ref().map(Spanned::span));
    add("mulligan", s.mulligan.as_ref().map(Spanned::span));
    add("roll", s.roll.as_ref().map(Spanned::span));
    out
}

/// Parameters and the actions that take them.
fn params_of(s: &StepFile) -> Vec<(&'static str, Range<usize>, &'static [&'static str])> {
    const PAY: &[&str] = &[
        "play",
        "move",
        "activate",
        "create_plan",
        "update_plan",
        "roll",
    ];
    let mut out = Vec::new();
    let mut add = |name, span: Option<Range<usize>>, allowed| {
        if let Some(sp) = span {
            out.push((name, sp, allowed));
        }
    };
    add(
        "square",
        s.square.as_ref().map(Spanned::span),
        &["play"][..],
    );
    add("to", s.to.as_ref().map(Spanned::span), &["move"][..]);
    add(
        "target",
        s.target.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "targets",
        s.targets.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "x",
        s.x.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add(
        "method",
        s.method.as_ref().map(Spanned::span),
        &["play"][..],
    );
    add(
        "ability",
        s.ability.as_ref().map(Spanned::span),
        &["activate"][..],
    );
    add(
        "cost_cards",
        s.cost_cards.as_ref().map(Spanned::span),
        &["play", "activate"][..],
    );
    add("pay", s.pay.as_ref().map(Spanned::span), PAY);
    out
}

/// The end of the text of the step whose `[[step]]` header starts at `start`: the next table
/// header that is not one of its subtables (`[step.expect]`), or the end of the file.
fn step_end(src: &str, start: usize) -> usize {
    let start = start.min(src.len());
    let mut pos = src[start..].find('\n').map_or(src.len(), |i| start + i + 1);
    for line in src[pos..].split_inclusive('\n') {
        let t: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if t.starts_with('[') && !t.starts_with("[step.") {
            return pos;
        }
        pos += line.len();
    }
    src.len()
}

fn step(cx: &mut Ctx<'_>, index: usize, s: &Spanned<StepFile>) -> Option<StepSpec> {
    let before = cx.problems.len();
    let span = s.span().start..step_end(cx.src, s.span().start);
    let st = s.get_ref();
    let actions = actions_of(st);
    for (name, sp) in actions.iter().skip(1) {
        cx.err_help(
            sp.clone(),
            format!(
                "a step takes one action; this one has `{}` and `{name}`",
                actions[0].0
            ),
            "split it into two [[step]] tables",
        );
    }
    let action_name = actions.first().map(|(n, _)| *n);
    for (name, sp, allowed) in params_of(st) {
        if !action_name.is_some_and(|a| allowed.contains(&a)) {
            cx.err_help(
                sp,
                format!("`{name}` does not go with {}", describe_action(action_name)),
                format!("`{name}` is a parameter of {}", allowed.join(", ")),
            );
        }
    }
    let by = st.by.as_ref().and_then(|b| cx.player(b));
    if let (Some(b), Some("pass" | "pass_until")) = (&st.by, action_name) {
        cx.err_help(
            b.span(),
            "`by` does not go with `pass` or `pass_until`",
            "write the passing player as `pass = \"P1\"`",
        );
    }
    let action = action(cx, st);
    let rejected = match (&st.rejected, &st.reason) {
        (None, Some(r)) => {
            cx.err(r.span(), "`reason` needs `rejected`");
            None
        }
        (None, None) => None,
        (Some(r), reason) => {
            if !REJECTIONS.contains(&r.get_ref().as_str()) {
                cx.err_help(
                    r.span(),
                    format!("unknown refusal `{}`", r.get_ref()),
                    format!("use one of: {}", REJECTIONS.join(", ")),
                );
            }
            match &action {
                None => cx.err(r.span(), "`rejected` needs an action to reject"),
                Some(ActionSpec::PassUntil(..) | ActionSpec::Pass(PassWho::Both)) => cx.err(
                    r.span(),
                    "`rejected` goes with a single action, not with several passes",
                ),
                Some(_) => {}
            }
            Some(Rejection {
                kind: r.get_ref().clone(),
                reason: reason.as_ref().map(|x| x.get_ref().clone()),
            })
        }
    };
    let mut expect = match &st.expect {
        Some(e) => expectations(cx, e.get_ref()),
        None => Vec::new(),
    };
    expect.sort_by_key(|e| e.span.start);
    (cx.problems.len() == before).then_some(StepSpec {
        index,
        span,
        by,
        action,
        rejected,
        expect,
    })
}

fn describe_action(a: Option<&str>) -> String {
    match a {
        Some(a) => format!("`{a}`"),
        None => "a step without an action".to_owned(),
    }
}

fn pay(cx: &mut Ctx<'_>, st: &StepFile) -> Option<Vec<CardRef>> {
    let p = st.pay.as_ref()?;
    cx.refs(p.get_ref())
}

fn targets(cx: &mut Ctx<'_>, st: &StepFile) -> Vec<CardRef> {
    match (&st.target, &st.targets) {
        (Some(_), Some(ts)) => {
            cx.err_help(
                ts.span(),
                "both `target` and `targets`",
                "use `target` for one target, `targets` for several",
            );
            Vec::new()
        }
        (Some(t), None) => cx.card_ref(t).into_iter().collect(),
        (None, Some(ts)) => cx.refs(ts.get_ref()).unwrap_or_default(),
        (None, None) => Vec::new(),
    }
}

fn x_of(cx: &mut Ctx<'_>, st: &StepFile) -> u8 {
    st.x.as_ref()
        .and_then(|x| cx.int_in(x, 0, 99, "x"))
        .map_or(0, |x| x as u8)
}

fn action(cx: &mut Ctx<'_>, st: &StepFile) -> Option<ActionSpec> {
    if let Some(c) = &st.play {
        let card = cx.card_ref(c)?;
        let square = match &st.square {
            Some(s) => Some(cx.square(s)?),
            None => None,
        };
        let cost_cards = st
            .cost_cards
            .as_ref()
            .and_then(|c| cx.refs(c.get_ref()))
            .unwrap_or_default();
        return Some(ActionSpec::Play {
            card,
            square,
            targets: targets(cx, st),
            cost_cards,
            x: x_of(cx, st),
            method: st.method.as_ref().map(|m| Named {
                name: m.get_ref().clone(),
                span: m.span(),
            }),
            pay: pay(cx, st),
        });
    }
    if let Some(u) = &st.move_ {
        let unit = cx.card_ref(u);
        let to = match &st.to {
            Some(t) => cx.square(t),
            None => {
                cx.err_help(u.span(), "a move needs a destination", "add `to = \"b2\"`");
                None
            }
        };
        return Some(ActionSpec::Move {
            unit: unit?,
            to: to?,
            pay: pay(cx, st),
        });
    }
    if let Some(c) = &st.activate {
        let card = cx.card_ref(c)?;
        let ability = st
            .ability
            .as_ref()
            .and_then(|a| cx.int_in(a, 1, 99, "ability").map(|n| (n as u32, a.span())));
        let cost_cards = st
            .cost_cards
            .as_ref()
            .and_then(|c| cx.refs(c.get_ref()))
            .unwrap_or_default();
        return Some(ActionSpec::Activate {
            card,
            ability,
            targets: targets(cx, st),
            cost_cards,
            x: x_of(cx, st),
            pay: pay(cx, st),
        });
    }
    for (flag, name) in [
        (&st.create_plan, "create_plan"),
        (&st.update_plan, "update_plan"),
        (&st.roll, "roll"),
    ] {
        if let Some(f) = flag {
            if !*f.get_ref() {
                cx.err_help(
                    f.span(),
                    format!("`{name} = false` does nothing"),
                    format!("write `{name} = true`, or leave the step out"),
                );
                return None;
            }
            let pay = pay(cx, st);
            return Some(match name {
                "create_plan" => ActionSpec::CreatePlan { pay },
                "roll" => ActionSpec::Roll { pay },
                _ => ActionSpec::UpdatePlan { pay },
            });
        }
    }
    if let Some(p) = &st.pass {
        return match p.get_ref().as_str() {
            "both" => Some(ActionSpec::Pass(PassWho::Both)),
            s => match parse_player(s) {
                Some(pl) => Some(ActionSpec::Pass(PassWho::Player(pl))),
                None => {
                    cx.err_help(
                        p.span(),
                        format!("`pass = \"{s}\"`: who passes?"),
                        "write `pass = \"P1\"`, `pass = \"P2\"` (that player holds priority and \
                         passes) or `pass = \"both\"` (two passes in succession)",
                    );
                    None
                }
            },
        };
    }
    if let Some(u) = &st.pass_until {
        return match parse_until(u.get_ref()) {
            Some(until) => Some(ActionSpec::PassUntil(until, u.get_ref().clone())),
            None => {
                cx.err_help(
                    u.span(),
                    format!("unknown `pass_until` condition `{}`", u.get_ref()),
                    "use stack-empty, battle, no-battle, first-step, second-step, end-step, \
                     next-turn, or a phase (release, draw, energy, main, smash, recovery) \
                     optionally after a player (`P2 main`)",
                );
                None
            }
        };
    }
    if let Some(c) = &st.choose {
        return match c.get_ref() {
            Answer::Number(n) if *n >= 1 => Some(ActionSpec::Choose(AnswerSpec::Number(
                usize::try_from(*n).unwrap_or(usize::MAX),
            ))),
            Answer::Number(n) => {
                cx.err(c.span(), format!("option {n}: options are numbered from 1"));
                None
            }
            Answer::Text(t) => Some(ActionSpec::Choose(match parse_square(t) {
                Some(sq) => AnswerSpec::Square(sq),
                None => AnswerSpec::Text(t.clone(), parse_ref(t, c.span(), &cx.labels).ok()),
            })),
        };
    }
    if let Some(e) = &st.energy {
        return Some(ActionSpec::Energy(optional_ref(cx, e)?));
    }
    if let Some(s) = &st.smash {
        return Some(ActionSpec::Smash(optional_ref(cx, s)?));
    }
    if let Some(m) = &st.mulligan {
        return Some(ActionSpec::Mulligan(*m.get_ref()));
    }
    None
}

/// `"none"` or a card reference.
fn optional_ref(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<Option<CardRef>> {
    if s.get_ref() == "none" {
        Some(None)
    } else {
        cx.card_ref(s).map(Some)
    }
}

fn parse_until(s: &str) -> Option<Until> {
    Some(match s {
        "stack-empty" => Until::StackEmpty,
        "battle" => Until::Battle,
        "no-battle" => Until::NoBattle,
        "first-step" => Until::Step(dzero_core::BattleStep::First),
        "second-step" => Until::Step(dzero_core::BattleStep::Second),
        "end-step" => Until::Step(dzero_core::BattleStep::End),
        "next-turn" => Until::NextTurn,
        _ => match s.split_once(' ') {
            Some((p, ph)) => Until::Phase(Some(parse_player(p)?), parse_phase(ph)?),
            None => Until::Phase(None, parse_phase(s)?),
        },
    })
}

fn keyword(name: &str) -> Option<Keywords> {
    match name {
        "accel" | "加速" => Some(Keywords::ACCEL),
        "haste" | "速攻" => Some(Keywords::HASTE),
        "hexproof" => Some(Keywords::HEXPROOF),
        "shroud" => Some(Keywords::SHROUD),
        _ => None,
    }
}

fn item(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<ItemSpec> {
    let text = s.get_ref().trim();
    let fixed = |tag| ItemSpec {
        text: text.to_owned(),
        tag: Some(tag),
        card: None,
    };
    match text {
        "damage" => return Some(fixed(ItemTag::Damage)),
        "create-plan" => return Some(fixed(ItemTag::CreatePlan)),
        "update-plan" => return Some(fixed(ItemTag::UpdatePlan)),
        "roll" => return Some(fixed(ItemTag::Roll)),
        _ => {}
    }
    let (tag, rest) = match text.split_once(' ') {
        Some(("play", r)) => (Some(ItemTag::Play), r),
        Some(("move", r)) => (Some(ItemTag::Move), r),
        Some(("ability", r)) => (Some(ItemTag::Activated), r),
        Some(("trigger", r)) => (Some(ItemTag::Triggered), r),
        _ => (None, text),
    };
    let r = Spanned::new(s.span(), rest.to_owned());
    let card = cx.card_ref(&r)?;
    Some(ItemSpec {
        text: text.to_owned(),
        tag,
        card: Some(card),
    })
}

/// An action named in `legal` / `not_legal`.
fn legal_spec(cx: &mut Ctx<'_>, s: &Spanned<String>) -> Option<LegalSpec> {
    let text = s.get_ref().trim();
    let mut words = text.split_whitespace();
    let verb = match words.next().unwrap_or("") {
        "play" => LegalVerb::Play,
        "move" => LegalVerb::Move,
        "activate" => LegalVerb::Activate,
        "smash" => LegalVerb::Smash,
        "energy" => LegalVerb::Energy,
        "create-plan" => LegalVerb::CreatePlan,
        "update-plan" => LegalVerb::UpdatePlan,
        "pass" => LegalVerb::Pass,
        other => {
            cx.err(
                s.span(),
                format!(
                    "unknown action `{other}`: write `play REF [SQUARE]`, `move REF SQUARE`, \
                     `activate REF`, `smash REF`, `energy REF`, `create-plan`, `update-plan` or `pass`"
                ),
            );
            return None;
        }
    };
    let rest: Vec<&str> = words.collect();
    let needs_card = !matches!(
        verb,
        LegalVerb::CreatePlan | LegalVerb::UpdatePlan | LegalVerb::Pass
    );
    let (card, square) = match (needs_card, rest.as_slice()) {
        (false, []) => (None, None),
        (true, [r]) => (Some(*r), None),
        (true, [r, sq]) if matches!(verb, LegalVerb::Play | LegalVerb::Move) => {
            (Some(*r), Some(*sq))
        }
        _ => {
            cx.err(
                s.span(),
                format!("`{text}`: wrong number of words for this action"),
            );
            return None;
        }
    };
    let card = match card {
        Some(r) => Some(cx.card_ref(&Spanned::new(s.span(), r.to_owned()))?),
        None => None,
    };
    let square = match square {
        Some(q) => match parse_square(q) {
            Some(sq) => Some(sq),
            None => {
                cx.err(s.span(), format!("`{q}` is not a square"));
                return None;
            }
        },
        None => None,
    };
    Some(LegalSpec {
        text: text.to_owned(),
        verb,
        card,
        square,
    })
}

fn items(cx: &mut Ctx<'_>, list: &[Spanned<String>]) -> Option<Vec<ItemSpec>> {
    let out: Vec<Option<ItemSpec>> = list.iter().map(|s| item(cx, s)).collect();
    out.into_iter().collect()
}

fn pairs<V, F>(cx: &mut Ctx<'_>, p: &Pairs<V>, out: &mut Vec<Expectation>, mut f: F)
where
    F: FnMut(&mut Ctx<'_>, CardRef, &Spanned<V>) -> Option<Check>,
{
    for (k, v) in &p.0 {
        if let Some(r) = cx.card_ref(k)
            && let Some(check) = f(cx, r, v)
        {
            out.push(Expectation {
                check,
                span: k.span().start..v.span().end,
            });
        }
    }
}

fn int32(cx: &mut Ctx<'_>, v: &Spanned<i64>, what: &str) -> Option<i32> {
    cx.int_in(v, -1_000_000_000, 1_000_000_000, what)
        .map(|n| n as i32)
}

fn expectations(cx: &mut Ctx<'_>, e: &ExpectFile) -> Vec<Expectation> {
    let mut out = Vec::new();
    pairs(cx, &e.at, &mut out, |cx, r, v| {
        match parse_place(v.get_ref()) {
            Some(pl) => Some(Check::At(r, pl, v.get_ref().clone())),
            None => {
                cx.err_help(
                    v.span(),
                    format!("`{}` is not a place", v.get_ref()),
                    format!("write {PLACE_WORDS}"),
                );
                None
            }
        }
    });
    pairs(cx, &e.power, &mut out, |cx, r, v| {
        int32(cx, v, "power").map(|n| Check::Power(r, n))
    });
    pairs(cx, &e.damage, &mut out, |cx, r, v| {
        int32(cx, v, "damage").map(|n| Check::Damage(r, n))
    });
    pairs(cx, &e.frozen, &mut out, |_, r, v| {
        Some(Check::Frozen(r, *v.get_ref()))
    });
    pairs(cx, &e.face_up, &mut out, |_, r, v| {
        Some(Check::FaceUp(r, *v.get_ref()))
    });
    pairs(cx, &e.keywords, &mut out, |cx, r, v| {
        let mut ks = Vec::new();
        for k in v.get_ref() {
            match keyword(k.get_ref()) {
                Some(kw) => ks.push((kw, k.get_ref().clone())),
                None => cx.err_help(
                    k.span(),
                    format!("unknown keyword `{}`", k.get_ref()),
                    "use accel (加速), haste (速攻), hexproof or shroud",
                ),
            }
        }
        Some(Check::Keywords(r, ks))
    });
    pairs(cx, &e.resolved, &mut out, |cx, r, v| {
        match v.get_ref().as_str() {
            "resolved" => Some(Check::Resolved(r, false)),
            "fizzled" => Some(Check::Resolved(r, true)),
            other => {
                cx.err_help(
                    v.span(),
                    format!("`{other}`: expected `resolved` or `fizzled`"),
                    "`fizzled`: it resolved doing nothing because its targets had become illegal (R7.5)",
                );
                None
            }
        }
    });
    let mut push = |check: Option<Check>, span: Range<usize>| {
        if let Some(check) = check {
            out.push(Expectation { check, span });
        }
    };
    if let Some(s) = &e.stack {
        push(items(cx, s.get_ref()).map(Check::Stack), s.span());
    }
    if let Some(s) = &e.pending {
        push(items(cx, s.get_ref()).map(Check::Pending), s.span());
    }
    if let Some(p) = &e.priority {
        let c = if p.get_ref() == "none" {
            Some(Check::Priority(None))
        } else {
            cx.player(p).map(|pl| Check::Priority(Some(pl)))
        };
        push(c, p.span());
    }
    if let Some(d) = &e.decision {
        let c = parse_decision(d.get_ref()).map(|x| Check::Decision(x, d.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                d.span(),
                format!("unknown decision `{}`", d.get_ref()),
                "write `act P1`, `energy P1`, `smash P1`, `mulligan P2`, `choose P1` or `over`",
            );
        }
        push(c, d.span());
    }
    if let Some(p) = &e.phase {
        let c = parse_phase(p.get_ref()).map(Check::Phase);
        if c.is_none() {
            cx.err_help(
                p.span(),
                format!("unknown phase `{}`", p.get_ref()),
                "phases: mulligan, release, draw, energy, main, smash, recovery",
            );
        }
        push(c, p.span());
    }
    if let Some(a) = &e.active {
        push(cx.player(a).map(Check::Active), a.span());
    }
    if let Some(t) = &e.turn {
        push(
            cx.int_in(t, 1, 1_000_000, "turn")
                .map(|n| Check::Turn(n as u32)),
            t.span(),
        );
    }
    if let Some(d) = &e.dimension {
        let c = if d.get_ref() == "none" {
            Some(Check::Dimension(None))
        } else {
            cx.card_ref(d).map(|r| Check::Dimension(Some(r)))
        };
        push(c, d.span());
    }
    if let Some(n) = &e.dimension_deck {
        push(
            cx.int_in(n, 0, 1000, "dimension_deck")
                .map(|n| Check::DimensionDeck(n as usize)),
            n.span(),
        );
    }
    if let Some(b) = &e.battle {
        let c = if b.get_ref() == "none" {
            Some(Check::Battle(None))
        } else {
            cx.square(b).map(|s| Check::Battle(Some(s)))
        };
        push(c, b.span());
    }
    if let Some(s) = &e.battle_step {
        let c = parse_step(s.get_ref()).map(Check::BattleStep);
        if c.is_none() {
            cx.err_help(
                s.span(),
                format!("unknown battle step `{}`", s.get_ref()),
                "battle steps: first, second, end",
            );
        }
        push(c, s.span());
    }
    if let Some(a) = &e.attackers {
        push(cx.refs(a.get_ref()).map(Check::Attackers), a.span());
    }
    for (list, want) in [(&e.legal, true), (&e.not_legal, false)] {
        if let Some(l) = list {
            let specs: Option<Vec<LegalSpec>> =
                l.get_ref().iter().map(|t| legal_spec(cx, t)).collect();
            push(specs.map(|v| Check::Legal(v, want)), l.span());
        }
    }
    if let Some(o) = &e.offers {
        let answers = o
            .get_ref()
            .iter()
            .map(|t| match parse_square(t.get_ref()) {
                Some(sq) => AnswerSpec::Square(sq),
                None => AnswerSpec::Text(
                    t.get_ref().clone(),
                    parse_ref(t.get_ref(), t.span(), &cx.labels).ok(),
                ),
            })
            .collect();
        push(Some(Check::Offers(answers)), o.span());
    }
    if let Some(w) = &e.winner {
        let c = if w.get_ref() == "none" {
            Some(Check::Winner(None))
        } else {
            cx.card_ref(w).map(|r| Check::Winner(Some(r)))
        };
        push(c, w.span());
    }
    if let Some(d) = &e.battle_damage {
        let mut parts = Vec::new();
        let mut ok = true;
        for part in d.get_ref() {
            let p = part.get_ref();
            match (
                cx.card_ref(&p.from),
                cx.card_ref(&p.to),
                int32(cx, &p.amount, "amount"),
            ) {
                (Some(f), Some(t), Some(a)) => parts.push((f, t, a)),
                _ => ok = false,
            }
        }
        push(ok.then_some(Check::BattleDamage(parts)), d.span());
    }
    for (p, counts) in [(Player::One, &e.p1), (Player::Two, &e.p2)] {
        if let Some(c) = counts {
            for (kind, v) in count_fields(c.get_ref()) {
                push(
                    cx.int_in(v, 0, 100_000, kind.name())
                        .map(|n| Check::Count(p, kind, n as u32)),
                    v.span(),
                );
            }
        }
    }
    if let Some(list) = &e.empty {
        let mut zones = Vec::new();
        for z in list.get_ref() {
            match super::zones::parse_zone(z.get_ref()) {
                Some(zone) => zones.push((zone, z.get_ref().clone())),
                None => cx.err_help(
                    z.span(),
                    format!("`{}` is not a zone", z.get_ref()),
                    format!("write {}", super::zones::ZONE_WORDS),
                ),
            }
        }
        let ok = zones.len() == list.get_ref().len();
        push(ok.then_some(Check::Empty(zones)), list.span());
    }
    if let Some(r) = &e.result {
        let c = parse_result(r.get_ref()).map(|x| Check::Result(x, r.get_ref().clone()));
        if c.is_none() {
            cx.err_help(
                r.span(),
                format!("unknown result `{}`", r.get_ref()),
                "write `P1 wins`, `P2 wins`, `draw` or `none`",
            );
        }
        push(c, r.span());
    }
    if let Some(n) = &e.script_errors {
        push(
            cx.int_in(n, 0, 100_000, "script_errors")
                .map(|n| Check::ScriptErrors(n as u32)),
            n.span(),
        );
    }
    out
}

fn count_fields(c: &CountsFile) -> Vec<(Count, &Spanned<i64>)> {
    [
        (Count::Hand, &c.hand),
        (Count::Deck, &c.deck),
        (Count::Energy, &c.energy),
        (Count::FrozenEnergy, &c.frozen_energy),
        (Count::Smash, &c.smash),
        (Count::Graveyard, &c.graveyard),
        (Count::Remove, &c.remove),
        (Count::Field, &c.field),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
    .collect()
}

fn parse_decision(s: &str) -> Option<DecisionSpec> {
    if s == "over" {
        return Some(DecisionSpec::Over);
    }
    let (kind, p) = s.split_once(' ')?;
    let p = parse_player(p)?;
    Some(match kind {
        "act" => DecisionSpec::Act(p),
        "energy" => DecisionSpec::Energy(p),
        "smash" => DecisionSpec::Smash(p),
        "mulligan" => DecisionSpec::Mulligan(p),
        "choose" => DecisionSpec::Choose(p),
        _ => return None,
    })
}

fn parse_result(s: &str) -> Option<Option<GameResult>> {
    Some(match s {
        "none" => None,
        "draw" => Some(GameResult::Draw),
        "P1 wins" => Some(GameResult::Win(Player::One)),
        "P2 wins" => Some(GameResult::Win(Player::Two)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // A bare file name (as `dzero test t.toml` gives it) is in the current folder: the package
    // folder when tests run, so the set is written relative to it.
    fn parse_text(body: &str) -> Result<Scenario, Vec<Problem>> {
        let text = format!("set = \"../tests/scenarios/fixture-set\"\n{body}");
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
        let text = "sets = [\"../tests/scenarios/fixture-set\", \"/tmp\"]\n".to_owned();
        assert!(parse(Path::new("scenario.toml"), text).is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert!(parse_text("").is_ok());
        let text = "\u{FEFF}set = \"../tests/scenarios/fixture-set\"\n".to_owned();
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
