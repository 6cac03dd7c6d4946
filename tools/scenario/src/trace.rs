//! A traced run: the game as it stands after the setup and after each step, with where the
//! step is written, for front ends that draw the board at each point of a scenario.

use crate::Scenario;
use crate::spec::StepSpec;
use dzero_core::{CardDb, Event, Game};
use std::ops::{Range, RangeInclusive};

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
    dzero_cardpool::diag::line_col(source, offset).0
}

/// The lines (1-based, inclusive) that the byte range `span` of `source` covers.
pub(crate) fn lines_of(source: &str, span: &Range<usize>) -> RangeInclusive<usize> {
    let first = line_of(source, span.start);
    let last = line_of(source, span.end.saturating_sub(1).max(span.start));
    first..=last
}

/// The lines of a step as written, without trailing blank or comment-only lines.
pub(crate) fn step_lines<'a>(source: &'a str, st: &StepSpec) -> Vec<&'a str> {
    let start = source[..st.span.start.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = st.span.end.min(source.len());
    let mut lines: Vec<&str> = source[start..end].lines().collect();
    while lines
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        lines.pop();
    }
    lines
}

/// An [`OnMoment`] that looks at nothing.
pub(crate) fn unwatched(_: Moment<'_>) {}
