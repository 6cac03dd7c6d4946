//! The turn's history of arrivals in squares (A48): each card entering a square is recorded
//! with how and when it arrived; the history starts afresh as each turn begins.

use crate::model::board::Square;
use crate::model::entry::Entry;
use crate::model::ids::CardId;
use crate::model::provenance::Arrival;
use crate::query::Query;
use crate::state::Game;

impl Game {
    /// Records `card` (as the object it is now) entering `square` by `arrival`.
    pub(crate) fn record_entry(&mut self, card: CardId, square: Square, arrival: Arrival) {
        let order = u16::try_from(self.entries.len()).unwrap_or(u16::MAX);
        self.entries.push(Entry {
            card: self.r#ref(card),
            square,
            arrival,
            turn: self.turn,
            order,
        });
    }

    /// Starts the history of a new turn (keeping its storage).
    pub(crate) fn clear_entries(&mut self) {
        self.entries.clear();
    }
}

impl Query<'_> {
    /// Every arrival in a square this turn, in order (A48).
    pub fn entries_this_turn(&self) -> &[Entry] {
        &self.game.entries
    }

    /// The last arrival of `card` in a square this turn, as the object it is now: `None` if it
    /// has not entered a square this turn or has changed zones since (A48, R7.3).
    pub fn entered_this_turn(&self, card: CardId) -> Option<Entry> {
        let now = self.object(card)?;
        self.game
            .entries
            .iter()
            .rev()
            .find(|e| e.card == now)
            .copied()
    }
}
