//! AI players. Each decides from one seat's [`SeatView`](dzero_sim::SeatView) alone;
//! [`PlayerSpec`] names a player on the command line (`random`, `greedy`, `mcts`, `mcts:800`,
//! `mcts:150ms`); [`SideboardPlayer`] swaps sideboard cards and picks the first player between
//! the duels of a match. [`evaluate`] scores a duel for a seat (documented in `docs/ai.md`).

mod budget;
pub mod evaluate;
mod greedy;
mod mcts;
pub mod sideboard;
mod spec;
pub mod strength;

pub use budget::{Budget, DEFAULT_PLAYOUTS};
pub use evaluate::{evaluate, win_chance};
pub use greedy::GreedyPlayer;
pub use mcts::MctsPlayer;
pub use sideboard::SideboardPlayer;
pub use spec::PlayerSpec;
