//! A traced run: the game as it stands after the setup and after each step, with where the
//! step is written, for front ends that draw the board at each point of a scenario.

use super::run::step_lines;
use super::spec::StepSpec;
use super::{Scenario, ScenarioOutcome, SetCache, load_scenario};
use dzero_core::{CardDb, Event, Game};
use std::ops::{Range, RangeInclusive};
use std::path::Path;

/// What a traced run calls with each [`Moment`].
pub type OnMoment<'a> = dyn FnMut(Moment<'_>) + 'a;

/// The game at one point of a scenario run.
#[derive(Clone)]
pub struct Moment<'a> {
    /// 0 for the setup, else the step just played (from 1).
    pub step: usize,
    /// The line of the step's `[[step]]` header (1-based; 0 for the setup).
    pub line: usize,
    /// The lines the step is written on (1-based, inclusive, without trailing blank or
    /// comment-only lines); for the setup, the lines before the first step.
    pub lines: RangeInclusive<usize>,
    /// The game as it stands.
    pub game: &'a Game,
    /// What happened: the setup's events, or the step's (every action it took).
    pub events: &'a [Event],
    /// The cards it is played with.
    pub db: &'a CardDb,
}

impl<'a> Moment<'a> {
    /// The position as the setup built it.
    pub(crate) fn setup(s: &Scenario, game: &'a Game, db: &'a CardDb) -> Moment<'a> {
        let end = s.steps.first().map_or_else(
            || s.source.lines().count(),
            |st| line_of(&s.source, st.span.start).saturating_sub(1),
        );
        Moment {
            step: 0,
            line: 0,
            lines: 1..=end.max(1),
            game,
            events: game.events(),
            db,
        }
    }

    /// The game after step `st`.
    pub(crate) fn step(
        s: &Scenario,
        st: &StepSpec,
        game: &'a Game,
        events: &'a [Event],
        db: &'a CardDb,
    ) -> Moment<'a> {
        let line = line_of(&s.source, st.span.start);
        let count = step_lines(&s.source, st).len().max(1);
        Moment {
            step: st.index,
            line,
            lines: line..=line + count - 1,
            game,
            events,
            db,
        }
    }
}

fn line_of(source: &str, offset: usize) -> usize {
    crate::diag::line_col(source, offset).0
}

/// The lines (1-based, inclusive) that the byte range `span` of `source` covers.
pub(crate) fn lines_of(source: &str, span: &Range<usize>) -> RangeInclusive<usize> {
    let first = line_of(source, span.start);
    let last = line_of(source, span.end.saturating_sub(1).max(span.start));
    first..=last
}

impl SetCache {
    /// Runs `s` with its sets as [`SetCache::run`] does, showing `watch` the game after the
    /// setup and after each step played (the failing step included).
    pub fn trace(&mut self, s: &Scenario, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
        self.run_watched(s, watch)
    }
}

/// [`super::run_file`], showing `watch` the game after the setup and after each step played.
pub fn trace_file(path: &Path, sets: &mut SetCache, watch: &mut OnMoment<'_>) -> ScenarioOutcome {
    match load_scenario(path) {
        Ok(s) => sets.trace(&s, watch),
        Err(p) => ScenarioOutcome::Invalid(p),
    }
}
