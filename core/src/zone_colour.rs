//! Whether a player's zone holds a card of a colour (「あなたのエネルギーゾーンに青のカードが
//! なければ」, A63), read without allocating.

use crate::model::ids::{CardId, Colour, Player};
use crate::model::zone::Zone;
use crate::query::Query;

impl Query<'_> {
    /// Whether `player`'s `zone` (hand, graveyard, energy, smash, remove zone, deck or plan
    /// zone) holds a card of `colour`, or any card for `None`.
    pub fn zone_has(&self, player: Player, zone: Zone, colour: Option<Colour>) -> bool {
        let z = &self.game.zones[player.index()];
        let plan: Option<CardId> = z.plan();
        let cards: &[CardId] = match zone {
            Zone::Deck => z.deck(),
            Zone::Hand => z.hand(),
            Zone::Graveyard => z.graveyard(),
            Zone::Energy => z.energy(),
            Zone::Smash => z.smash(),
            Zone::Remove => z.remove(),
            Zone::Plan => plan.as_slice(),
            _ => &[],
        };
        cards
            .iter()
            .any(|&c| colour.is_none_or(|k| self.def(c).colours.contains(k)))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Builder, CardDb, CardDef, Colour, Loc, Phase, Player, Query, RuleSet, Zone};

    // A63: only a card of the colour in that player's zone counts.
    #[test]
    fn a63_zone_has_a_card_of_a_colour() {
        let mut db = CardDb::new();
        let red = db.add(CardDef::unit("赤兵", 1000, 1).colour(Colour::Red));
        let blue = db.add(CardDef::unit("青兵", 1000, 1).colour(Colour::Blue));
        let mut b = Builder::new(RuleSet::OFFICIAL, 1).active(Player::One, 3);
        b.fill_deck(Player::One, red, 5);
        b.fill_deck(Player::Two, red, 5);
        b.add(Player::One, red, Loc::Energy);
        b.add(Player::Two, blue, Loc::Energy);
        let g = b.build(&db, Phase::Main).expect("game");
        let v = Query::new(&g, &db);
        assert!(!v.zone_has(Player::One, Zone::Energy, Some(Colour::Blue)));
        assert!(v.zone_has(Player::One, Zone::Energy, Some(Colour::Red)));
        assert!(v.zone_has(Player::Two, Zone::Energy, Some(Colour::Blue)));
        assert!(v.zone_has(Player::One, Zone::Energy, None));
        assert!(!v.zone_has(Player::One, Zone::Smash, None));
    }
}
