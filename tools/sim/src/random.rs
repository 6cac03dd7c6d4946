//! A random player: picks uniformly among the listed legal actions (with a bias to pass).

use crate::playout::Chooser;
use crate::seat::SeatView;
use dzero_core::{Action, Decision};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Chooses random legal actions from its own seeded RNG.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
    /// Probability of passing whenever passing is legal.
    pub pass_bias: f64,
}

impl RandomPlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::new(),
            pass_bias: 0.3,
        }
    }
}

impl Chooser for RandomPlayer {
    /// A legal action for the seat's decision, or `None` when it has none.
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        // Passing is legal exactly when a player holds priority; deciding to pass needs no
        // list of the other actions.
        if matches!(view.decision(), Decision::Act(_))
            && self.rng.random_bool(self.pass_bias.clamp(0.0, 1.0))
        {
            return Some(Action::Pass);
        }
        view.actions(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..self.buf.len());
        Some(self.buf.swap_remove(i))
    }
}
