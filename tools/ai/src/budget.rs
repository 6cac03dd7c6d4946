//! How long a searching player thinks per decision.

/// How long a searching player thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many play-outs (deterministic: the same seed gives the same decisions).
    Playouts(u32),
    /// About this many milliseconds of wall-clock time (not deterministic).
    Millis(u32),
}

/// The default search budget of `mcts`.
pub const DEFAULT_PLAYOUTS: u32 = 400;
