//! 結合: a strategy bound to the unit its effect put into a square (A75–A77).

use crate::effect::Resolve;
use crate::model::ids::CardId;
use crate::model::provenance::Cause;
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::Game;

impl Game {
    /// A77: the cards bound to `unit`, which has left the squares, go to their owners'
    /// graveyards. Nothing is bound to a card outside the squares.
    pub(crate) fn release_bound(&mut self, unit: CardId) {
        for i in 0..self.cards.len() {
            let card = CardId(i as u16);
            if self.card(card).loc == Loc::Bound(unit) {
                self.relocate_by(card, Loc::Graveyard, true, Cause::Rule);
            }
        }
    }
}

impl Resolve<'_> {
    /// Binds the resolving strategy to `unit`, a card in a square (A75): the strategy leaves
    /// the stack for [`Loc::Bound`] and stays there, rather than going to the graveyard, until
    /// the unit leaves the squares (A77). False, and nothing moves, when the ability's card is
    /// not a strategy on the stack any more or `unit` is not in a square.
    pub fn bind_source(&mut self, unit: CardId) -> bool {
        let Some(me) = self.source() else {
            return false;
        };
        if !self.valid(unit)
            || self.game.card(me).loc != Loc::Stack
            || self.game.card(unit).loc.square().is_none()
        {
            return false;
        }
        let cause = Cause::Effect {
            card: Some(me),
            player: self.controller(),
        };
        self.game.relocate_by(me, Loc::Bound(unit), true, cause);
        self.observe();
        true
    }
}

impl Query<'_> {
    /// The unit `card` is bound to (A75), if it is bound.
    pub fn bound_to(&self, card: CardId) -> Option<CardId> {
        match self.game.card(card).loc {
            Loc::Bound(unit) => Some(unit),
            _ => None,
        }
    }
}
