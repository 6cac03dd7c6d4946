//! The phases of a turn and how a duel ends.

use crate::model::ids::Player;
use serde::{Deserialize, Serialize};

/// The phases of a turn (R4.1), plus the opening mulligan (R18.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// The second player decides whether to mulligan (東方零次元 only).
    Mulligan,
    /// リリースフェイズ.
    Release,
    /// ドローフェイズ.
    Draw,
    /// エネルギーフェイズ.
    Energy,
    /// メインフェイズ.
    Main,
    /// スマッシュフェイズ.
    Smash,
    /// リカバリーフェイズ.
    Recovery,
}

impl Phase {
    /// The phase that follows this one in the same turn (R4.1); none after recovery, and none
    /// after the mulligan, which is not a phase of a turn.
    pub fn next(self) -> Option<Phase> {
        match self {
            Phase::Release => Some(Phase::Draw),
            Phase::Draw => Some(Phase::Energy),
            Phase::Energy => Some(Phase::Main),
            Phase::Main => Some(Phase::Smash),
            Phase::Smash => Some(Phase::Recovery),
            Phase::Mulligan | Phase::Recovery => None,
        }
    }
}

/// How a duel ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GameResult {
    /// This player won.
    Win(Player),
    /// Both players lost at the same check (R15.2).
    Draw,
}
