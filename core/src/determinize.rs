//! Sampling what a seat cannot see, for information-set search (R1.5, R1.6, A29): a copy of the
//! duel that looks the same to the seat, with its hidden cards dealt anew.

use crate::card::CardDb;
use crate::model::ids::{CardId, DefId, Player};
use crate::model::zone::Loc;
use crate::state::{Game, ItemKind};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

impl Game {
    /// A copy of the duel that `seat` cannot tell from this one: [`Game::observe`] gives the
    /// same observation, but the cards it may not see (decks, the other hand, smash zones) are
    /// dealt anew, per owner, from the same cards, and the random state for what is yet to come
    /// (shuffles) is seeded by `seed`. What the copy holds depends only on what the seat sees,
    /// both deck lists and `seed`: two duels differing only in where hidden cards lie give the
    /// same copy. Cards of waiting triggers and stack items keep their identity.
    pub fn determinize(&self, db: &CardDb, seat: Player, seed: u64) -> Game {
        let mut g = self.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pinned = |c: CardId| {
            self.waiting.iter().any(|w| w.card == c)
                || self.frames.iter().flat_map(|f| &f.stack).any(|i| {
                    matches!(i.kind,
                        ItemKind::Play { card, .. } | ItemKind::Activated { card, .. }
                        | ItemKind::Triggered { card, .. } if card == c)
                })
        };
        // Per owner, and the dimension deck apart: it is no player's (R19.8) and its order is
        // hidden from both (R19.9).
        let command = |c: CardId| self.card(c).loc == Loc::Command;
        for group in [Some(Player::One), Some(Player::Two), None] {
            let ids: Vec<CardId> = (0..self.cards.len())
                .map(|i| CardId(i as u16))
                .filter(|&c| match group {
                    Some(owner) => self.card(c).owner == owner && !command(c),
                    None => command(c),
                })
                .filter(|&c| !self.visible_to(seat, c) && !pinned(c))
                .collect();
            let mut defs: Vec<DefId> = ids.iter().map(|&c| self.card(c).def).collect();
            defs.sort_unstable();
            defs.shuffle(&mut rng);
            for (c, d) in ids.into_iter().zip(defs) {
                g.cards[c.index()].def = d;
            }
        }
        g.rng = rng;
        g.refresh_abilities(db);
        g
    }
}
