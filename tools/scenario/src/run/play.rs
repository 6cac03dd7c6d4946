//! Playing a scenario: building the position, then driving each step (single actions,
//! expected refusals, `pass_until` shortcuts) and checking its expectations; and the ways to
//! run a scenario with one set, several sets or a prebuilt card database.

use super::check::check;
use super::position::build;
use super::runner::{Runner, decision_text, result_text, script_finding};
use crate::outcome::{Finding, ScenarioOutcome};
use crate::pool::Combined;
use crate::pool::Pool;
use crate::scenario::Scenario;
use crate::spec::{ActionSpec, PassWho, StepSpec, Until};
use crate::trace::unwatched;
use crate::trace::{Moment, OnMoment, lines_of};
use dzero_cardpool::CardSet;
use dzero_cardpool::diag::Problem;
use dzero_core::RuleSet;
use dzero_core::{Action, ActionError, CardDb, Decision, Event, Player};
use dzero_script_api::ScriptError;
use dzero_script_api::ScriptHost;
use dzero_text::{Lang, Text};

/// Most actions one `pass_until` step may take.
const MAX_SHORTCUT_ACTIONS: usize = 1000;

/// Plays `s` with the cards of `pool`, showing `watch` the game after the setup and after
/// each step played (also the failing one).
fn run(s: &Scenario, pool: &Pool<'_>, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
    let problems = check(s, pool);
    if !problems.is_empty() {
        return ScenarioOutcome::Invalid(problems);
    }
    let _ = pool.take_errors();
    let (game, labels) = match build(s, pool) {
        Ok(x) => x,
        Err(p) => return ScenarioOutcome::Invalid(p),
    };
    let label_of = labels.iter().map(|(l, &c)| (c, l.clone())).collect();
    let mut r = Runner {
        s,
        pool,
        db: pool.db,
        game,
        labels,
        label_of,
        script_errors: Vec::new(),
        events: Vec::new(),
        matchup: super::match_state::match_state(&s.setup, pool.db),
    };
    watch(Moment::setup(s, &r.game, r.db));
    let setup_errors = pool.take_errors();
    if !setup_errors.is_empty() {
        let findings = vec![script_finding(&setup_errors)];
        return ScenarioOutcome::Failed(r.failure(None, findings));
    }
    for st in &s.steps {
        r.events.clear();
        let mut findings = r.step(st);
        if findings.is_empty() {
            findings = st
                .expect
                .iter()
                .filter_map(|e| {
                    let f = r.expectation(e)?;
                    Some(Finding {
                        lines: Some(lines_of(&s.source, &e.span)),
                        ..f
                    })
                })
                .collect();
        }
        watch(Moment::step(s, st, &r.game, &r.events, r.db));
        if !findings.is_empty() {
            return ScenarioOutcome::Failed(r.failure(Some(st), findings));
        }
    }
    ScenarioOutcome::Passed {
        steps: s.steps.len(),
    }
}

impl Runner<'_> {
    /// Plays step `st`: its action, or `pass_until`'s series of actions.
    pub(super) fn step(&mut self, st: &StepSpec) -> Vec<Finding> {
        let Some(action) = &st.action else {
            return Vec::new();
        };
        if let ActionSpec::NextDuel { first, swaps } = action {
            return self.next_duel(st, *first, swaps);
        }
        if let Some(by) = st.by {
            let d = self.game.decision();
            if d.player() != Some(by) {
                let actual = match d.player() {
                    Some(p) => format!("{p} ({})", decision_text(d)),
                    None => "nobody (the duel is over)".to_owned(),
                };
                return vec![Finding::new("who decides (`by`)", by.to_string(), actual)];
            }
        }
        match action {
            ActionSpec::PassUntil(until, text) => self.pass_until(*until, text),
            ActionSpec::Pass(PassWho::Both) => {
                let mut out = Vec::new();
                for _ in 0..2 {
                    let who = self
                        .game
                        .decision()
                        .player()
                        .map_or("pass".to_owned(), |p| format!("{p} passes"));
                    out = self.single(st, Action::Pass, &who);
                    if !out.is_empty() {
                        break;
                    }
                }
                out
            }
            ActionSpec::Pass(PassWho::Player(p)) => {
                let d = self.game.decision();
                if d != Decision::Act(*p) {
                    return vec![Finding::new(
                        format!("{p} to hold priority and pass"),
                        format!("act {p}"),
                        decision_text(d),
                    )];
                }
                self.single(st, Action::Pass, &format!("{p} passes"))
            }
            other => match self.action(other) {
                Ok((a, what)) => self.single(st, a, &what),
                // An answer the choice does not offer, expected to be refused: the engine is
                // given an option that does not exist and refuses it like any illegal answer.
                Err(_)
                    if st.rejected.is_some()
                        && matches!(other, ActionSpec::Choose(ans)
                        if self.game.choice().is_some_and(|c| {
                            self.matching_options(ans, &c.options).is_empty()
                        })) =>
                {
                    self.single(st, Action::Choose(u16::MAX), "an answer not offered")
                }
                Err(f) => vec![f],
            },
        }
    }

    /// Applies one action, handling an expected refusal.
    pub(super) fn single(&mut self, st: &StepSpec, a: Action, what: &str) -> Vec<Finding> {
        let result = self.game.apply(self.db, a);
        if result.is_ok() {
            self.events.extend_from_slice(self.game.events());
        }
        let errors = self.pool.take_errors();
        let worded = result
            .as_ref()
            .err()
            .map(|e| Text::new(&self.game, self.db, Lang::En).action_error(e))
            .unwrap_or_default();
        let refused = |e: &ActionError| {
            let first = worded.lines().next().unwrap_or_default().to_owned();
            format!("refused ({}): {first}", rejection_kind(e))
        };
        match (result, &st.rejected) {
            (Ok(()), None) => self.script_errors_found(errors, false),
            (Ok(()), Some(rej)) => {
                let mut out = vec![Finding::new(what, rejection_text(rej), "accepted")];
                out.extend(self.script_errors_found(errors, false));
                out
            }
            (Err(e), None) => {
                let mut out = vec![Finding::new(what, "accepted", refused(&e))];
                out.extend(self.script_errors_found(errors, false));
                out
            }
            (Err(e), Some(rej)) => {
                let kind = rejection_kind(&e);
                let reason_ok = rej
                    .reason
                    .as_ref()
                    .is_none_or(|r| worded.contains(r.as_str()));
                let mut out = Vec::new();
                if kind != rej.kind || !reason_ok {
                    out.push(Finding::new(what, rejection_text(rej), refused(&e)));
                }
                out.extend(self.script_errors_found(errors, kind == "effect-failed"));
                out
            }
        }
    }

    /// Records script errors; in strict mode they fail the step unless `expected`.
    fn script_errors_found(&mut self, errors: Vec<ScriptError>, expected: bool) -> Vec<Finding> {
        if errors.is_empty() {
            return Vec::new();
        }
        let f = script_finding(&errors);
        self.script_errors.extend(errors);
        if self.s.setup.strict && !expected {
            vec![f]
        } else {
            Vec::new()
        }
    }

    /// Whether the position `until` waits for is reached.
    fn until_holds(&self, until: Until) -> bool {
        let g = &self.game;
        match until {
            Until::StackEmpty => g.stack().is_empty() && g.choice().is_none(),
            Until::Battle => g.battle().is_some(),
            Until::NoBattle => g.battle().is_none(),
            Until::Step(s) => g.battle().is_some_and(|b| b.step == s),
            Until::Phase(p, ph) => g.phase() == ph && p.is_none_or(|p| g.active() == p),
            Until::NextTurn => false,
        }
    }

    /// Whether `events` (of one action, starting with `active` as the active player) began
    /// the phase or turn `until` waits for.
    fn until_began(until: Until, events: &[Event], mut active: Player) -> bool {
        for e in events {
            match *e {
                Event::TurnBegan { player, .. } => {
                    active = player;
                    if until == Until::NextTurn {
                        return true;
                    }
                }
                Event::PhaseBegan { phase } => {
                    if let Until::Phase(p, ph) = until
                        && ph == phase
                        && p.is_none_or(|p| p == active)
                    {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Passes (and declines what needs an answer) until `until` holds or begins.
    fn pass_until(&mut self, until: Until, text: &str) -> Vec<Finding> {
        let what = format!("pass until {text}");
        for _ in 0..MAX_SHORTCUT_ACTIONS {
            if self.until_holds(until) {
                return Vec::new();
            }
            let action = match self.game.decision() {
                Decision::Act(_) => Action::Pass,
                Decision::Energy(_) => Action::Energy(None),
                Decision::Smash(_) => Action::Smash(None),
                Decision::Mulligan(_) => Action::Mulligan(false),
                Decision::Pick(..) => Action::Pick(dzero_core::Pick::Cancel),
                Decision::Choose(p) => {
                    let prompt = self.game.choice().map_or(String::new(), |c| {
                        Text::new(&self.game, self.db, Lang::En).question(&c.question)
                    });
                    return vec![Finding::error(
                        what,
                        format!(
                            "{p} must answer a choice first (\"{prompt}\"): add a step with `choose`"
                        ),
                    )];
                }
                Decision::Over(r) => {
                    return vec![Finding::error(
                        what,
                        format!("the duel ended ({}) first", result_text(Some(r))),
                    )];
                }
            };
            let active = self.game.active();
            let word = match action {
                Action::Energy(_) => "putting no energy",
                Action::Smash(_) => "ending the smash phase",
                Action::Mulligan(_) => "declining the mulligan",
                _ => "a pass",
            };
            if let Err(e) = self.game.apply(self.db, action) {
                let msg = Text::new(&self.game, self.db, Lang::En).action_error(&e);
                let first = msg.lines().next().unwrap_or_default();
                return vec![Finding::error(
                    what,
                    format!("{word} was refused ({}): {first}", rejection_kind(&e)),
                )];
            }
            self.events.extend_from_slice(self.game.events());
            let errors = self.pool.take_errors();
            let f = self.script_errors_found(errors, false);
            if !f.is_empty() {
                return f;
            }
            if Self::until_began(until, self.game.events(), active) {
                return Vec::new();
            }
        }
        vec![Finding::error(
            what,
            format!("not reached after {MAX_SHORTCUT_ACTIONS} actions"),
        )]
    }
}

/// The kind of a refusal, as `rejected` names it.
fn rejection_kind(e: &ActionError) -> &'static str {
    match e {
        ActionError::GameOver => "game-over",
        ActionError::WrongDecision(_) => "wrong-decision",
        ActionError::NoSuchCard(_) => "no-such-card",
        ActionError::Timing(_) => "timing",
        ActionError::Payment(_) => "payment",
        ActionError::Target(_) => "target",
        ActionError::Square(_) => "square",
        ActionError::Illegal(_) => "illegal",
        ActionError::EffectFailed(_) => "effect-failed",
    }
}

/// An expected refusal, as written.
fn rejection_text(r: &crate::spec::Rejection) -> String {
    match &r.reason {
        Some(reason) => format!("refused ({}) with \"{reason}\"", r.kind),
        None => format!("refused ({})", r.kind),
    }
}
/// Runs `s` with the cards of `set` (normally the set in `s.set_dir()`). Script errors fail the
/// step in which they happen unless the scenario says `strict = false`.
pub fn run_scenario(s: &Scenario, set: &CardSet) -> ScenarioOutcome {
    run(s, &Pool::single(set), &mut unwatched)
}

/// Runs `s` with the cards of several sets in one game (normally the sets in `s.set_dirs`, in
/// that order; the first is the primary set). Each card keeps its own set's Lua behaviour, and
/// a script error in any of the sets fails the step as in [`run_scenario`]. A card name that two
/// of the sets both have makes the scenario invalid.
pub fn run_scenario_sets(s: &Scenario, sets: &[&CardSet]) -> ScenarioOutcome {
    run_sets_watched(s, sets, &mut unwatched)
}

/// [`run_scenario_sets`], showing `watch` the game after the setup and after each step.
pub(crate) fn run_sets_watched(
    s: &Scenario,
    sets: &[&CardSet],
    watch: &mut OnMoment<'_>,
) -> ScenarioOutcome {
    match sets {
        [] => ScenarioOutcome::Invalid(vec![Problem::file(&s.path, "no set to play with")]),
        [set] => run(s, &Pool::single(set), watch),
        _ => run(s, &Combined::new(sets).pool(), watch),
    }
}

/// Runs `s` with a card database built elsewhere instead of a set's (e.g. cards built in Rust,
/// or a set's cards with some replaced by other definitions), under `rules` unless the scenario
/// names its own. `hosts` are the Lua hosts of the scripted cards in `db`: their script errors
/// fail the step as in [`run_scenario`]. The first unit card of `db` is the default filler.
pub fn run_scenario_db(
    s: &Scenario,
    db: &CardDb,
    rules: RuleSet,
    hosts: &[&ScriptHost],
) -> ScenarioOutcome {
    run(
        s,
        &Pool {
            db,
            hosts: hosts.to_vec(),
            rules,
            ids: vec!["prebuilt"],
            primary: db.len(),
            duplicates: &[],
        },
        &mut unwatched,
    )
}
