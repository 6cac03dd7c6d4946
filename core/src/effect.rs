//! The resolution context an effect body runs in, and mid-resolution choices.
//!
//! Choices use re-execution (docs/design.md §3): when an effect asks a question that has no recorded
//! answer yet, the partial resolution is discarded, the question becomes the game's pending
//! choice, and on the answer the item resolves again from the start with the answers fed back in
//! order. The state therefore stays pure data, even mid-resolution.

pub use crate::ability::{EffectError, Resolve};
use crate::card::CardDb;
use crate::model::board::Square;
use crate::model::card_kind::Keywords;
use crate::model::duration::{Change, Duration, TempEffect};
use crate::model::events::Event;
use crate::model::failure::Failure;
use crate::model::ids::{CardId, Player};
use crate::model::memory::{MemKey, MemScope, MemValue};
use crate::model::question::{Ask, ChoiceOption, Question};
use crate::model::zone::Loc;
use crate::model::zone_move::{DamageKind, DamageSource};
use crate::query::Query;
use crate::state::{ChoiceKind, Game, PendingChoice};
use rand::RngExt;

/// Where [`Resolve::put`] sends a card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dest {
    /// Top of its owner's deck.
    DeckTop,
    /// Bottom of its owner's deck.
    DeckBottom,
    /// Its owner's hand.
    Hand,
    /// Top of its owner's graveyard.
    Graveyard,
    /// Its owner's energy zone, released.
    Energy,
    /// Its owner's smash zone, released.
    Smash,
    /// Its owner's remove zone.
    Remove,
    /// A square, frozen or released (not "played": no 速攻, no RE7).
    Square(Square, bool),
}

impl<'a> Resolve<'a> {
    /// A read-only view of the game as it is now (seeing the triggering event, if any).
    pub fn view(&self) -> Query<'_> {
        // A command-zone card's shared ability speaks to the player it triggered for (A42).
        Query::new(self.game, self.db)
            .with_event(self.event)
            .with_you(Some(self.controller))
    }

    /// Why the cards this effect moves move: by the source's effect, for its controller.
    pub fn cause(&self) -> crate::model::provenance::Cause {
        crate::model::provenance::Cause::Effect {
            card: self.source,
            player: self.controller,
        }
    }

    /// The card whose effect this is (「このカード」), while it is still the object that made
    /// the item: `None` once a ● or ◆ item's card has changed zones since it went on the stack
    /// (R7.3, A46), so 「このカード」 does nothing to the new object.
    pub fn source(&self) -> Option<CardId> {
        match self.me {
            Some(me) if self.game.card(me.card).inc != me.inc => None,
            _ => self.source,
        }
    }

    /// The card this effect came from, whether or not it is still the same object (for
    /// naming the effect's origin).
    pub fn origin(&self) -> Option<CardId> {
        self.source
    }

    /// The object whose ● or ◆ ability this is, as it was when the item went on the stack
    /// (R7.3): compare it with [`Query::is_current`] to tell it from a new object of
    /// the same card. `None` for other effects.
    pub fn me(&self) -> Option<crate::model::target::TargetRef> {
        self.me
    }

    /// The player controlling the effect.
    pub fn controller(&self) -> Player {
        self.controller
    }

    /// The targets that are still legal (R7.5).
    pub fn targets(&self) -> &[CardId] {
        self.targets
    }

    /// The first legal card target.
    pub fn target(&self) -> Option<CardId> {
        self.targets.first().copied()
    }

    /// Every target still legal (R7.5), of any kind, in the order chosen; [`Resolve::targets`]
    /// holds the card targets among them.
    pub fn chosen(&self) -> &[crate::model::target::Target] {
        self.chosen
    }

    /// The X chosen when the cost was paid.
    pub fn x(&self) -> u8 {
        self.x
    }

    /// The event that triggered a ◆ ability.
    pub fn event(&self) -> Option<Event> {
        self.event
    }

    /// For a strategy: where it was played from ([`crate::Zone::Plan`] for the plan zone).
    pub fn played_from(&self) -> Option<crate::model::zone::Zone> {
        self.played_from
    }

    /// The last square of the source if it was discarded as a cost (R5.7).
    pub fn cost_square(&self) -> Option<Square> {
        self.cost_square
    }

    /// Asks `player` `ask` (a `&str` is the card's own words, [`Ask::Text`]): one of
    /// `options`; `Ok(None)` when there are none (R7.6: do as much as possible). Propagate
    /// [`EffectError::Suspended`] with `?`.
    pub fn choose(
        &mut self,
        player: Player,
        ask: impl Into<Ask>,
        options: Vec<ChoiceOption>,
    ) -> Result<Option<usize>, EffectError> {
        if options.is_empty() {
            return Ok(None);
        }
        if self.pending.is_some() {
            // An earlier question (a replacement's) waits: ask it first.
            return Err(EffectError::Suspended);
        }
        if let Some(a) = self.answers.get(self.asked) {
            self.asked += 1;
            // The answer is the chosen value: it must still be offered (R7.6 asks the same
            // question again); another option in its place would be a different game.
            return match options.iter().position(|o| o == a) {
                Some(i) => Ok(Some(i)),
                None => Err(EffectError::Failed(Failure::AnswerNotOffered {
                    ask: Box::new(ask.into()),
                    answer: Box::new(a.clone()),
                })),
            };
        }
        self.pending = Some(PendingChoice {
            player,
            kind: ChoiceKind::Effect,
            question: Question::Effect {
                card: self.source,
                ability: self.ability,
                ask: ask.into(),
            },
            options,
            combos: Vec::new(),
            trigger: None,
        });
        Err(EffectError::Suspended)
    }

    /// Asks `player` `ask`: one of `cards`.
    pub fn choose_card(
        &mut self,
        player: Player,
        ask: impl Into<Ask>,
        cards: &[CardId],
    ) -> Result<Option<CardId>, EffectError> {
        let opts = cards.iter().map(|&c| ChoiceOption::Card(c)).collect();
        Ok(self.choose(player, ask, opts)?.map(|i| cards[i]))
    }

    /// Asks `player` `ask`: one of `squares`.
    pub fn choose_square(
        &mut self,
        player: Player,
        ask: impl Into<Ask>,
        squares: &[Square],
    ) -> Result<Option<Square>, EffectError> {
        let opts = squares.iter().map(|&s| ChoiceOption::Square(s)).collect();
        Ok(self.choose(player, ask, opts)?.map(|i| squares[i]))
    }

    /// The value remembered under `key` in `scope` (as changed so far by this resolution).
    pub fn recall(&self, scope: MemScope, key: MemKey) -> Option<MemValue> {
        self.game.recall(scope, key)
    }

    /// Remembers `value` under `key` in `scope` (`None` forgets it). The memory is part of the
    /// game state, so a resolution that suspends for a choice or fails leaves no trace and its
    /// re-run starts from the values before it. False for a card not of this game.
    pub fn remember(&mut self, scope: MemScope, key: MemKey, value: Option<MemValue>) -> bool {
        if !self.game.valid_scope(scope) {
            return false;
        }
        if let Some(MemValue::Card(r)) = value
            && r.card.index() >= self.game.cards.len()
        {
            return false;
        }
        self.game.remember(scope, key, value);
        true
    }

    /// Deals `amount` damage to a unit in the battle space, after replacement effects.
    pub fn damage(&mut self, card: CardId, amount: i32) -> i32 {
        let kind = match self.source {
            Some(s)
                if self.game.card(s).loc == Loc::Stack
                    && self.db.def(self.game.card(s).def).kind
                        == crate::model::card_kind::CardKind::Strategy =>
            {
                DamageKind::Strategy
            }
            _ => DamageKind::Ability,
        };
        let source = DamageSource {
            card: self.source,
            kind,
        };
        let dealt = deal_damage(self.game, self.db, card, amount, source);
        self.observe();
        dealt
    }

    /// Destroys a card in a square.
    pub fn destroy(&mut self, card: CardId) -> bool {
        let done = self.destroy_one(card);
        self.observe();
        done
    }

    /// Destroys several cards in squares at the same time; returns how many were destroyed.
    /// Their owners order them in their graveyards before anyone next receives priority (R1.7).
    pub fn destroy_all(&mut self, cards: &[CardId]) -> u32 {
        let mut moved = Vec::with_capacity(cards.len());
        for &c in cards {
            if !moved.contains(&c) && self.destroy_one(c) {
                moved.push(c);
            }
        }
        self.game.record_order(Loc::Graveyard, &moved);
        self.observe();
        moved.len() as u32
    }

    /// A destruction replaced away from the graveyard still counts as done: the card left its
    /// square (see [`crate::replacement`]).
    fn destroy_one(&mut self, card: CardId) -> bool {
        let ok = self.valid(card) && matches!(self.game.card(card).loc, Loc::Square(_));
        if ok {
            self.move_card(card, Loc::Graveyard, true, true);
        }
        ok
    }

    /// Applies a temporary change to a card in a square.
    pub fn change(&mut self, card: CardId, change: Change, until: Duration) -> bool {
        if !self.valid(card) || !matches!(self.game.card(card).loc, Loc::Square(_)) {
            return false;
        }
        let stamp = self.game.tick();
        let subject = self.game.r#ref(card);
        self.game.temps.push(TempEffect {
            stamp,
            subject,
            change,
            until,
        });
        true
    }

    /// Power ± until end of turn.
    pub fn boost(&mut self, card: CardId, delta: i32) -> bool {
        self.change(card, Change::Power(delta), Duration::EndOfTurn)
    }

    /// Grants keywords until end of turn.
    pub fn grant(&mut self, card: CardId, k: Keywords) -> bool {
        self.change(card, Change::Grant(k), Duration::EndOfTurn)
    }

    /// A duration lasting while the source stays in its square.
    pub fn while_source_in_play(&self) -> Duration {
        // R7.3: the object that made the item, not a new object of the same card.
        match (self.me, self.source) {
            (Some(me), _) => Duration::WhileInPlay(me),
            (None, Some(s)) => Duration::WhileInPlay(self.game.r#ref(s)),
            (None, None) => Duration::EndOfTurn,
        }
    }

    /// A duration lasting until the innermost battle in progress ends (「バトル終了時まで」);
    /// none outside a battle.
    pub fn until_end_of_battle(&self) -> Option<Duration> {
        self.game
            .in_battle()
            .then(|| Duration::EndOfBattle(self.game.depth()))
    }

    /// A duration lasting until the end of `player`'s next turn (「次のあなたのターンの終了時
    /// まで」): the next turn of `player` that begins after now (A31 for where a turn ends).
    pub fn until_end_of_next_turn(&self, player: Player) -> Duration {
        let ahead = if self.game.active == player { 2 } else { 1 };
        Duration::EndOfTurnNumber(self.game.turn + ahead)
    }

    /// Freezes a card in a square, energy or smash zone.
    pub fn freeze(&mut self, card: CardId) -> bool {
        let done = self.valid(card) && self.game.freeze(card);
        self.observe();
        done
    }

    /// Releases a card.
    pub fn release(&mut self, card: CardId) -> bool {
        let done = self.valid(card) && self.game.release(card);
        self.observe();
        done
    }

    /// `player` draws `n` cards; returns how many were drawn.
    pub fn draw(&mut self, player: Player, n: u32) -> u32 {
        (0..n)
            .take_while(|_| {
                let by = self.cause();
                let drew = self.game.draw_by(player, by).is_some();
                self.observe();
                drew
            })
            .count() as u32
    }

    /// Puts a card somewhere (discard = [`Dest::Graveyard`] from the hand).
    pub fn put(&mut self, card: CardId, dest: Dest) -> bool {
        let done = self.put_one(card, dest);
        self.observe();
        done
    }

    /// Puts several cards into the same zone at the same time (a card in a square going to the
    /// graveyard is destroyed); returns how many moved. Cards that reach a graveyard or deck
    /// together are ordered there by their owners before anyone next receives priority (R1.7).
    /// A square holds one card, so [`Dest::Square`] moves nothing.
    pub fn put_all(&mut self, cards: &[CardId], dest: Dest) -> u32 {
        if matches!(dest, Dest::Square(..)) {
            return 0;
        }
        let mut moved = Vec::with_capacity(cards.len());
        for &c in cards {
            if !moved.contains(&c) && self.put_one(c, dest) {
                moved.push(c);
            }
        }
        match dest {
            Dest::Graveyard => self.game.record_order(Loc::Graveyard, &moved),
            Dest::DeckTop | Dest::DeckBottom => self.game.record_order(Loc::Deck, &moved),
            _ => {}
        }
        self.observe();
        moved.len() as u32
    }

    pub(crate) fn put_one(&mut self, card: CardId, dest: Dest) -> bool {
        // R19.8: dimensions and phenomena never leave the command zone.
        if !self.valid(card) || self.game.card(card).loc == Loc::Command {
            return false;
        }
        let zone = match dest {
            Dest::DeckTop => Some((Loc::Deck, true)),
            Dest::DeckBottom => Some((Loc::Deck, false)),
            Dest::Hand => Some((Loc::Hand, true)),
            Dest::Graveyard => Some((Loc::Graveyard, true)),
            Dest::Energy => Some((Loc::Energy, true)),
            Dest::Smash => Some((Loc::Smash, true)),
            Dest::Remove => Some((Loc::Remove, true)),
            Dest::Square(..) => None,
        };
        if let Some((to, top)) = zone {
            // A card in a square going to the graveyard is destroyed (001 破壊).
            let destroyed =
                to == Loc::Graveyard && matches!(self.game.card(card).loc, Loc::Square(_));
            self.move_card(card, to, top, destroyed);
            return true;
        }
        let by = self.cause();
        if let Dest::Square(sq, frozen) = dest {
            let kind = self.db.def(self.game.card(card).def).kind;
            let ok = match kind {
                crate::model::card_kind::CardKind::Unit => sq.is_battle(),
                crate::model::card_kind::CardKind::Base => {
                    sq.base_owner() == Some(self.game.card(card).owner)
                }
                _ => false,
            };
            if !ok {
                return false;
            }
            let from_field = matches!(self.game.card(card).loc, Loc::Square(_));
            if from_field {
                self.game.relocate_by(card, Loc::Square(sq), true, by);
                self.game.card_mut(card).frozen = frozen;
                self.game.emit(Event::Placed {
                    card,
                    square: sq,
                    played: false,
                    arrival: self.game.card(card).arrival,
                });
            } else {
                self.game.place(card, sq, frozen, by);
            }
        }
        true
    }

    /// Shuffles `player`'s deck.
    pub fn shuffle(&mut self, player: Player) {
        self.game.shuffle(player);
        self.observe();
    }

    /// A number from 1 to `n` (at least 1), uniformly from the game's seeded generator, so a
    /// replayed game draws the same numbers ("discard a card at random", dice).
    pub fn random(&mut self, n: u32) -> u32 {
        self.game.rng.random_range(1..=n.max(1))
    }

    /// The top `n` cards of `player`'s deck, top first.
    pub fn top_cards(&self, player: Player, n: usize) -> Vec<CardId> {
        self.game.zones[player.index()]
            .deck()
            .iter()
            .rev()
            .take(n)
            .copied()
            .collect()
    }

    /// Reorders the top of `player`'s deck: `order` (top first) must be a permutation of the
    /// current top `order.len()` cards.
    pub fn reorder_top(&mut self, player: Player, order: &[CardId]) -> Result<(), EffectError> {
        let mut current = self.top_cards(player, order.len());
        let mut wanted = order.to_vec();
        current.sort();
        wanted.sort();
        if current != wanted || order.len() > current.len() {
            return Err(EffectError::Failed(Failure::NotDeckTop { player }));
        }
        let plan = self.game.plan_card(player);
        self.game.reorder_deck_top(player, order);
        self.game.close_plan(player, plan);
        self.observe();
        Ok(())
    }

    /// Cards in a zone of `player`, in zone order (deck and graveyard: bottom first).
    pub fn zone(&self, player: Player, loc: Loc) -> Vec<CardId> {
        let z = &self.game.zones[player.index()];
        match loc {
            Loc::Deck => z.deck().to_vec(),
            Loc::Hand => z.hand().to_vec(),
            Loc::Graveyard => z.graveyard().to_vec(),
            Loc::Energy => z.energy().to_vec(),
            Loc::Smash => z.smash().to_vec(),
            Loc::Remove => z.remove().to_vec(),
            Loc::Square(s) => self.game.units_of(player, s).collect(),
            Loc::Stack | Loc::Command | Loc::Bound(_) => Vec::new(),
        }
    }

    /// The plan card of `player`, if a plan zone exists (R9.1).
    pub fn plan_card(&self, player: Player) -> Option<CardId> {
        self.game.plan_card(player)
    }

    /// Shuffles the dimension deck (a shuffle card's text, R19.7, A38).
    pub fn shuffle_dimension_deck(&mut self) {
        self.game.shuffle_dimensions();
        self.observe();
    }

    /// Matches the events just emitted against ◆ conditions while the state is as those events
    /// left it: `when` conditions and card relations are judged when the event happens, not
    /// after the whole resolution (a unit put into a square and removed in the same effect was
    /// still one of its owner's units when it arrived). Matches wait as usual (R17.2); a
    /// suspended or failed resolution discards them with the rest of its state.
    pub(crate) fn observe(&mut self) {
        self.game.collect_triggers(self.db);
    }

    pub(crate) fn valid(&self, card: CardId) -> bool {
        card.index() < self.game.cards.len()
    }
}

/// Deals damage to a unit in the battle space after replacement effects; returns the amount.
pub(crate) fn deal_damage(
    game: &mut Game,
    db: &CardDb,
    card: CardId,
    amount: i32,
    source: DamageSource,
) -> i32 {
    if card.index() >= game.cards.len() {
        return 0;
    }
    match game.card(card).loc {
        Loc::Square(s) if s.is_battle() => {}
        _ => return 0,
    }
    let amount = Query::new(game, db).damage_after_replacement(card, amount, source);
    if amount <= 0 {
        return 0;
    }
    let cs = game.card_mut(card);
    cs.damage = cs.damage.saturating_add(amount);
    game.emit(Event::Damaged {
        card,
        amount,
        source: source.card,
    });
    amount
}
