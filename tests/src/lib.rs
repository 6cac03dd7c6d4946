//! dzero-tests: a small judge's-eye harness for cross-crate rules tests (see `tests/`).
//!
//! ```
//! use dzero_tests::{Setup, sq};
//! use dzero_core::Player::*;
//! let mut s = Setup::new();
//! let malt = s.unit(Two, "シングルモルト", "b2");
//! let rifle = s.hand(One, "プラズマ・ライフル");
//! s.rich(One);
//! let mut t = s.build();
//! t.play(rifle, None, &[malt]);
//! t.pass_both();
//! assert_eq!(t.loc(malt), dzero_core::Loc::Graveyard);
//! # let _ = sq("a1");
//! ```

pub mod lua;
pub mod sources;

use dzero_core::{
    Action, ActionError, Builder, CardDb, CardId, ChoiceOption, Colour, DefId, Game, ItemTag, Loc,
    Payment, Phase, Player, RuleSet, Square, Targets, Zone,
};
use dzero_text::{Lang, Text};

/// A square by name, seen from player One: columns `a`–`c` (One's left to right), rows `1`–`3`
/// (One's own area to One's enemy area); `P1-base1`…`P2-base3` for base squares (column number).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// Fixture names of one energy card per colour.
const ENERGY: [(Colour, &str); 5] = [
    (Colour::Red, "シングルモルト"),
    (Colour::Black, "自走戦鬼大砲蜘蛛"),
    (Colour::Blue, "チルノ"),
    (Colour::White, "バトルフィールド・エンジェル"),
    (Colour::Green, "橙"),
];

/// Declares a position.
pub struct Setup {
    db: CardDb,
    b: Builder,
    deck_set: [bool; 2],
}

impl Default for Setup {
    fn default() -> Self {
        Setup::new()
    }
}

impl Setup {
    /// Fixture cards, official rules, player One active on turn 3 (no first-turn draw skip).
    pub fn new() -> Setup {
        Setup::with_db(dzero_fixtures::card_db(), RuleSet::OFFICIAL)
    }

    /// A custom card database and rule set.
    pub fn with_db(db: CardDb, rules: RuleSet) -> Setup {
        Setup {
            db,
            b: Builder::new(rules, 7).active(Player::One, 3),
            deck_set: [false; 2],
        }
    }

    /// Makes `p` the active player.
    pub fn active(&mut self, p: Player) -> &mut Setup {
        let b = std::mem::replace(&mut self.b, Builder::new(RuleSet::OFFICIAL, 0));
        self.b = b.active(p, if p == Player::One { 3 } else { 4 });
        self
    }

    /// The definition id of a card name.
    pub fn id(&self, name: &str) -> DefId {
        self.db
            .find(name)
            .unwrap_or_else(|| panic!("no fixture card {name}"))
    }

    /// Adds a card at `loc`.
    pub fn add(&mut self, p: Player, name: &str, loc: Loc) -> CardId {
        let d = self.id(name);
        if loc == Loc::Deck {
            self.deck_set[p.index()] = true;
        }
        self.b.add(p, d, loc)
    }

    /// A released unit (or base) in a square.
    pub fn unit(&mut self, p: Player, name: &str, square: &str) -> CardId {
        self.add(p, name, Loc::Square(sq(square)))
    }

    /// A card in hand.
    pub fn hand(&mut self, p: Player, name: &str) -> CardId {
        self.add(p, name, Loc::Hand)
    }

    /// Freezes a card.
    pub fn freeze(&mut self, c: CardId) -> &mut Setup {
        self.b.frozen(c, true);
        self
    }

    /// Sets damage.
    pub fn damage(&mut self, c: CardId, d: i32) -> &mut Setup {
        self.b.damage(c, d);
        self
    }

    /// `n` released energy cards of colour `c`.
    pub fn energy(&mut self, p: Player, c: Colour, n: usize) -> Vec<CardId> {
        let name = ENERGY
            .iter()
            .find(|(col, _)| *col == c)
            .map(|(_, n)| *n)
            .unwrap_or("シングルモルト");
        (0..n).map(|_| self.add(p, name, Loc::Energy)).collect()
    }

    /// Five released energy cards of every colour: "enough energy".
    pub fn rich(&mut self, p: Player) -> &mut Setup {
        for (c, _) in ENERGY {
            self.energy(p, c, 5);
        }
        self
    }

    /// `n` cards of `name` at the bottom of `p`'s deck.
    pub fn deck(&mut self, p: Player, name: &str, n: usize) -> &mut Setup {
        let d = self.id(name);
        self.deck_set[p.index()] = true;
        self.b.fill_deck(p, d, n);
        self
    }

    /// Makes the top of `p`'s deck the plan card.
    pub fn plan(&mut self, p: Player) -> &mut Setup {
        self.b.plan(p);
        self
    }

    /// Puts a dimension deck of the named cards into the command zone, bottom first,
    /// unshuffled (R19.8); it is turned over when play starts (R19.9, R19.16).
    pub fn dimensions(&mut self, names: &[&str]) -> Vec<CardId> {
        let defs: Vec<DefId> = names.iter().map(|n| self.id(n)).collect();
        self.b.dimension_deck(&defs)
    }

    /// Fixes the faces of the next rolls of the dimension die.
    pub fn die(&mut self, faces: &[dzero_core::DieFace]) -> &mut Setup {
        self.b.die(faces);
        self
    }

    /// Starts in the main phase (AP holds priority); decks not set get 20 filler cards.
    pub fn build(self) -> Table {
        self.build_in(Phase::Main)
    }

    /// Starts in the main phase in strict mode: a failing card effect refuses the action.
    pub fn build_strict(self) -> Table {
        let mut t = self.build();
        t.game.set_strict(true);
        t
    }

    /// Starts in `phase`.
    pub fn build_in(mut self, phase: Phase) -> Table {
        for p in Player::BOTH {
            if !self.deck_set[p.index()] {
                let d = self.id("ロマネ・コンティ");
                self.b.fill_deck(p, d, 20);
            }
        }
        let game = self.b.build(&self.db, phase).expect("fixture cards");
        Table { db: self.db, game }
    }
}

/// A game in progress with test helpers; every helper panics with the engine's reason on an
/// illegal action.
pub struct Table {
    /// Card definitions.
    pub db: CardDb,
    /// The game.
    pub game: Game,
}

impl Table {
    /// Applies an action, panicking with the reason if refused.
    pub fn act(&mut self, a: Action) {
        if let Err(e) = self.game.apply(&self.db, a.clone()) {
            panic!("{a:?} refused: {}", self.error_text(&e));
        }
    }

    /// A refusal in English, as a front end words it (dzero-text).
    pub fn error_text(&self, e: &ActionError) -> String {
        Text::new(&self.game, &self.db, Lang::En).action_error(e)
    }

    /// The game's failed effects so far, in English as a front end words them (dzero-text).
    pub fn effect_error_texts(&self) -> Vec<String> {
        let text = Text::new(&self.game, &self.db, Lang::En);
        self.game
            .effect_errors()
            .iter()
            .map(|f| text.failed_effect(f))
            .collect()
    }

    /// Applies an action and returns the refusal, if any.
    pub fn try_act(&mut self, a: Action) -> Result<(), ActionError> {
        self.game.apply(&self.db, a)
    }

    /// The action activating `card`'s ability `ability` with no targets, cost cards or X, paid
    /// automatically.
    pub fn activate_action(card: CardId, ability: u8) -> Action {
        Action::Activate {
            card,
            ability,
            targets: Targets::NONE,
            cost_cards: dzero_core::CardList::NONE,
            x: 0,
            payment: Payment::Auto,
        }
    }

    /// A play action (auto payment).
    pub fn play_action(card: CardId, square: Option<&str>, targets: &[CardId]) -> Action {
        Action::Play {
            card,
            method: None,
            square: square.map(sq),
            targets: Targets::of(targets),
            x: 0,
            cost_cards: dzero_core::CardList::NONE,
            payment: Payment::Auto,
        }
    }

    /// Plays a card.
    pub fn play(&mut self, card: CardId, square: Option<&str>, targets: &[CardId]) {
        self.act(Table::play_action(card, square, targets));
    }

    /// Declares a move.
    pub fn mv(&mut self, unit: CardId, to: &str) {
        self.act(Action::Move {
            unit,
            to: sq(to),
            payment: Payment::Auto,
        });
    }

    /// The priority holder passes.
    pub fn pass(&mut self) {
        self.act(Action::Pass);
    }

    /// Passes until `done` holds (at most 60 times); a pending choice takes its first option
    /// instead of a pass.
    pub fn pass_until(&mut self, done: impl Fn(&Table) -> bool) {
        for _ in 0..60 {
            if done(self) {
                return;
            }
            if self.game.choice().is_some() {
                self.act(Action::Choose(0));
            } else {
                self.pass();
            }
        }
        panic!("condition not reached after 60 passes");
    }

    /// Answers the pending choice with the option `want` (a card, square or label).
    pub fn choose(&mut self, want: ChoiceOption) {
        let c = self.game.choice().expect("a pending choice");
        let i = c
            .options
            .iter()
            .position(|o| *o == want)
            .unwrap_or_else(|| panic!("{want:?} is not among {:?}", c.options));
        self.act(Action::Choose(i as u16));
    }

    /// Both players pass in succession (resolves the top item, or advances).
    pub fn pass_both(&mut self) {
        self.pass();
        self.pass();
    }

    /// Plays on to the next turn's main phase with an empty stack: passes, no smash, no energy,
    /// the first option of every choice, no mulligan.
    pub fn end_turn(&mut self) {
        use dzero_core::Decision;
        let turn = self.game.turn();
        for _ in 0..200 {
            if self.game.turn() > turn
                && self.game.phase() == Phase::Main
                && self.game.stack().is_empty()
            {
                return;
            }
            match self.game.decision() {
                Decision::Act(_) => self.pass(),
                Decision::Smash(_) => self.act(Action::Smash(None)),
                Decision::Energy(_) => self.act(Action::Energy(None)),
                Decision::Choose(_) => self.act(Action::Choose(0)),
                Decision::Mulligan(_) => self.act(Action::Mulligan(false)),
                Decision::Pick(..) => self.act(Action::Pick(dzero_core::Pick::Cancel)),
                Decision::Over(r) => panic!("game over: {r:?}"),
            }
        }
        panic!("turn did not end");
    }

    /// Who holds priority.
    pub fn priority(&self) -> Option<Player> {
        self.game.priority()
    }

    /// The cards of the active stack's items, bottom first (None for damage and plan items).
    pub fn stack(&self) -> Vec<Option<CardId>> {
        self.game.stack().iter().map(|i| i.summary().1).collect()
    }

    /// Current power.
    pub fn power(&self, c: CardId) -> i32 {
        self.game.view(&self.db).power(c)
    }

    /// Current damage.
    pub fn damage(&self, c: CardId) -> i32 {
        self.game.card_state(c).map_or(0, |s| s.damage)
    }

    /// Where a card is.
    pub fn loc(&self, c: CardId) -> Loc {
        self.game.location(c).expect("card id")
    }

    /// Whether a card is frozen.
    pub fn frozen(&self, c: CardId) -> bool {
        self.game.card_state(c).is_some_and(|s| s.frozen)
    }

    /// Cards in `p`'s zone.
    pub fn zone(&self, p: Player, z: Zone) -> Vec<CardId> {
        self.game.zone(p, z)
    }

    /// Whether a battle is in progress.
    pub fn in_battle(&self) -> bool {
        self.game.battle().is_some()
    }

    /// Whether an item of this kind is on the active stack.
    pub fn stack_has(&self, tag: ItemTag) -> bool {
        self.game.stack().iter().any(|i| i.summary().0 == tag)
    }

    /// Whether a battle-damage item is on the active stack.
    pub fn damage_item_on_stack(&self) -> bool {
        self.stack_has(ItemTag::Damage)
    }

    /// The parts `(from, to, amount)` of the battle-damage item on top of the active stack,
    /// sorted; panics if the top item is not battle damage.
    pub fn damage_parts(&self) -> Vec<(CardId, CardId, i32)> {
        let top = self.game.stack().last().expect("an item on the stack");
        let dzero_core::ItemKind::Damage { parts } = &top.kind else {
            panic!("the top item is not battle damage: {:?}", top.kind);
        };
        sorted_parts(
            parts
                .iter()
                .flatten()
                .map(|p| (p.from, p.to.card, p.amount))
                .collect(),
        )
    }
}

/// Damage parts `(from, to, amount)` sorted, for comparison with [`Table::damage_parts`].
pub fn sorted_parts(mut v: Vec<(CardId, CardId, i32)>) -> Vec<(CardId, CardId, i32)> {
    v.sort();
    v
}
