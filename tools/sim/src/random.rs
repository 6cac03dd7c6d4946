//! A random player: picks uniformly among the legal actions (with a bias to pass); holding
//! priority, it draws uses at random until one can be announced rather than listing them all. In
//! play it never withdraws an announcement and lets the engine pay ([`restrict`]); the fuzzer's
//! players ([`RandomPlayer::fuzzer`]) also cancel now and then and pay card by card.

use crate::restrict::restrict;
use crate::seat::Chooser;
use crate::seat::SeatView;
use dzero_core::{Action, Decision, Pick};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How often a fuzzing player withdraws an announcement when it may.
pub const FUZZ_CANCEL: f64 = 0.1;

/// Chooses random legal actions from its own seeded RNG.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
    /// Probability of passing whenever passing is legal.
    pub pass_bias: f64,
    /// Probability of cancelling an announcement at each of its steps; when `None` it never
    /// cancels and always takes [`Pick::PayAuto`] where offered.
    pub cancel: Option<f64>,
}

impl RandomPlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::new(),
            pass_bias: 0.3,
            cancel: None,
        }
    }

    /// A player for the fuzzer, seeded with `seed`: every listed pick is a candidate, paying
    /// card by card included, and it cancels with probability [`FUZZ_CANCEL`].
    pub fn fuzzer(seed: u64) -> RandomPlayer {
        RandomPlayer {
            cancel: Some(FUZZ_CANCEL),
            ..RandomPlayer::new(seed)
        }
    }
}

impl Chooser for RandomPlayer {
    /// A legal action for the seat's decision, or `None` when it has none.
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        // Passing is legal exactly when a player holds priority; deciding to pass needs no
        // list of the other actions.
        if matches!(view.decision(), Decision::Act(_)) {
            if self.rng.random_bool(self.pass_bias.clamp(0.0, 1.0)) {
                return Some(Action::Pass);
            }
            // Announcing offers no cancel and no payment: nothing to restrict.
            let rng = &mut self.rng;
            return view.sample_act(|n| rng.random_range(0..n));
        }
        view.actions(&mut self.buf);
        let cancel = Action::Pick(Pick::Cancel);
        match self.cancel {
            None => restrict(&mut self.buf),
            Some(chance) if self.buf.contains(&cancel) => {
                if self.rng.random_bool(chance.clamp(0.0, 1.0)) {
                    return Some(cancel);
                }
                self.buf.retain(|a| *a != cancel);
            }
            Some(_) => {}
        }
        if self.buf.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..self.buf.len());
        Some(self.buf.swap_remove(i))
    }
}
