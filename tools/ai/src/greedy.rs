//! The greedy player: looks one action ahead. Per decision it deals one copy of the duel its
//! seat cannot tell apart ([`SeatView::determinize`]), applies each of the seat's legal actions
//! to that copy and takes the one whose result [`evaluate`]s best, ties broken at random.

use crate::evaluate::evaluate;
use dzero_core::Action;
use dzero_sim::{Chooser, SeatView};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One-ply search with the evaluation; its random choices (determinizations, ties) come from
/// its own seeded RNG, so the same seed and the same views give the same actions.
pub struct GreedyPlayer {
    rng: ChaCha8Rng,
    actions: Vec<Action>,
}

impl GreedyPlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            actions: Vec::new(),
        }
    }
}

impl Chooser for GreedyPlayer {
    /// The action scoring best one step ahead; the only one when there is one.
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        view.actions(&mut self.actions);
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
            let score = evaluate(&next, db, seat);
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
