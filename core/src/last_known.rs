//! Last-known information: what a card was like when it last left a square, so that an effect
//! of a card that left (「このユニットが破壊された時、そのユニットがいたスクエアに…」) can still
//! see its square, power, smash and keywords.

use crate::card::CardDb;
use crate::model::ids::CardId;
use crate::model::last_known::LastKnown;
use crate::query::Query;
use crate::state::Game;

impl Game {
    /// Records `card`'s last-known information if it is in a square and about to leave it
    /// (called before the move; the entry is completed with the new incarnation by
    /// [`Game::relocate`]). One entry per card: a later departure replaces it, so the list
    /// never holds more entries than the game has cards.
    pub(crate) fn note_last_known(&mut self, db: &CardDb, card: CardId) {
        let Some(square) = self.card(card).loc.square() else {
            return;
        };
        let view = Query::new(self, db);
        let cs = self.card(card);
        let entry = LastKnown {
            card,
            inc: cs.inc.wrapping_add(1),
            square,
            owner: cs.owner,
            power: view.power(card),
            smash: view.smash(card),
            keywords: view.keywords(card),
            frozen: cs.frozen,
            damage: cs.damage,
        };
        match self.last_known.iter_mut().find(|e| e.card == card) {
            Some(e) => *e = entry,
            None => self.last_known.push(entry),
        }
    }
}

impl Query<'_> {
    /// What `card` was like when it last left a square, if it has left one this game and has
    /// not changed zones since (a card put back into play and moved on is a new object, R7.3:
    /// its older information is gone).
    pub fn last_known(&self, card: CardId) -> Option<LastKnown> {
        let inc = self.game.cards.get(card.index())?.inc;
        self.game
            .last_known
            .iter()
            .find(|e| e.card == card && e.inc == inc)
            .copied()
    }
}
