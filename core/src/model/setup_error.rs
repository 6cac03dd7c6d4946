//! Why a duel cannot start, as data: a deck or the dimension deck breaks the rule set or a
//! card's printed restriction. Front ends word it (dzero-text).

use crate::model::deck_rules::DeckRuleBreak;
use crate::model::ids::{DefId, Player};
use crate::model::rules::RuleName;

/// Why a duel cannot start. Its `Display` is its debug form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Wrong number of cards (R2.1).
    DeckSize {
        /// Whose deck.
        player: Player,
        /// Cards found.
        found: usize,
        /// Cards required.
        expected: usize,
    },
    /// Too many copies of one name (R2.2).
    TooManyCopies {
        /// Whose deck.
        player: Player,
        /// The printed name (〈…〉 names are distinct, R18.4).
        name: String,
        /// Copies found.
        count: usize,
        /// Copies allowed.
        max: usize,
    },
    /// A deck-building restriction printed on a card is broken (copy limit, 禁呪N, colours).
    DeckRule {
        /// Whose deck.
        player: Player,
        /// The restriction broken.
        broken: DeckRuleBreak,
    },
    /// The dimension deck breaks R19.1–R19.7.
    DimensionDeck {
        /// What is wrong.
        problem: DimensionDeckProblem,
    },
    /// A definition id the database does not know.
    UnknownCard {
        /// Whose deck.
        player: Player,
        /// The unknown id.
        def: DefId,
    },
}

impl SetupError {
    /// The IDs of the rules broken (empty for a printed restriction or an unknown card).
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            SetupError::DeckSize { .. } => &["R2.1"],
            SetupError::TooManyCopies { .. } => &["R2.2"],
            SetupError::DimensionDeck { problem } => problem.rules(),
            SetupError::DeckRule { .. } | SetupError::UnknownCard { .. } => &[],
        }
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for SetupError {}

/// What is wrong with a dimension deck (R19.1–R19.7, A38).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DimensionDeckProblem {
    /// The rule set plays without a dimension deck, and one was given (R19.1).
    NoDimensionDeck {
        /// The rule set's name.
        rules: RuleName,
    },
    /// A definition id the database does not know.
    UnknownCard {
        /// The unknown id.
        def: DefId,
    },
    /// A card that is neither a dimension nor a phenomenon (R19.2, R19.6).
    NotDimensionOrPhenomenon {
        /// The card.
        def: DefId,
    },
    /// More than one shuffle card (R19.7).
    ShuffleCards {
        /// Shuffle cards found.
        count: usize,
    },
    /// Fewer than 10 or more than 40 cards besides a shuffle card (R19.4).
    Size {
        /// Cards found, a shuffle card not counted.
        count: usize,
    },
    /// Phenomena in a 次元探索戦 deck of fewer than 20 cards (R19.5).
    ExplorationPhenomena {
        /// Phenomena found.
        phenomena: usize,
        /// Cards found, a shuffle card not counted.
        count: usize,
    },
    /// More than one phenomenon per four dimensions (R19.5).
    PhenomenaPerDimensions {
        /// Phenomena found.
        phenomena: usize,
        /// Dimensions found.
        dimensions: usize,
    },
}

impl DimensionDeckProblem {
    /// The IDs of the rules broken (empty for an unknown card).
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            DimensionDeckProblem::NoDimensionDeck { .. } => &["R19.1"],
            DimensionDeckProblem::UnknownCard { .. } => &[],
            DimensionDeckProblem::NotDimensionOrPhenomenon { .. } => &["R19.2", "R19.6"],
            DimensionDeckProblem::ShuffleCards { .. } => &["R19.7"],
            DimensionDeckProblem::Size { .. } => &["R19.4"],
            DimensionDeckProblem::ExplorationPhenomena { .. }
            | DimensionDeckProblem::PhenomenaPerDimensions { .. } => &["R19.5"],
        }
    }
}
