//! Cards an effect puts into squares at the same time (001 RE5/RE6 「同時に置かれる場合、それら全てを
//! 破壊します」, A21): they share one timestamp, so the rule effects and battles see them arrive
//! together.

use crate::effect::{Dest, Resolve};
use crate::model::board::Square;
use crate::model::ids::CardId;

impl Resolve<'_> {
    /// Puts each card into its square at the same time, frozen or released, as [`Resolve::put`]
    /// to a square does one by one, then gives them all one timestamp: units of one player that
    /// arrive together in a square where that player already has a unit, or together in one
    /// square, are all destroyed (RE5; bases likewise, RE6), and units of both players arriving
    /// together in one square are both attackers (A21). Returns how many were placed; a card
    /// listed twice goes to its first square only.
    pub fn put_together(&mut self, placements: &[(CardId, Square)], frozen: bool) -> u32 {
        let mut placed: Vec<CardId> = Vec::with_capacity(placements.len());
        for &(card, square) in placements {
            if !placed.contains(&card) && self.put_one(card, Dest::Square(square, frozen)) {
                placed.push(card);
            }
        }
        let stamp = self.game.tick();
        for &c in &placed {
            self.game.card_mut(c).stamp = stamp;
        }
        self.observe();
        placed.len() as u32
    }
}
