//! The greedy player: looks one use ahead. Per decision it deals one copy of the duel its seat
//! cannot tell apart ([`SeatView::determinize`]), applies each of the seat's options to that
//! copy, completes the announcement an option leaves open ([`complete`]) and takes the option
//! whose result [`evaluate`]s best, ties broken at random. It never cancels an announcement and
//! lets the engine pay ([`restrict`]).

use crate::evaluate::evaluate;
use dzero_core::{Action, CardDb, Decision, Game, Player};
use dzero_sim::{Chooser, SeatView, restrict};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One-ply search with the evaluation; its random choices (determinizations, ties) come from
/// its own seeded RNG, so the same seed and the same views give the same actions.
pub struct GreedyPlayer {
    rng: ChaCha8Rng,
    actions: Vec<Action>,
    /// Options listed while completing announcements.
    buf: Vec<Action>,
}

impl GreedyPlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            actions: Vec::new(),
            buf: Vec::new(),
        }
    }
}

/// Whether `seat` is choosing a piece of its announcement in `g`.
fn picking(g: &Game, seat: Player) -> bool {
    matches!(g.decision(), Decision::Pick(p, _) if p == seat)
}

/// `seat`'s restricted options in `g`, into `out`.
fn options(g: &Game, db: &CardDb, out: &mut Vec<Action>) {
    g.legal_actions(db, out);
    restrict(out);
}

/// Ends `seat`'s announcement in `g` cheaply: the first option at each step ([`restrict`] has
/// left the automatic payment alone at a payment step). False when an option was refused.
fn finish(g: &mut Game, db: &CardDb, seat: Player, buf: &mut Vec<Action>) -> bool {
    while picking(g, seat) {
        options(g, db, buf);
        let Some(first) = buf.first().cloned() else {
            return false;
        };
        if g.apply(db, first).is_err() {
            return false;
        }
    }
    true
}

/// Ends `seat`'s announcement in `g` step by step, at each step taking the option whose
/// [`finish`]ed result evaluates best (the first of equals), and returns the evaluation of the
/// end; `None` when no option could be taken.
fn complete(g: &mut Game, db: &CardDb, seat: Player, buf: &mut Vec<Action>) -> Option<f64> {
    let mut step = Vec::new();
    while picking(g, seat) {
        options(g, db, &mut step);
        if step.len() == 1 {
            g.apply(db, step.swap_remove(0)).ok()?;
            continue;
        }
        let mut best: Option<(f64, usize)> = None;
        for (i, pick) in step.iter().enumerate() {
            let mut next = g.clone();
            if next.apply(db, pick.clone()).is_err() || !finish(&mut next, db, seat, buf) {
                continue;
            }
            let score = evaluate(&next, db, seat);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
        }
        let (_, i) = best?;
        g.apply(db, step.swap_remove(i)).ok()?;
    }
    Some(evaluate(g, db, seat))
}

impl Chooser for GreedyPlayer {
    /// The option scoring best one use ahead; the only one when there is one.
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        view.actions(&mut self.actions);
        restrict(&mut self.actions);
        if self.actions.len() <= 1 {
            return self.actions.pop();
        }
        let (db, seat) = (view.db(), view.seat());
        let copy = view.determinize(self.rng.random());
        let mut best: Option<(f64, usize)> = None;
        let mut ties = 0u32;
        for (i, action) in self.actions.iter().enumerate() {
            let mut next = copy.clone();
            if next.apply(db, action.clone()).is_err() {
                continue;
            }
            let Some(score) = complete(&mut next, db, seat, &mut self.buf) else {
                continue;
            };
            match best {
                Some((b, _)) if score < b => {}
                Some((b, _)) if score == b => {
                    ties += 1;
                    if self.rng.random_range(0..ties) == 0 {
                        best = Some((score, i));
                    }
                }
                _ => {
                    best = Some((score, i));
                    ties = 1;
                }
            }
        }
        let i = best.map_or(0, |(_, i)| i);
        Some(self.actions.swap_remove(i))
    }
}
