//! A checked scenario: the setup and the steps, with every value parsed and located.

use crate::names::{CardRef, Place};
use dzero_core::{BattleStep, Keywords, Loc, Phase, Player, Pos, RuleSet, Square};
use std::ops::Range;

/// A card name as written, with its location.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    pub name: String,
    pub span: Range<usize>,
}

/// One or more copies of a card put somewhere by the setup.
#[derive(Clone, Debug)]
pub(crate) struct Placed {
    pub card: Named,
    pub owner: Player,
    pub loc: Loc,
    pub frozen: bool,
    pub damage: i32,
    pub count: u32,
    pub label: Option<String>,
    /// The whole entry.
    pub span: Range<usize>,
    /// Which list it came from (`units`, `energy`, …), for messages.
    pub list: &'static str,
}

/// The starting position.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub rules: Option<RuleSet>,
    pub seed: u64,
    pub strict: bool,
    pub active: Player,
    pub turn: u32,
    pub phase: Phase,
    pub filler: Option<Named>,
    /// Cards in the order they are added (deck lists reversed so their first card ends on top).
    pub cards: Vec<Placed>,
    /// Filler cards put under each player's deck.
    pub fill: [u32; 2],
    /// Whether each player's plan zone is set up.
    pub plan: [bool; 2],
    /// The faces the next rolls of the dimension die show (R19.3).
    pub die: Vec<dzero_core::DieFace>,
    /// `[match]`: each player's deck and sideboard (R2.3).
    pub match_decks: Option<[MatchDeckSpec; 2]>,
    /// Where the `layout` table is written, when the opening 次元探索戦 cross is set (R19.16).
    pub layout: Option<Range<usize>>,
}

/// A card list: names and copies.
pub(crate) type CardList = Vec<(Named, u32)>;

/// One player's deck and sideboard in `[match]`.
#[derive(Clone, Debug)]
pub(crate) struct MatchDeckSpec {
    pub deck: CardList,
    pub sideboard: CardList,
}

/// Who passes in a `pass` step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PassWho {
    /// This player must hold priority.
    Player(Player),
    /// Two passes in succession.
    Both,
}

/// What a `pass_until` step waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Until {
    StackEmpty,
    Battle,
    NoBattle,
    Step(BattleStep),
    Phase(Option<Player>, Phase),
    NextTurn,
}

/// An answer to a pending choice.
#[derive(Clone, Debug)]
pub(crate) enum AnswerSpec {
    /// Option number, from 1.
    Number(usize),
    Square(Square),
    /// A labelled option, or else a card reference.
    Text(String, Option<CardRef>),
    /// A combination of targets, written `A + B` as reports print it: the option whose targets
    /// are exactly these, in any order. Each part is a card reference, `square:b2` or
    /// `player:P2`.
    Combo(String, Vec<CardRef>),
}

impl AnswerSpec {
    /// The answer as written.
    pub fn text(&self) -> String {
        match self {
            AnswerSpec::Number(n) => n.to_string(),
            AnswerSpec::Square(s) => s.to_string(),
            AnswerSpec::Text(t, _) | AnswerSpec::Combo(t, _) => t.clone(),
        }
    }
}

/// The action of a step.
#[derive(Clone, Debug)]
pub(crate) enum ActionSpec {
    Play {
        card: CardRef,
        square: Option<Square>,
        targets: Vec<CardRef>,
        cost_cards: Vec<CardRef>,
        x: u8,
        method: Option<Named>,
        pay: Option<Vec<CardRef>>,
    },
    Move {
        unit: CardRef,
        to: Square,
        pay: Option<Vec<CardRef>>,
    },
    Activate {
        card: CardRef,
        ability: Option<(u32, Range<usize>)>,
        targets: Vec<CardRef>,
        cost_cards: Vec<CardRef>,
        x: u8,
        pay: Option<Vec<CardRef>>,
    },
    CreatePlan {
        pay: Option<Vec<CardRef>>,
    },
    UpdatePlan {
        pay: Option<Vec<CardRef>>,
    },
    /// Roll the dimension die (R19.11).
    Roll {
        pay: Option<Vec<CardRef>>,
    },
    /// The next duel of the match (R2.5, R2.6): who plays first (none: random, after a drawn
    /// duel, A26) and each player's swap, cards out of the deck and cards into it.
    NextDuel {
        first: Option<Player>,
        swaps: [(Vec<Named>, Vec<Named>); 2],
    },
    Pass(PassWho),
    PassUntil(Until, String),
    Choose(AnswerSpec),
    Energy(Option<CardRef>),
    Smash(Option<CardRef>),
    Mulligan(bool),
}

/// The kinds of [`dzero_core::ActionError`], as written after `rejected =`.
pub(crate) const REJECTIONS: [&str; 9] = [
    "timing",
    "payment",
    "target",
    "square",
    "illegal",
    "wrong-decision",
    "no-such-card",
    "game-over",
    "effect-failed",
];

/// An expected refusal.
#[derive(Clone, Debug)]
pub(crate) struct Rejection {
    pub kind: String,
    pub reason: Option<String>,
}

/// A stack item as written in `stack` / `pending` expectations.
#[derive(Clone, Debug)]
pub(crate) struct ItemSpec {
    pub text: String,
    pub tag: Option<dzero_core::ItemTag>,
    pub card: Option<CardRef>,
}

/// An action as written in `legal` / `not_legal` expectations: `play REF [SQUARE]`,
/// `move REF SQUARE`, `activate REF`, `smash REF`, `energy REF`, `create-plan`, `update-plan`,
/// `roll`, `pass`.
#[derive(Clone, Debug)]
pub(crate) struct LegalSpec {
    pub text: String,
    pub verb: LegalVerb,
    pub card: Option<CardRef>,
    pub square: Option<dzero_core::Square>,
}

/// The kind of action a [`LegalSpec`] names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LegalVerb {
    Play,
    Move,
    Activate,
    Smash,
    Energy,
    CreatePlan,
    UpdatePlan,
    /// Rolling the dimension die (R19.11).
    Roll,
    Pass,
}

/// A zone size of one player.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Count {
    Hand,
    Deck,
    Energy,
    FrozenEnergy,
    Smash,
    Graveyard,
    Remove,
    Field,
}

impl Count {
    pub fn name(self) -> &'static str {
        match self {
            Count::Hand => "hand",
            Count::Deck => "deck",
            Count::Energy => "energy",
            Count::FrozenEnergy => "frozen_energy",
            Count::Smash => "smash",
            Count::Graveyard => "graveyard",
            Count::Remove => "remove",
            Count::Field => "field",
        }
    }
}

/// Expected decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DecisionSpec {
    Act(Player),
    Energy(Player),
    Smash(Player),
    Mulligan(Player),
    Choose(Player),
    Over,
}

/// One expectation.
#[derive(Clone, Debug)]
pub(crate) enum Check {
    At(CardRef, Place, String),
    Power(CardRef, i32),
    Damage(CardRef, i32),
    Frozen(CardRef, bool),
    /// The card lies face up (`true`) or face down (`false`), as its place says (R1.5).
    FaceUp(CardRef, bool),
    /// The card has these keywords: at least these (`false`), or exactly these (`true`).
    Keywords(CardRef, Vec<(Keywords, String)>, bool),
    Resolved(CardRef, bool),
    Stack(Vec<ItemSpec>),
    Pending(Vec<ItemSpec>),
    Priority(Option<Player>),
    Decision(DecisionSpec, String),
    Phase(Phase),
    Active(Player),
    Turn(u32),
    /// The active dimension, or none (R19.10, R19.17).
    Dimension(Option<CardRef>),
    /// Cards in the dimension deck.
    DimensionDeck(usize),
    /// 次元探索戦: the card lies at this position of the cross, or in none (R19.16).
    Layout(CardRef, Option<Pos>, String),
    /// 次元探索戦: the token lies at this position (R19.18).
    Token(Pos, String),
    /// 次元探索戦: the steps between two places of the cross (R19.19, A40).
    Distance(CrossPlace, CrossPlace, u16),
    /// A deck list is legal or not under the scenario's rule set (R2.1, R2.2, R19.4–R19.7).
    Deck(DeckSpec),
    /// The number of the duel being played in the match (R2.4).
    Duel(u32),
    /// The match's result, or none while it goes on (R2.4, A26).
    Match(Option<dzero_core::GameResult>, String),
    /// A player's sideboard holds exactly these cards, in any order (R2.5).
    Sideboard(Player, Vec<Named>),
    Battle(Option<Square>),
    BattleStep(BattleStep),
    Attackers(Vec<CardRef>),
    /// The pending choice offers exactly these options (cards, squares, labels), in any order.
    Offers(Vec<AnswerSpec>),
    /// Each action is (`true`) or is not (`false`) among the legal actions now.
    Legal(Vec<LegalSpec>, bool),
    Winner(Option<CardRef>),
    BattleDamage(Vec<(CardRef, CardRef, i32)>),
    Count(Player, Count, u32),
    /// Each zone holds nothing (written as in the file).
    Empty(Vec<(crate::zones::ZoneName, String)>),
    Result(Option<dzero_core::GameResult>, String),
    ScriptErrors(u32),
}

/// A place of the 次元探索戦 cross named in a `distance` expectation.
#[derive(Clone, Debug)]
pub(crate) enum CrossPlace {
    /// Where the token lies.
    Token,
    /// A position, relative to where the token started.
    Pos(Pos),
    /// Where this card lies.
    Card(CardRef),
}

/// A deck list to check, with the verdict expected.
#[derive(Clone, Debug)]
pub(crate) struct DeckSpec {
    /// The deck: card names and copies.
    pub cards: CardList,
    /// The dimension deck, checked when not empty.
    pub dimensions: CardList,
    pub legal: bool,
    /// Rule IDs the deck breaks, in any order (checked when not empty).
    pub breaks: Vec<String>,
    pub reason: Option<String>,
}

/// A located expectation.
#[derive(Clone, Debug)]
pub(crate) struct Expectation {
    pub check: Check,
    pub span: Range<usize>,
}

/// One step.
#[derive(Clone, Debug)]
pub(crate) struct StepSpec {
    /// 1-based.
    pub index: usize,
    pub span: Range<usize>,
    pub by: Option<Player>,
    pub action: Option<ActionSpec>,
    pub rejected: Option<Rejection>,
    pub expect: Vec<Expectation>,
}
