//! AI players. Each decides from one seat's [`SeatView`] alone; [`PlayerSpec`] names a player
//! on the command line (`random`, `greedy`, `mcts`, `mcts:800`, `mcts:150ms`).

mod spec;

pub use spec::{Budget, PlayerSpec};
