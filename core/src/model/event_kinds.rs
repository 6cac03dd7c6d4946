//! Kinds of events as a set, so ◆ conditions say which events they can match and the engine
//! asks them about no other.

use crate::model::events::Event;
use serde::{Deserialize, Serialize};

/// A set of event kinds (one bit per [`Event`] variant).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
pub struct EventKinds(u64);

impl Default for EventKinds {
    /// Every kind: asking a condition that cannot match is only slower.
    fn default() -> EventKinds {
        EventKinds::ALL
    }
}

impl EventKinds {
    /// No kind.
    pub const NONE: EventKinds = EventKinds(0);
    /// Every kind (the default: a condition that does not say is asked about every event).
    pub const ALL: EventKinds = EventKinds(u64::MAX);

    /// [`Event::TurnBegan`].
    pub const TURN_BEGAN: EventKinds = EventKinds::nth(0);
    /// [`Event::PhaseBegan`].
    pub const PHASE_BEGAN: EventKinds = EventKinds::nth(1);
    /// [`Event::Moved`].
    pub const MOVED: EventKinds = EventKinds::nth(4);
    /// [`Event::Placed`].
    pub const PLACED: EventKinds = EventKinds::nth(5);
    /// [`Event::Destroyed`].
    pub const DESTROYED: EventKinds = EventKinds::nth(6);
    /// [`Event::Stacked`].
    pub const STACKED: EventKinds = EventKinds::nth(10);
    /// [`Event::BattleBegan`].
    pub const BATTLE_BEGAN: EventKinds = EventKinds::nth(13);
    /// [`Event::BattleEnded`].
    pub const BATTLE_ENDED: EventKinds = EventKinds::nth(15);
    /// [`Event::Smashed`].
    pub const SMASHED: EventKinds = EventKinds::nth(16);
    /// [`Event::TurnEnding`].
    pub const TURN_ENDING: EventKinds = EventKinds::nth(25);
    /// [`Event::Targeted`].
    pub const TARGETED: EventKinds = EventKinds::nth(27);
    /// [`Event::Rolled`].
    pub const ROLLED: EventKinds = EventKinds::nth(29);
    /// [`Event::Revealed`].
    pub const REVEALED: EventKinds = EventKinds::nth(30);
    /// [`Event::HandShown`].
    pub const HAND_SHOWN: EventKinds = EventKinds::nth(33);
    /// The number of kinds; [`EventKinds::index`] is below it.
    pub const COUNT: u8 = 34;

    /// The kind with index `i` (see [`EventKinds::index`]); none for an index out of range.
    pub const fn nth(i: u8) -> EventKinds {
        if i < Self::COUNT {
            EventKinds(1 << i)
        } else {
            EventKinds::NONE
        }
    }

    /// The kind of `event`.
    pub fn of(event: &Event) -> EventKinds {
        EventKinds::nth(EventKinds::index(event))
    }

    /// The stable index of `event`'s kind (scripts name kinds by it).
    pub fn index(event: &Event) -> u8 {
        match event {
            Event::TurnBegan { .. } => 0,
            Event::PhaseBegan { .. } => 1,
            Event::Mulligan { .. } => 2,
            Event::Drew { .. } => 3,
            Event::Moved { .. } => 4,
            Event::Placed { .. } => 5,
            Event::Destroyed { .. } => 6,
            Event::Damaged { .. } => 7,
            Event::Frozen { .. } => 8,
            Event::Released { .. } => 9,
            Event::Stacked { .. } => 10,
            Event::Resolved { .. } => 11,
            Event::Passed { .. } => 12,
            Event::BattleBegan { .. } => 13,
            Event::BattleStepBegan { .. } => 14,
            Event::BattleEnded { .. } => 15,
            Event::Smashed { .. } => 16,
            Event::PlanOpened { .. } => 17,
            Event::Shuffled { .. } => 18,
            Event::Triggered { .. } => 19,
            Event::TriggerVoided { .. } => 20,
            Event::EffectFailed { .. } => 21,
            Event::GameOver { .. } => 22,
            Event::PhaseEnded { .. } => 23,
            Event::PlanClosed { .. } => 24,
            Event::TurnEnding { .. } => 25,
            Event::Targeted { .. } => 27,
            Event::Countered { .. } => 28,
            Event::Rolled { .. } => 29,
            Event::Revealed { .. } => 30,
            Event::Bottomed { .. } => 31,
            Event::TokenMoved { .. } => 32,
            Event::HandShown { .. } => 33,
        }
    }

    /// Both sets.
    pub const fn with(self, other: EventKinds) -> EventKinds {
        EventKinds(self.0 | other.0)
    }

    /// Whether the sets share a kind.
    pub const fn intersects(self, other: EventKinds) -> bool {
        self.0 & other.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::EventKinds;
    use crate::model::events::Event;
    use crate::model::ids::Player;

    #[test]
    fn kinds_are_distinct_bits() {
        let a = EventKinds::of(&Event::TurnEnding {
            player: Player::One,
            turn: 1,
        });
        let b = EventKinds::of(&Event::TurnBegan {
            player: Player::One,
            turn: 1,
        });
        assert!(!a.intersects(b));
        assert!(a.with(b).intersects(b));
        assert!(EventKinds::ALL.intersects(a));
        assert!(!EventKinds::NONE.intersects(a));
        assert_eq!(EventKinds::nth(EventKinds::COUNT), EventKinds::NONE);
    }
}
