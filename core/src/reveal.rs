//! Showing a hand card to a player (「公開する」, A47): the card becomes visible to that
//! player's seat alone until it leaves the hand.

use crate::effect::Resolve;
use crate::model::events::Event;
use crate::model::ids::{CardId, Player};
use crate::model::zone::Loc;

impl Resolve<'_> {
    /// Shows `card`, which must be in a hand, to `to`: `to`'s seat sees it (in
    /// [`crate::Observation`] and its events) until it leaves the hand; no other seat does.
    /// False for a card not in a hand.
    pub fn show(&mut self, card: CardId, to: Player) -> bool {
        if !self.valid(card) || self.game.card(card).loc != Loc::Hand {
            return false;
        }
        self.game.card_mut(card).shown |= 1 << to.index();
        self.game.emit(Event::HandShown { card, to });
        self.observe();
        true
    }
}
