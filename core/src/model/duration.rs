//! Temporary changes and control, and how long they last.

use crate::model::card_kind::Keywords;
use crate::model::ids::Player;
use crate::model::target::TargetRef;
use serde::{Deserialize, Serialize};

/// A player controlling a card they do not own, and until when (control changes: see
/// `control.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Control {
    /// The controlling player.
    pub player: Player,
    /// When control returns to the owner.
    pub until: Duration,
}

/// A temporary continuous change created by a resolved effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Change {
    /// Power ±.
    Power(i32),
    /// Smash ±.
    Smash(i32),
    /// Keywords gained.
    Grant(Keywords),
    /// Keywords lost.
    Revoke(Keywords),
}

/// How long a [`Change`] lasts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Duration {
    /// Until the end of the recovery phase (A31).
    EndOfTurn,
    /// While this card stays in play (in its square).
    WhileInPlay(TargetRef),
    /// Until the battle at this frame depth ends (「バトル終了時まで」): it ends when that
    /// battle's frame is removed, before the battle's end-of-battle destructions (R11.16).
    EndOfBattle(u8),
    /// Until the end of the recovery phase of this turn number (A31), e.g. the end of a
    /// player's next turn (「次のあなたのターンの終了時まで」).
    EndOfTurnNumber(u32),
    /// As long as the subject stays where it is.
    Indefinite,
}

/// A temporary effect in force.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TempEffect {
    /// Timestamp (R16.3).
    pub stamp: u32,
    /// The affected card; the effect ends when it changes zone.
    pub subject: TargetRef,
    /// The change.
    pub change: Change,
    /// Its duration.
    pub until: Duration,
}
