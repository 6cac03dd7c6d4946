//! Starting a duel of a loaded set, with the dimension deck its rule set plays (R19.2).

use dzero_cardpool::CardSet;
use dzero_cardpool::DeckText;
use dzero_core::{DefId, Game, Player, RuleSet};
use dzero_text::Lang;

/// Starts a duel of `set`'s cards under `rules` between `decks` with the dimension deck
/// `dimensions` (empty for a rule set without one, R19.1; see
/// [`dzero_cardpool::dimension_deck_under`] and [`crate::DeckFiles::dimension_deck`]), seeded
/// `seed`, the first player chosen when `first` is given (R2.6).
pub fn start_duel(
    set: &CardSet,
    rules: RuleSet,
    decks: [&[DefId]; 2],
    dimensions: &[DefId],
    seed: u64,
    first: Option<Player>,
) -> Result<Game, String> {
    Game::new_with(&set.db, rules, decks, dimensions, seed, first)
        .map_err(|e| DeckText::new(&set.db, Lang::En).setup_error(&e))
}

/// [`start_duel`] under `set`'s own rule set and its first dimension deck list that rule set
/// accepts, the first player random.
pub fn start_set_duel(set: &CardSet, decks: [&[DefId]; 2], seed: u64) -> Result<Game, String> {
    let dimensions = dzero_cardpool::dimension_deck_for(set, None)?;
    start_duel(set, set.rules, decks, &dimensions, seed, None)
}
