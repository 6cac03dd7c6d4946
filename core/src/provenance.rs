//! How a card was played, as rules see it: the play method's name. The provenance values
//! themselves are model data ([`crate::model::provenance`]).

use crate::card::CardDb;
use crate::model::ids::CardId;
use crate::model::provenance::Played;
use crate::state::Game;

impl Played {
    /// The name of the play method: "normal" for the normal play, the ☆ method's name
    /// otherwise ("?" when a reload removed the method).
    pub fn method_name<'a>(&self, db: &'a CardDb, game: &Game, card: CardId) -> &'a str {
        use crate::ability::{Ability, PlayModifier};
        let Some(r) = self.method else {
            return "normal";
        };
        match db.def(game.card(card).def).find_ability(r) {
            Some((_, Ability::Play(PlayModifier::Method(m)))) => &m.name,
            _ => "?",
        }
    }
}
