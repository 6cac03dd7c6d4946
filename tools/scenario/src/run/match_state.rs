//! The state of a match around the scenario's duel (R2.3): the decks and sideboards as they
//! are now, the duels played, the current duel's number.

use super::check::Names;
use crate::spec::{CardList, MatchDeckSpec, Setup};
use dzero_core::{CardDb, DefId, GameResult};
use dzero_sim::matches::MatchDeck;

/// The match so far: the decks as they are now, the results of the duels before the current
/// one, and the current duel's number.
pub(super) struct MatchState {
    pub(super) decks: [MatchDeck; 2],
    pub(super) duels: Vec<GameResult>,
    pub(super) number: u32,
}

/// The cards of `list`, copies repeated; names the set does not have are left out (they are
/// reported before the scenario runs).
fn defs(index: &Names<'_>, list: &CardList) -> Vec<DefId> {
    list.iter()
        .filter_map(|(n, k)| index.find(&n.name).map(|d| (d, *k)))
        .flat_map(|(d, k)| std::iter::repeat_n(d, k as usize))
        .collect()
}

/// The match of a scenario with `[match]`: the scenario's own duel is the first.
pub(super) fn match_state(setup: &Setup, db: &CardDb) -> Option<MatchState> {
    let index = Names::new(db);
    let deck = |m: &MatchDeckSpec| MatchDeck {
        cards: defs(&index, &m.deck),
        sideboard: defs(&index, &m.sideboard),
    };
    setup.match_decks.as_ref().map(|[a, b]| MatchState {
        decks: [deck(a), deck(b)],
        duels: Vec::new(),
        number: 1,
    })
}
