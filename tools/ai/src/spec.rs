//! Players named on the command line.

use crate::budget::{Budget, DEFAULT_PLAYOUTS};
use crate::greedy::GreedyPlayer;
use crate::mcts::MctsPlayer;
use dzero_sim::{Chooser, RandomPlayer};
use std::fmt;
use std::str::FromStr;

/// A player kind with its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Uniformly random legal actions.
    Random,
    /// One-ply search with the documented evaluation.
    Greedy,
    /// Information-set Monte Carlo tree search.
    Mcts(Budget),
}

impl PlayerSpec {
    /// A fresh player of this kind, its random choices seeded by `seed`.
    pub fn player(&self, seed: u64) -> Box<dyn Chooser> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerSpec::Mcts(budget) => Box::new(MctsPlayer::new(*budget, seed)),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// `random`, `greedy`, `mcts`, `mcts:N` (N play-outs) or `mcts:Nms`.
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        let bad = || {
            format!(
                "unknown player `{s}`: expected random, greedy, mcts, mcts:N (play-outs) or mcts:Nms"
            )
        };
        match (kind.trim(), arg.trim()) {
            ("random", "") => Ok(PlayerSpec::Random),
            ("greedy", "") => Ok(PlayerSpec::Greedy),
            ("mcts", "") => Ok(PlayerSpec::Mcts(Budget::Playouts(DEFAULT_PLAYOUTS))),
            ("mcts", a) => {
                let budget = match a.strip_suffix("ms") {
                    Some(ms) => Budget::Millis(ms.trim().parse().map_err(|_| bad())?),
                    None => Budget::Playouts(a.parse().map_err(|_| bad())?),
                };
                Ok(PlayerSpec::Mcts(budget))
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Mcts(Budget::Playouts(n)) => write!(f, "mcts:{n}"),
            PlayerSpec::Mcts(Budget::Millis(n)) => write!(f, "mcts:{n}ms"),
        }
    }
}
