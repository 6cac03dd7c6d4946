//! 次元戦 and 次元探索戦 (R19): the dimension deck in the command zone, the dimension die and
//! planeswalking.
//!
//! - The command zone ([`Planes`]) holds the dimension deck, the face-up card of 次元戦 or the
//!   cross of 次元探索戦 with its token. Its cards never enter a player's zones (R19.8): no
//!   effect moves them, and only this module turns them over.
//! - The active dimension (the face-up one, or the one under the token) and a face-up
//!   phenomenon work from [`Zone::Command`]; every other command-zone card is
//!   [`Zone::Dormant`], where no ability works (R19.17).
//! - Their ◆ conditions and ★ abilities are shared: "you" is each player, and the first player
//!   (AP, then the other) for whom the condition holds or the ability changes the answer is the
//!   one it works for (A42). Every other ability is controlled by AP (R19.10).
//! - A roll is a normal-timing main-phase action costing colourless energy equal to the rolls
//!   already declared this turn; it goes on the stack and the die is rolled from the game's
//!   seeded RNG when it resolves (R19.11, A35).
//! - A face-up phenomenon stays until nothing it triggered is waiting or on the stack, then it
//!   goes to the bottom and the next card is turned over (R19.15, R19.20, A36).

use crate::ability::Effect;
use crate::card::CardDb;
use crate::effect::{EffectError, Resolve};
use crate::model::action::ActionError;
use crate::model::card_kind::{CardKind, Timing};
use crate::model::cost::{Cost, Payment};
use crate::model::dimension::{DieFace, Planes, Pos};
use crate::model::events::Event;
use crate::model::ids::{CardId, DefId, Player};
use crate::model::question::Ask;
use crate::model::question::ChoiceOption;
use crate::model::refusal::Refusal;
use crate::model::zone::{Loc, Zone};
use crate::state::{Game, ItemKind, StackItem};

/// The resolution of a roll of the dimension die (R19.11–R19.14, R19.18–R19.19).
struct RollDie;

/// The one roll effect every roll item runs.
pub(crate) static ROLL_DIE: &(dyn Effect + Sync) = &RollDie;

impl Effect for RollDie {
    fn resolve(&self, r: &mut Resolve<'_>) -> Result<(), EffectError> {
        let player = r.controller();
        // R19.3: one face in six is P, one is C; the roll is re-drawn identically when the
        // resolution runs again after a choice, since the RNG is rolled back with the game.
        let face = if r.game.planes.forced.is_empty() {
            DieFace::of_roll(r.random(6))
        } else {
            r.game.planes.forced.remove(0)
        };
        r.game.emit(Event::Rolled { player, face });
        r.observe();
        match face {
            DieFace::P if r.game.rules.modules.exploration_layout => explore(r, player)?,
            DieFace::P => {
                // R19.12: the face-up dimension to the bottom, the next card face up.
                if let Some(up) = r.game.planes.up.take() {
                    r.game.bottom(up);
                }
                r.game.turn_over_top(r.db);
            }
            // R19.13: the C abilities trigger on the `Rolled` event; R19.14: a blank does
            // nothing.
            DieFace::C | DieFace::Blank => {}
        }
        r.observe();
        Ok(())
    }
}

/// 次元探索戦's P (R19.18, R19.19, A39): AP moves the token to an adjacent dimension, the
/// dimensions 3 or more steps away go to the bottom in the order AP chooses, then the empty
/// neighbours of the token are filled from the top in the order AP chooses.
fn explore(r: &mut Resolve<'_>, ap: Player) -> Result<(), EffectError> {
    let from = r.game.planes.token;
    let choices: Vec<CardId> = from
        .neighbours()
        .into_iter()
        .filter_map(|p| r.game.planes.at(p))
        .filter(|&c| r.db.def(r.game.card(c).def).kind == CardKind::Dimension)
        .collect();
    let Some(dest) = r.choose_card(ap, Ask::TokenDestination, &choices)? else {
        return Ok(());
    };
    let Some(to) = r.game.planes.pos_of(dest) else {
        return Ok(());
    };
    r.game.planes.token = to;
    r.game.emit(Event::TokenMoved { from, to });
    // R19.19 (1), A40: distance 3 or more.
    let mut far: Vec<CardId> = r
        .game
        .planes
        .cross
        .iter()
        .filter(|(p, _)| p.distance(to) >= 3)
        .map(|&(_, c)| c)
        .collect();
    while !far.is_empty() {
        let next = match far.as_slice() {
            [one] => *one,
            _ => r.choose_card(ap, Ask::BottomFirst, &far)?.unwrap_or(far[0]),
        };
        far.retain(|&c| c != next);
        r.game.planes.cross.retain(|&(_, c)| c != next);
        r.game.bottom(next);
    }
    // R19.19 (2): the empty orthogonal neighbours, while the deck lasts (A39).
    let mut empty: Vec<Pos> = to
        .neighbours()
        .into_iter()
        .filter(|&p| r.game.planes.at(p).is_none())
        .collect();
    while !empty.is_empty() && !r.game.planes.deck.is_empty() {
        let next = match empty.as_slice() {
            [one] => *one,
            _ => {
                let options = empty.iter().map(|&p| ChoiceOption::Position(p)).collect();
                let i = r.choose(ap, Ask::FillFirst, options)?.unwrap_or(0);
                empty[i]
            }
        };
        empty.retain(|&p| p != next);
        r.game.fill(r.db, next);
    }
    Ok(())
}

impl Game {
    /// The command zone (R19.8): empty without a dimension deck.
    pub fn planes(&self) -> &Planes {
        &self.planes
    }

    /// The active dimension (R19.10, R19.17): the face-up dimension of 次元戦, the dimension
    /// under the token of 次元探索戦; none without a dimension deck or while a phenomenon is
    /// face up in 次元戦 (A36).
    pub fn active_dimension(&self) -> Option<CardId> {
        let p = &self.planes;
        if self.rules.modules.exploration_layout {
            p.at(p.token)
        } else {
            p.up.filter(|c| !p.phenomena.contains(c))
        }
    }

    /// Where the abilities of the command-zone card `c` work from: [`Zone::Command`] for the
    /// active dimension and a face-up phenomenon, [`Zone::Dormant`] otherwise.
    pub(crate) fn command_zone(&self, c: CardId) -> Zone {
        if self.active_dimension() == Some(c) || self.planes.phenomena.contains(&c) {
            Zone::Command
        } else {
            Zone::Dormant
        }
    }

    /// Adds a dimension deck's cards to the command zone in list order, bottom first.
    pub(crate) fn add_dimension_deck(&mut self, owner: Player, deck: &[DefId]) {
        for &d in deck {
            self.add_card(owner, d, Loc::Command, true);
        }
    }

    /// Shuffles the dimension deck (R19.9: each player may shuffle it at the start).
    pub(crate) fn shuffle_dimensions(&mut self) {
        use rand::seq::SliceRandom;
        self.planes.deck.shuffle(&mut self.rng);
    }

    /// R19.9, R19.16, A37: once the opening hands are fixed, the starting player turns cards
    /// over until a dimension is face up (次元戦), or deals five dimensions in a cross with the
    /// token on the centre (次元探索戦); phenomena turned over meanwhile go to the bottom
    /// without triggering.
    pub(crate) fn open_planes(&mut self, db: &CardDb) {
        if self.planes.opened || self.planes.is_empty() {
            return;
        }
        self.planes.opened = true;
        let places: Vec<Option<Pos>> = if self.rules.modules.exploration_layout {
            self.planes.token = Pos::CENTRE;
            std::iter::once(Pos::CENTRE)
                .chain(Pos::CENTRE.neighbours())
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for at in places {
            // Every card of the deck is looked at once at most: a deck without a dimension
            // left stops the dealing.
            for _ in 0..self.planes.deck.len() {
                let Some(card) = self.planes.deck.pop() else {
                    break;
                };
                let stamp = self.tick();
                self.card_mut(card).stamp = stamp;
                self.emit(Event::Revealed {
                    card,
                    at,
                    setup: true,
                });
                if db.def(self.card(card).def).kind == CardKind::Dimension {
                    match at {
                        Some(pos) => self.planes.cross.push((pos, card)),
                        None => self.planes.up = Some(card),
                    }
                    break;
                }
                self.bottom(card);
            }
        }
    }

    /// Turns `card` face down and puts it on the bottom of the dimension deck (R19.12, R19.15,
    /// R19.19, R19.20): a new object from then on (R7.3).
    pub(crate) fn bottom(&mut self, card: CardId) {
        self.planes.phenomena.retain(|&c| c != card);
        self.planes.deck.insert(0, card);
        let cs = self.card_mut(card);
        cs.inc = cs.inc.wrapping_add(1);
        self.emit(Event::Bottomed { card });
    }

    /// Turns the top card of the dimension deck face up (次元戦, R19.12, R19.15); a phenomenon
    /// triggers and waits (A36).
    pub(crate) fn turn_over_top(&mut self, db: &CardDb) {
        if let Some(card) = self.planes.deck.pop() {
            self.planes.up = Some(card);
            self.show(db, card, None);
        }
    }

    /// 次元探索戦: fills the empty position `pos` face up from the top of the dimension deck
    /// (R19.19, R19.20); nothing when the deck is empty (A39).
    pub(crate) fn fill(&mut self, db: &CardDb, pos: Pos) {
        if let Some(card) = self.planes.deck.pop() {
            self.planes.cross.push((pos, card));
            self.show(db, card, Some(pos));
        }
    }

    /// A card turned face up during play: a new object with a new timestamp; a phenomenon or
    /// shuffle card is marked as waiting for its ability to finish (A36).
    fn show(&mut self, db: &CardDb, card: CardId, at: Option<Pos>) {
        let stamp = self.tick();
        let cs = self.card_mut(card);
        cs.stamp = stamp;
        if db.def(self.card(card).def).kind != CardKind::Dimension {
            self.planes.phenomena.push(card);
        }
        self.emit(Event::Revealed {
            card,
            at,
            setup: false,
        });
    }

    /// R19.15, R19.20, A36: a face-up phenomenon nothing of which waits or is on the stack
    /// goes to the bottom, and its place is taken from the top of the dimension deck. Returns
    /// whether anything happened.
    pub(crate) fn advance_planes(&mut self, db: &CardDb) -> bool {
        let Some(&card) = self
            .planes
            .phenomena
            .iter()
            .find(|&&c| !self.pending_from(c))
        else {
            return false;
        };
        if let Some(pos) = self.planes.pos_of(card) {
            self.planes.cross.retain(|&(_, c)| c != card);
            self.bottom(card);
            // A39 extended: a deck holding no dimension has run out for this position, which
            // stays empty, rather than turning the same phenomena up for ever.
            let dimension_left = self
                .planes
                .deck
                .iter()
                .any(|&c| db.def(self.card(c).def).kind == CardKind::Dimension);
            if dimension_left {
                self.fill(db, pos);
            }
        } else {
            self.planes.up = None;
            self.bottom(card);
            self.turn_over_top(db);
        }
        true
    }

    /// Whether a triggered ability of `card` waits, is being placed, or is on a stack.
    fn pending_from(&self, card: CardId) -> bool {
        self.waiting.iter().any(|w| w.card == card)
            || self
                .choice
                .as_ref()
                .and_then(|c| c.trigger)
                .is_some_and(|w| w.card == card)
            || self.frames.iter().any(|f| {
                f.stack
                    .iter()
                    .any(|it| matches!(it.kind, ItemKind::Triggered { card: c, .. } if c == card))
            })
    }

    /// The dimension deck as it was listed when the game was set up (a replay sets the game up
    /// again from it): the command zone's cards in the order they were added.
    pub fn dimension_list(&self) -> Vec<DefId> {
        let mut cards: Vec<CardId> = self.planes.cards().collect();
        cards.sort_unstable();
        cards.into_iter().map(|c| self.card(c).def).collect()
    }

    /// The cost of the next roll this turn: colourless energy equal to the rolls already
    /// declared (R19.11, A35).
    pub fn roll_cost(&self) -> Cost {
        Cost {
            colourless: self.planes.rolls,
            ..Cost::FREE
        }
    }

    pub(crate) fn check_roll(
        &self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<crate::payment::CheckedCost, ActionError> {
        if !self.rules.modules.dimension_deck || !self.planes.opened {
            return Err(ActionError::Illegal(Refusal::NoDimensionDie));
        }
        // A35: a normal-timing action of AP in the main phase.
        self.check_timing(p, Timing::Normal)?;
        self.check_cost(db, p, None, &self.roll_cost(), 0, payment)
    }

    /// Declares a roll: pays, counts it, and puts it on the stack (R19.11, A35).
    pub(crate) fn roll(
        &mut self,
        db: &CardDb,
        p: Player,
        payment: &Payment,
    ) -> Result<(), ActionError> {
        let cost = self.check_roll(db, p, payment)?;
        self.pay(db, p, &cost, payment)?;
        self.planes.rolls = self.planes.rolls.saturating_add(1);
        self.push_item(db, StackItem::new(p, ItemKind::Roll));
        Ok(())
    }
}
