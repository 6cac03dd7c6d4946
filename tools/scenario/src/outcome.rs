//! What running a scenario gives: it passed, a step failed (with the findings and a report),
//! or it could not be run (its problems).

use dzero_cardpool::Problem;
use dzero_cardpool::diag::printable;

/// Why a scenario failed: the step, and a report with expected and actual values and a
/// picture of the board.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The failing step, from 1 (0: the setup itself).
    pub step: usize,
    /// The line of the step's `[[step]]` header (0 for the setup).
    pub line: usize,
    /// What went wrong, one finding per failed check.
    pub findings: Vec<Finding>,
    /// The rendered report (several lines, ending with the board).
    pub report: String,
}

/// One thing that went wrong in a failing step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Finding {
    /// What was checked or done.
    pub what: String,
    /// The value expected, when something was compared.
    pub expected: Option<String>,
    /// The value found, or what went wrong.
    pub actual: String,
    /// The lines of the failing expectation as written (1-based, inclusive), when the finding
    /// is one of the step's `expect` checks.
    pub lines: Option<std::ops::RangeInclusive<usize>>,
}

impl Finding {
    /// A finding comparing an expected value with the actual one.
    pub(crate) fn new(
        what: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Self {
        Finding {
            what: what.into(),
            expected: Some(expected.into()),
            actual: actual.into(),
            lines: None,
        }
    }

    /// A finding that something went wrong, without a value to compare.
    pub(crate) fn error(what: impl Into<String>, detail: impl Into<String>) -> Self {
        Finding {
            what: what.into(),
            expected: None,
            actual: detail.into(),
            lines: None,
        }
    }
}

/// The outcome of running one scenario.
#[derive(Clone, Debug)]
pub enum ScenarioOutcome {
    /// Every step and expectation held.
    Passed {
        /// Steps played.
        steps: usize,
    },
    /// A step failed.
    Failed(Failure),
    /// The scenario (or its set) has problems and could not be run.
    Invalid(Vec<Problem>),
}

impl ScenarioOutcome {
    /// Whether the scenario passed.
    pub fn passed(&self) -> bool {
        matches!(self, ScenarioOutcome::Passed { .. })
    }

    /// The failure, if a step failed.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            ScenarioOutcome::Failed(f) => Some(f),
            _ => None,
        }
    }

    /// The problems, if the scenario could not be run.
    pub fn problems(&self) -> &[Problem] {
        match self {
            ScenarioOutcome::Invalid(p) => p,
            _ => &[],
        }
    }

    /// A readable account: `passed (N steps)`, the failure report, or every problem with its
    /// source snippet. Characters that would drive a terminal are escaped.
    pub fn render(&self) -> String {
        match self {
            ScenarioOutcome::Passed { steps } => format!("passed ({steps} steps)\n"),
            ScenarioOutcome::Failed(f) => printable(&f.report),
            ScenarioOutcome::Invalid(ps) => ps.iter().map(Problem::render).collect(),
        }
    }
}
