//! The start of a duel (R3, R18.1, R18.2, R19.8, R19.9): decks checked, shuffled, hands dealt.

use crate::ability::Ability;
use crate::card::CardDb;
use crate::deck_legality::{check_deck, check_dimension_deck};
use crate::model::dimension::DieFace;
use crate::model::events::Event;
use crate::model::ids::{CardId, DefId, Player};
use crate::model::phase::Phase;
use crate::model::rules::{MulliganRule, RuleSet};
use crate::model::setup_error::SetupError;
use crate::model::zone::Loc;
use crate::state::{CardState, Field, Frame, Game, PlayerZones};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;

impl Game {
    fn empty(rules: RuleSet, seed: u64) -> Game {
        Game {
            rules,
            cards: Vec::new(),
            zones: [PlayerZones::default(), PlayerZones::default()],
            field: Field::default(),
            frames: SmallVec::new(),
            phase: Phase::Release,
            turn: 1,
            active: Player::One,
            first: Player::One,
            temps: Vec::new(),
            grants: Vec::new(),
            waiting: Vec::new(),
            choice: None,
            orders: Vec::new(),
            result: None,
            clock: 0,
            derived: Default::default(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            events: SmallVec::new(),
            scanned: 0,
            errors: Vec::new(),
            trigger_cards: Vec::new().into(),
            static_cards: Vec::new().into(),
            field_statics: Vec::new().into(),
            zone_cards: Vec::new().into(),
            strict: false,
            memory: Vec::new(),
            uses: Vec::new(),
            next_item: 0,
            last_known: SmallVec::new(),
            held: Default::default(),
            planes: Default::default(),
            announcement: None,
            entries: Vec::new(),
        }
    }

    /// Starts a duel: checks both decks, shuffles them, picks the first player at random, deals
    /// the rule set's opening hands (R3.3), then runs to the first decision.
    pub fn new(
        db: &CardDb,
        rules: RuleSet,
        decks: [&[DefId]; 2],
        seed: u64,
    ) -> Result<Game, SetupError> {
        Game::new_with_first(db, rules, decks, seed, None)
    }

    /// [`Game::new`] with the first player chosen rather than random when `first` is given (a
    /// later duel of a match, R2.6). The seed's shuffles are the same either way.
    pub fn new_with_first(
        db: &CardDb,
        rules: RuleSet,
        decks: [&[DefId]; 2],
        seed: u64,
        first: Option<Player>,
    ) -> Result<Game, SetupError> {
        Game::new_with(db, rules, decks, &[], seed, first)
    }

    /// [`Game::new_with_first`] with a dimension deck for 次元戦 / 次元探索戦: it is checked
    /// (R19.4–R19.7), put in the command zone and shuffled (R19.8, R19.9), and turned over once
    /// the opening hands are fixed (R19.9, R19.16). A rule set without the dimension deck
    /// module takes none.
    pub fn new_with(
        db: &CardDb,
        rules: RuleSet,
        decks: [&[DefId]; 2],
        dimensions: &[DefId],
        seed: u64,
        first: Option<Player>,
    ) -> Result<Game, SetupError> {
        for p in Player::BOTH {
            check_deck(db, &rules, p, decks[p.index()])?;
        }
        check_dimension_deck(db, &rules, dimensions)?;
        let mut g = Game::empty(rules, seed);
        for p in Player::BOTH {
            for &d in decks[p.index()] {
                g.add_card(p, d, Loc::Deck, true);
            }
        }
        // R19.8: no player's cards; the owner recorded is never used.
        g.add_dimension_deck(Player::One, dimensions);
        g.refresh_abilities(db);
        for p in Player::BOTH {
            g.shuffle(p);
        }
        if !dimensions.is_empty() {
            g.shuffle_dimensions();
        }
        // R3.2: random first player, unless a match's loser chose (R2.6).
        let random = if g.rng.random_range(0..2u8) == 0 {
            Player::One
        } else {
            Player::Two
        };
        g.first = first.unwrap_or(random);
        g.active = g.first;
        for p in Player::BOTH {
            g.draw_new_hand(p);
        }
        match rules.mulligan {
            MulliganRule::SecondPlayerOnce => g.phase = Phase::Mulligan,
            MulliganRule::None => g.begin_turn(db),
        }
        g.collect_triggers(db);
        Ok(g)
    }

    /// Adds a card owned by `owner` at `loc`: on top of a zone, or at the bottom of a deck when
    /// `top` is false. Setup and scenarios.
    pub(crate) fn add_card(&mut self, owner: Player, def: DefId, loc: Loc, top: bool) -> CardId {
        let id = CardId(self.cards.len() as u16);
        let stamp = self.tick();
        self.cards.push(CardState {
            def,
            owner,
            loc,
            frozen: false,
            damage: 0,
            stamp,
            inc: 0,
            centre_played: false,
            arrival: Default::default(),
            played: None,
            control: None,
            shown: 0,
        });
        self.put_new(id, top);
        id
    }

    /// Recomputes which cards carry ◆ and ★ abilities (after a hot reload of definitions).
    /// Pending items and waiting triggers need nothing: they find their ability by its key
    /// ([`crate::CardDef::find_ability`]) when they go on the stack or resolve.
    pub fn refresh_abilities(&mut self, db: &CardDb) {
        let has = |d: DefId, f: fn(&Ability) -> bool| {
            db.get(d).is_some_and(|def| def.abilities.iter().any(f))
        };
        self.trigger_cards = (0..self.cards.len())
            .filter(|&i| has(self.cards[i].def, |a| matches!(a, Ability::Triggered(_))))
            .map(|i| CardId(i as u16))
            .collect();
        self.zone_cards = (0..self.cards.len())
            .filter(|&i| {
                has(self.cards[i].def, |a| match a {
                    Ability::Activated(x) => x.zones != crate::model::zone::ZoneSet::FIELD,
                    Ability::Play(crate::ability::PlayModifier::Method(_)) => true,
                    _ => false,
                })
            })
            .map(|i| CardId(i as u16))
            .collect();
        self.field_statics = (0..self.cards.len())
            .map(|i| has(self.cards[i].def, |a| matches!(a, Ability::Static(s) if s.zones.contains(crate::model::zone::Zone::Field))))
            .collect();
        *self.derived.triggers.borrow_mut() = None;
        self.derived.trigger_kinds = self
            .cards
            .iter()
            .fold(crate::model::event_kinds::EventKinds::NONE, |k, cs| {
                k.with(db.trigger_events(cs.def))
            });
        self.derived.static_hooks = self
            .cards
            .iter()
            .fold(crate::model::hooks::Hooks::NONE, |h, cs| {
                h.with(db.hooks(cs.def))
            });
        self.static_cards = (0..self.cards.len())
            .filter(|&i| {
                has(
                    self.cards[i].def,
                    |a| matches!(a, Ability::Static(s) if s.zones != crate::model::zone::ZoneSet::FIELD),
                )
            })
            .map(|i| CardId(i as u16))
            .collect();
        self.refresh_replacers(db);
    }

    /// R18.2: the second player may put their whole hand on the bottom of their deck in the
    /// order they choose, then draw a new opening hand (5 cards, R3.3).
    pub(crate) fn mulligan(&mut self, db: &CardDb, p: Player, take: bool) {
        if take {
            let hand = self.zones[p.index()].hand().to_vec();
            for &c in &hand {
                self.relocate(c, Loc::Deck, false);
            }
            self.record_order(Loc::Deck, &hand);
            self.emit(Event::Mulligan { player: p });
            // R18.2: the cards are ordered on the bottom first; the draw follows the order.
            if self.ask_order() {
                return;
            }
            self.draw_new_hand(p);
        }
        self.begin_turn(db);
    }

    /// R3.3: an opening hand, the rule set's number of cards; also the mulligan's new hand once
    /// the returned cards are in their order (R18.2).
    pub(crate) fn draw_new_hand(&mut self, p: Player) {
        for _ in 0..self.rules.opening_hand {
            self.draw(p);
        }
    }
}

/// Builds a game in any position, for rule tests and scenario files. Squares hold units and
/// bases; decks list cards bottom first.
pub struct Builder {
    game: Game,
}

impl Builder {
    /// An empty board: turn 1, player One active and first.
    pub fn new(rules: RuleSet, seed: u64) -> Builder {
        Builder {
            game: Game::empty(rules, seed),
        }
    }

    /// Sets the active player (and turn number).
    pub fn active(mut self, p: Player, turn: u32) -> Builder {
        self.game.active = p;
        self.game.turn = turn.max(1);
        self.game.first = if turn % 2 == 1 { p } else { p.opponent() };
        self
    }

    /// Adds a card owned by `owner` at `loc`.
    pub fn add(&mut self, owner: Player, def: DefId, loc: Loc) -> CardId {
        self.game.add_card(owner, def, loc, true)
    }

    /// Adds `n` copies of `def` to the bottom of `owner`'s deck.
    pub fn fill_deck(&mut self, owner: Player, def: DefId, n: usize) {
        for _ in 0..n {
            self.game.add_card(owner, def, Loc::Deck, false);
        }
    }

    /// Adds a dimension deck to the command zone, bottom first, unshuffled; it is turned over
    /// when play starts (R19.9, R19.16). Returns the cards, bottom first.
    pub fn dimension_deck(&mut self, defs: &[DefId]) -> Vec<CardId> {
        defs.iter()
            .map(|&d| self.game.add_card(Player::One, d, Loc::Command, true))
            .collect()
    }

    /// Fixes the faces the next rolls of the dimension die show, first first (rule tests and
    /// scenarios); later rolls use the seeded RNG.
    pub fn die(&mut self, faces: &[DieFace]) -> &mut Builder {
        self.game.planes.forced = faces.to_vec();
        self
    }

    /// Freezes or releases a card.
    pub fn frozen(&mut self, card: CardId, frozen: bool) -> &mut Builder {
        if let Some(c) = self.game.cards.get_mut(card.index()) {
            c.frozen = frozen;
        }
        self
    }

    /// Sets a unit's damage.
    pub fn damage(&mut self, card: CardId, damage: i32) -> &mut Builder {
        if let Some(c) = self.game.cards.get_mut(card.index()) {
            c.damage = damage;
        }
        self
    }

    /// Turns the top card of `p`'s deck face up as the plan zone.
    pub fn plan(&mut self, p: Player) -> &mut Builder {
        self.game.open_plan_zone(p);
        self
    }

    /// Starts play in `phase` (main: AP receives priority after the R6.14 checks). Fails if a
    /// card's definition is not in `db`.
    pub fn build(mut self, db: &CardDb, phase: Phase) -> Result<Game, SetupError> {
        let g = &mut self.game;
        if let Some(c) = g.cards.iter().find(|c| db.get(c.def).is_none()) {
            return Err(SetupError::UnknownCard {
                player: c.owner,
                def: c.def,
            });
        }
        g.refresh_abilities(db);
        g.phase = phase;
        g.open_planes(db);
        if phase == Phase::Main {
            g.frames.push(Frame {
                stack: Vec::new(),
                priority: g.active,
                passes: 0,
                battle: None,
            });
            g.settle(db);
        } else if phase == Phase::Release {
            g.begin_turn(db);
        }
        g.collect_triggers(db);
        g.events.clear();
        g.scanned = 0;
        Ok(self.game)
    }
}
