//! Where cards are (R1.5): each player's zone vectors and the field, private to this module, and
//! the one function that moves a card between places, [`Game::relocate_by`], which keeps
//! `CardState::loc`, the field and the zones consistent. The plan zone (R9), shuffling (R9.5)
//! and the orders R1.7 and effects give a zone have their own narrow methods here.

use crate::model::events::Event;
use crate::model::ids::{CardId, Player};
use crate::model::provenance::{Arrival, Cause};
use crate::model::zone::{Loc, Zone};
use crate::state::Game;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Cards a player's zones hold before their list leaves the state's own memory: a 40-card
/// deck and what it becomes fit, so a clone copies them without allocating.
const INLINE_ZONE_CARDS: usize = 64;

/// The place of `loc` among a player's zones (deck, hand, graveyard, energy, smash, remove),
/// for the zones a [`PlayerZones`] holds.
fn zone_index(loc: Loc) -> Option<usize> {
    match loc {
        Loc::Deck => Some(0),
        Loc::Hand => Some(1),
        Loc::Graveyard => Some(2),
        Loc::Energy => Some(3),
        Loc::Smash => Some(4),
        Loc::Remove => Some(5),
        Loc::Square(_) | Loc::Stack | Loc::Command | Loc::Bound(_) => None,
    }
}

/// One player's zones: 山札, 手札, 墓地, エネルギーゾーン, スマッシュゾーン and リムーブゾーン, one
/// after another in one buffer; deck and graveyard tops are the last elements. Read through
/// the accessors; only this module changes them. Serialized as one list per zone.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(from = "ZoneLists", into = "ZoneLists")]
pub struct PlayerZones {
    /// Every zone's cards, zone after zone in [`zone_index`] order.
    cards: SmallVec<[CardId; INLINE_ZONE_CARDS]>,
    /// Where each zone ends in `cards`.
    ends: [u16; 6],
    /// The face-up top card of the deck (the plan zone, R9.1), if any.
    plan: Option<CardId>,
}

/// [`PlayerZones`] as it is serialized: one list per zone.
#[derive(Serialize, Deserialize)]
struct ZoneLists {
    deck: Vec<CardId>,
    hand: Vec<CardId>,
    graveyard: Vec<CardId>,
    energy: Vec<CardId>,
    smash: Vec<CardId>,
    remove: Vec<CardId>,
    plan: Option<CardId>,
}

impl From<ZoneLists> for PlayerZones {
    fn from(l: ZoneLists) -> PlayerZones {
        let mut z = PlayerZones {
            plan: l.plan,
            ..PlayerZones::default()
        };
        for (k, list) in [l.deck, l.hand, l.graveyard, l.energy, l.smash, l.remove]
            .into_iter()
            .enumerate()
        {
            z.cards.extend(list);
            z.ends[k] = z.cards.len() as u16;
        }
        z
    }
}

impl From<PlayerZones> for ZoneLists {
    fn from(z: PlayerZones) -> ZoneLists {
        let list = |k: usize| z.zone(k).to_vec();
        ZoneLists {
            deck: list(0),
            hand: list(1),
            graveyard: list(2),
            energy: list(3),
            smash: list(4),
            remove: list(5),
            plan: z.plan,
        }
    }
}

/// The cards in squares, in arrival order: read as a slice; only this module changes it.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub(crate) struct Field(SmallVec<[CardId; 16]>);

impl std::ops::Deref for Field {
    type Target = [CardId];

    fn deref(&self) -> &[CardId] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Field {
    type Item = &'a CardId;
    type IntoIter = std::slice::Iter<'a, CardId>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PlayerZones {
    /// Where zone `k` lies in the buffer.
    fn span(&self, k: usize) -> std::ops::Range<usize> {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        usize::from(start)..usize::from(self.ends[k])
    }

    fn zone(&self, k: usize) -> &[CardId] {
        &self.cards[self.span(k)]
    }

    fn zone_mut(&mut self, k: usize) -> &mut [CardId] {
        let span = self.span(k);
        &mut self.cards[span]
    }

    /// Puts `card` into zone `k` at `at` (an index within the zone).
    fn insert(&mut self, k: usize, at: usize, card: CardId) {
        let i = self.span(k).start + at;
        self.cards.insert(i, card);
        for e in &mut self.ends[k..] {
            *e += 1;
        }
    }

    /// Puts `card` on top of zone `k` (its last place).
    fn push(&mut self, k: usize, card: CardId) {
        let at = self.span(k).len();
        self.insert(k, at, card);
    }

    /// Takes `card` out of zone `k`, if it is there.
    fn take(&mut self, k: usize, card: CardId) {
        let span = self.span(k);
        if let Some(i) = self.cards[span.clone()].iter().position(|&c| c == card) {
            self.cards.remove(span.start + i);
            for e in &mut self.ends[k..] {
                *e -= 1;
            }
        }
    }

    /// 山札, top last.
    pub fn deck(&self) -> &[CardId] {
        self.zone(0)
    }

    /// 手札.
    pub fn hand(&self) -> &[CardId] {
        self.zone(1)
    }

    /// 墓地, top last.
    pub fn graveyard(&self) -> &[CardId] {
        self.zone(2)
    }

    /// エネルギーゾーン.
    pub fn energy(&self) -> &[CardId] {
        self.zone(3)
    }

    /// スマッシュゾーン.
    pub fn smash(&self) -> &[CardId] {
        self.zone(4)
    }

    /// リムーブゾーン.
    pub fn remove(&self) -> &[CardId] {
        self.zone(5)
    }

    /// The card the plan zone was opened on (R9.1), if any; see [`Game::plan_card`].
    pub fn plan(&self) -> Option<CardId> {
        self.plan
    }
}

impl Game {
    /// Moves `card` to `to` by a game rule. `top` puts it on top of deck / graveyard (otherwise
    /// the bottom of a deck).
    pub(crate) fn relocate(&mut self, card: CardId, to: Loc, top: bool) {
        self.relocate_by(card, to, top, Cause::Rule);
    }

    /// Moves `card` to `to` for `cause`, recording how it arrived.
    pub(crate) fn relocate_by(&mut self, card: CardId, to: Loc, top: bool, cause: Cause) {
        let from = self.card(card).loc;
        // R19.8: dimensions and phenomena never leave the command zone.
        if from == Loc::Command || to == Loc::Command {
            return;
        }
        let owner = self.card(card).owner;
        let old_plan = self.plan_card(owner);
        match from {
            Loc::Square(_) => self.field.0.retain(|c| *c != card),
            Loc::Stack => {}
            _ => {
                if let Some(k) = zone_index(from) {
                    self.zones[owner.index()].take(k, card);
                }
            }
        }
        let was_top_of_deck = from == Loc::Deck && old_plan == Some(card);
        match to {
            Loc::Square(_) => self.field.0.push(card),
            Loc::Stack => {}
            Loc::Deck if !top => self.zones[owner.index()].insert(0, 0, card),
            _ => {
                if let Some(k) = zone_index(to) {
                    self.zones[owner.index()].push(k, card);
                }
            }
        }
        let stamp = self.tick();
        let zone_change = from.zone() != to.zone();
        let arrival = Arrival {
            from: match cause {
                Cause::Played(p) if from == Loc::Stack => p.from,
                _ if was_top_of_deck => Zone::Plan,
                _ => from.zone(),
            },
            cause,
        };
        let cs = self.card_mut(card);
        cs.loc = to;
        cs.stamp = stamp;
        cs.arrival = arrival;
        if zone_change {
            cs.inc = cs.inc.wrapping_add(1);
            cs.damage = 0;
            cs.centre_played = false;
            cs.frozen = false;
            cs.played = arrival.played();
            cs.control = None;
            cs.shown = 0;
        }
        if was_top_of_deck || (to == Loc::Deck && top) {
            // R9.4, R9.7, A16(c): the plan zone ends when its card leaves or is covered.
            self.close_plan(owner, old_plan);
        }
        if zone_change {
            self.temps.retain(|t| t.subject.card != card);
            self.forget_object(card);
        }
        if let Loc::Square(square) = to {
            self.record_entry(card, square, arrival);
        }
        self.emit(crate::model::events::Event::Moved {
            card,
            from,
            to,
            arrival,
        });
        if from.square().is_some() && to.square().is_none() {
            self.release_bound(card);
        }
    }

    /// Shuffles a deck; the plan card is turned face down first (R9.5).
    pub(crate) fn shuffle(&mut self, p: Player) {
        use rand::seq::SliceRandom;
        self.close_plan(p, self.plan_card(p));
        self.zones[p.index()].zone_mut(0).shuffle(&mut self.rng);
        self.emit(Event::Shuffled { player: p });
    }

    /// Ends `p`'s plan zone, whose card was `card`, and reports it.
    pub(crate) fn close_plan(&mut self, p: Player, card: Option<CardId>) {
        self.zones[p.index()].plan = None;
        if let Some(card) = card {
            self.emit(Event::PlanClosed { player: p, card });
        }
    }

    /// Puts a newly created card, whose `loc` is already set, into its place: on top of a
    /// zone, or the bottom of a deck when `top` is false (setup and scenarios).
    pub(crate) fn put_new(&mut self, card: CardId, top: bool) {
        let cs = self.card(card);
        let (owner, loc) = (cs.owner, cs.loc);
        match loc {
            Loc::Square(_) => self.field.0.push(card),
            Loc::Stack => {}
            Loc::Command if top => self.planes.deck.push(card),
            Loc::Command => self.planes.deck.insert(0, card),
            Loc::Deck if !top => self.zones[owner.index()].insert(0, 0, card),
            _ => {
                if let Some(k) = zone_index(loc) {
                    self.zones[owner.index()].push(k, card);
                }
            }
        }
    }

    /// Turns the top card of `p`'s deck face up as the plan zone (R9.2) and returns it; nothing
    /// changes when the deck is empty.
    pub(crate) fn open_plan_zone(&mut self, p: Player) -> Option<CardId> {
        let z = &mut self.zones[p.index()];
        let top = *z.deck().last()?;
        z.plan = Some(top);
        Some(top)
    }

    /// Rewrites the places `order`'s cards hold at `loc` of `owner` so they come in that order
    /// (R1.7: the owner orders cards that arrived together); the other cards keep their places.
    pub(crate) fn reorder(&mut self, owner: Player, loc: Loc, order: &[CardId]) {
        let Some(k) = zone_index(loc) else {
            return;
        };
        let v = self.zones[owner.index()].zone_mut(k);
        let places = (0..v.len()).filter(|&i| order.contains(&v[i]));
        let places: SmallVec<[usize; 16]> = places.collect();
        for (i, &c) in places.into_iter().zip(order) {
            v[i] = c;
        }
    }

    /// Puts `order` (top first) on top of `player`'s deck; the caller checked it is a
    /// permutation of the current top `order.len()` cards.
    pub(crate) fn reorder_deck_top(&mut self, player: Player, order: &[CardId]) {
        let deck = self.zones[player.index()].zone_mut(0);
        let n = deck.len();
        for (i, &c) in order.iter().enumerate() {
            deck[n - 1 - i] = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{CardDb, CardDef};
    use crate::model::board::Square;
    use crate::model::ids::{CardId, Player};
    use crate::model::phase::Phase;
    use crate::model::rules::RuleSet;
    use crate::model::zone::Loc;
    use crate::setup::Builder;
    use crate::state::Game;

    /// Where `card` is listed: `Some((player, zone))` per entry in a zone vector, `None` per
    /// entry in the field.
    fn listings(g: &Game, card: CardId) -> Vec<Option<(Player, Loc)>> {
        let mut out = Vec::new();
        for p in Player::BOTH {
            let z = &g.zones[p.index()];
            for (loc, cards) in [
                (Loc::Deck, z.deck()),
                (Loc::Hand, z.hand()),
                (Loc::Graveyard, z.graveyard()),
                (Loc::Energy, z.energy()),
                (Loc::Smash, z.smash()),
                (Loc::Remove, z.remove()),
            ] {
                out.extend(cards.iter().filter(|&&c| c == card).map(|_| Some((p, loc))));
            }
        }
        out.extend(g.field.iter().filter(|&&c| c == card).map(|_| None));
        out
    }

    /// R1.5: every card is listed exactly once, in its owner's zone its `loc` names, or in the
    /// field for a card in a square (none for a card on the stack).
    fn assert_consistent(g: &Game) {
        for (i, cs) in g.cards.iter().enumerate() {
            let card = CardId(i as u16);
            let want = match cs.loc {
                Loc::Square(_) => vec![None],
                Loc::Stack => vec![],
                loc => vec![Some((cs.owner, loc))],
            };
            assert_eq!(listings(g, card), want, "card {card:?} at {:?}", cs.loc);
        }
    }

    // R1.5, R9.4: moves keep each card's location, the field and the zone vectors in step, and
    // the plan zone ends when its card leaves the deck.
    #[test]
    fn moves_keep_locations_field_and_zones_consistent() {
        let mut db = CardDb::new();
        let unit = db.add(CardDef::unit("ユニット", 3000, 1));
        let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(Player::One, 3);
        let fighter = b.add(Player::One, unit, Loc::Square(Square::battle(1, 1)));
        let held = b.add(Player::Two, unit, Loc::Hand);
        b.fill_deck(Player::One, unit, 5);
        b.fill_deck(Player::Two, unit, 5);
        let mut g = b.build(&db, Phase::Main).unwrap();
        assert_consistent(&g);

        g.relocate(held, Loc::Graveyard, true);
        assert_eq!(g.zones[Player::Two.index()].graveyard(), &[held]);
        g.relocate(fighter, Loc::Remove, true);
        assert!(g.field.is_empty());
        assert_consistent(&g);

        g.relocate(held, Loc::Deck, false);
        assert_eq!(g.zones[Player::Two.index()].deck()[0], held, "the bottom");
        let top = g.open_plan_zone(Player::Two).unwrap();
        assert_eq!(g.plan_card(Player::Two), Some(top));
        assert_eq!(g.draw(Player::Two), Some(top));
        assert_eq!(g.zones[Player::Two.index()].plan(), None);
        g.shuffle(Player::Two);
        assert_eq!(g.zones[Player::Two.index()].deck().len(), 5);
        assert_consistent(&g);
    }
}
