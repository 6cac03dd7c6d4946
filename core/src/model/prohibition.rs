//! What ★ prohibitions forbid and ★ permissions allow (R16.1, R16.2).

use crate::model::board::Square;
use crate::model::ids::{CardId, Player};
use crate::model::zone_move::LossCause;

/// Something a ★ prohibition can forbid (R16.2: prohibition beats permission).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Forbid {
    /// `subject` being chosen as a target by a card or ability controlled by `by`.
    Target {
        /// The card that would be targeted.
        subject: CardId,
        /// The player whose card or ability would target it.
        by: Player,
    },
    /// `card` being played by `player` into `square` (units and bases; `None` for strategies),
    /// by the ☆ play method at ability index `method` (`None`: played from hand or plan zone).
    Play {
        /// The card that would be played.
        card: CardId,
        /// The player who would play it.
        player: Player,
        /// The square it would be played into.
        square: Option<Square>,
        /// The index of the ☆ play method used, in the card's definition.
        method: Option<u8>,
    },
    /// `unit` being moved to `to` (R10).
    Move {
        /// The unit that would move.
        unit: CardId,
        /// Its destination square.
        to: Square,
    },
    /// `unit` smashing (R12.1).
    Smash {
        /// The unit that would smash.
        unit: CardId,
    },
    /// `card` being released in its owner's release phase (R4.2).
    Release {
        /// The card that would be released.
        card: CardId,
    },
    /// `player` losing the duel for `cause` (R15.4: card text may change loss conditions).
    Lose {
        /// The player who would lose.
        player: Player,
        /// The loss condition met.
        cause: LossCause,
    },
}

/// Something the rules forbid that a ★ permission allows (R16.1: card text beats rules, 000 3.1(1)).
/// A [`Forbid`] still wins over a permission (R16.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Permit {
    /// `unit` moving to `to`, a diagonally adjacent battle square (「斜めに移動できる」; R1.13
    /// only allows orthogonal moves). Every other rule of R10 still applies.
    MoveDiagonally {
        /// The unit that would move.
        unit: CardId,
        /// The diagonally adjacent destination.
        to: Square,
    },
    /// `unit` smashing from its controller's own area (「自軍エリアからスマッシュできる」; R12.1
    /// only allows the centre and enemy areas). A frozen unit still cannot smash.
    SmashFromOwnArea {
        /// The unit that would smash.
        unit: CardId,
    },
}
