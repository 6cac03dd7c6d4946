//! The report of a failing step: the step as written, each finding with its expected and actual
//! values, the step's events, and a picture of the board.

use super::runner::Runner;
use crate::board::render_board;
use crate::outcome::{Failure, Finding};
use crate::spec::StepSpec;
use crate::trace::step_lines;
use dzero_text::{Lang, Text};
use std::fmt::Write as _;

impl Runner<'_> {
    /// The failure of step `st` (the setup when `None`) with `findings`.
    pub(super) fn failure(&self, st: Option<&StepSpec>, findings: Vec<Finding>) -> Failure {
        let mut out = String::new();
        let (step, line) = match st {
            Some(st) => {
                let (line, _) = dzero_cardpool::diag::line_col(&self.s.source, st.span.start);
                let _ = writeln!(out, "step {} (line {line}) failed:", st.index);
                for l in step_lines(&self.s.source, st) {
                    let _ = writeln!(out, "  | {l}");
                }
                (st.index, line)
            }
            None => {
                let _ = writeln!(out, "setup failed:");
                (0, 0)
            }
        };
        for f in &findings {
            let _ = writeln!(out, "- {}", f.what);
            match &f.expected {
                Some(e) => {
                    let _ = writeln!(out, "    expected: {}", indent(e, 14));
                    let _ = writeln!(out, "    actual:   {}", indent(&f.actual, 14));
                }
                None => {
                    let _ = writeln!(out, "    {}", indent(&f.actual, 4));
                }
            }
        }
        if step > 0 && !self.events.is_empty() {
            // What happened in the failing step, most recent last (at most the last 40).
            let _ = writeln!(out, "events of step {step}:");
            let text = Text::new(&self.game, self.db, Lang::En);
            let skip = self.events.len().saturating_sub(40);
            if skip > 0 {
                let _ = writeln!(out, "  … {skip} earlier events");
            }
            for e in &self.events[skip..] {
                let _ = writeln!(out, "  {}", text.event(e));
            }
        }
        let _ = writeln!(
            out,
            "board {}:",
            if step == 0 {
                "at the start".to_owned()
            } else {
                format!("after step {step}")
            }
        );
        out.push_str(&render_board(&self.game, self.db, &self.label_of));
        Failure {
            step,
            line,
            findings,
            report: out,
        }
    }
}

/// `s` with every line after the first indented by `n` spaces.
fn indent(s: &str, n: usize) -> String {
    s.replace('\n', &format!("\n{}", " ".repeat(n)))
}
