//! Starting a duel of a loaded set: its rule set's dimension deck comes with it (R19.2).

use dzero_cardpool::{CardSet, dimension_deck_under};
use dzero_core::{DefId, Game, Player, RuleSet};

/// Starts a duel of `set`'s cards under `rules` between `decks`, seeded `seed`, the first
/// player chosen when `first` is given (R2.6). A rule set with a dimension deck plays the set's
/// first dimension deck list that it accepts (R19.2, [`dimension_deck_under`]); any other
/// plays none.
pub fn start_duel(
    set: &CardSet,
    rules: RuleSet,
    decks: [&[DefId]; 2],
    seed: u64,
    first: Option<Player>,
) -> Result<Game, String> {
    let dimensions = dimension_deck_under(set, &rules, None)?;
    Game::new_with(&set.db, rules, decks, &dimensions, seed, first).map_err(|e| e.to_string())
}
