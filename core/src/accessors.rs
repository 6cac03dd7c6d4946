//! Read access to a game for callers: phases, zones, the stack, cards.

use crate::card::CardDb;
use crate::model::events::Event;
use crate::model::failure::FailedEffect;
use crate::model::ids::{CardId, Player};
use crate::model::phase::{GameResult, Phase};
use crate::model::rules::RuleSet;
use crate::model::zone::{Loc, Zone};
use crate::query::Query;
use crate::state::{CardState, Frame, Game, PendingChoice, StackItem};

impl Game {
    /// A read-only view with current characteristics.
    pub fn view<'a>(&'a self, db: &'a CardDb) -> Query<'a> {
        Query::new(self, db)
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The active player.
    pub fn active(&self) -> Player {
        self.active
    }

    /// The first player of the duel.
    pub fn first_player(&self) -> Player {
        self.first
    }

    /// The result, once the duel is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The pending choice, if any.
    pub fn choice(&self) -> Option<&PendingChoice> {
        self.choice.as_ref()
    }

    /// Who holds priority: in the main phase, or in an end-of-turn window of the recovery phase.
    pub fn priority(&self) -> Option<Player> {
        let window = matches!(self.phase, Phase::Main | Phase::Recovery);
        if window && self.choice.is_none() && self.result.is_none() {
            self.frames.last().map(|f| f.priority)
        } else {
            None
        }
    }

    /// The active stack (the battle's own stack during a battle), bottom first.
    pub fn stack(&self) -> &[StackItem] {
        self.frames.last().map_or(&[], |f| f.stack.as_slice())
    }

    /// All frames, outermost first; lower frames' stacks are pending stacks (R11.4).
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// One card's state, if the id is valid.
    pub fn card_state(&self, card: CardId) -> Option<&CardState> {
        self.cards.get(card.index())
    }

    /// Number of cards in the game.
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    /// Where a card is, if the id is valid.
    pub fn location(&self, card: CardId) -> Option<Loc> {
        self.cards.get(card.index()).map(|c| c.loc)
    }

    /// The cards of `p`'s zone in zone order (deck and graveyard: bottom first). For
    /// [`Zone::Field`]: `p`'s cards in squares; for [`Zone::Stack`]: `p`'s cards on any stack;
    /// for [`Zone::Bound`]: `p`'s bound cards.
    pub fn zone(&self, p: Player, zone: Zone) -> Vec<CardId> {
        let z = &self.zones[p.index()];
        match zone {
            Zone::Deck => z.deck().to_vec(),
            Zone::Hand => z.hand().to_vec(),
            Zone::Graveyard => z.graveyard().to_vec(),
            Zone::Energy => z.energy().to_vec(),
            Zone::Smash => z.smash().to_vec(),
            Zone::Remove => z.remove().to_vec(),
            Zone::Plan => self.plan_card(p).into_iter().collect(),
            Zone::Field | Zone::Stack | Zone::Bound => (0..self.cards.len())
                .map(|i| CardId(i as u16))
                .filter(|&c| {
                    self.cards[c.index()].owner == p && self.cards[c.index()].loc.zone() == zone
                })
                .collect(),
            // R19.8: the command zone is no player's; see [`Game::planes`].
            Zone::Command | Zone::Dormant => Vec::new(),
        }
    }

    /// Number of cards in `p`'s zone.
    pub fn zone_len(&self, p: Player, zone: Zone) -> usize {
        let z = &self.zones[p.index()];
        match zone {
            Zone::Deck => z.deck().len(),
            Zone::Hand => z.hand().len(),
            Zone::Graveyard => z.graveyard().len(),
            Zone::Energy => z.energy().len(),
            Zone::Smash => z.smash().len(),
            Zone::Remove => z.remove().len(),
            Zone::Plan => usize::from(self.plan_card(p).is_some()),
            Zone::Field | Zone::Stack | Zone::Bound => self
                .cards
                .iter()
                .filter(|c| c.owner == p && c.loc.zone() == zone)
                .count(),
            Zone::Command | Zone::Dormant => 0,
        }
    }

    /// Cards in squares, in arrival order.
    pub fn field(&self) -> &[CardId] {
        &self.field
    }

    /// The events of the last [`Game::apply`] (or of setup).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Card effects that failed, indexed by [`Event::EffectFailed`].
    pub fn effect_errors(&self) -> &[FailedEffect] {
        &self.errors
    }

    /// In strict mode a failing card effect makes [`Game::apply`] return an error and leaves
    /// the state as before the action (for tests).
    pub fn set_strict(&mut self, strict: bool) {
        self.strict = strict;
    }
}
