//! The state of parsing one scenario file, and the checks of single values (a player, a
//! square, a card reference, a number in range) that report a located problem.

use crate::names::{CardRef, parse_player, parse_ref, parse_square};
use dzero_cardpool::Problem;
use dzero_core::{Player, Square};
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// What parsing one scenario file gathers: the problems found so far and the labels the setup
/// gave, with the file and its text for locating problems.
pub(super) struct Ctx<'a> {
    pub(super) file: &'a Path,
    pub(super) src: &'a str,
    pub(super) problems: Vec<Problem>,
    pub(super) labels: Vec<String>,
}

impl Ctx<'_> {
    /// Records a problem at `span`.
    pub(super) fn err(&mut self, span: Range<usize>, msg: impl Into<String>) {
        self.problems
            .push(Problem::at(self.file, self.src, span, msg.into()));
    }

    /// Records a problem at `span`, with a hint.
    pub(super) fn err_help(
        &mut self,
        span: Range<usize>,
        msg: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.problems
            .push(Problem::at(self.file, self.src, span, msg.into()).help(help));
    }

    /// The player `s` names (`P1`, `P2`).
    pub(super) fn player(&mut self, s: &Spanned<String>) -> Option<Player> {
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

    /// The square `s` names.
    pub(super) fn square(&mut self, s: &Spanned<String>) -> Option<Square> {
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

    /// The card reference `s` writes.
    pub(super) fn card_ref(&mut self, s: &Spanned<String>) -> Option<CardRef> {
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

    /// Every card reference of `list`, or `None` when one has a problem.
    pub(super) fn refs(&mut self, list: &[Spanned<String>]) -> Option<Vec<CardRef>> {
        let out: Vec<Option<CardRef>> = list.iter().map(|s| self.card_ref(s)).collect();
        out.into_iter().collect()
    }

    /// `v` when it is within `lo..=hi`.
    pub(super) fn int_in(&mut self, v: &Spanned<i64>, lo: i64, hi: i64, what: &str) -> Option<i64> {
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
