//! Setting up one game's table: the decks loaded in the host set, the game dealt (or a saved
//! game's setup) and recorded, the AI players seeded, and a saved game's decisions played again.

use super::{GameSetup, Table};
use crate::hot_reload::HotSet;
use crate::replay_view::divergence_text;
use dzero_replay::Recorder;
use dzero_sim::playout::player_seeds;

/// The table of the one game `setup` describes (not a match: see `match_play::table`).
pub(super) fn table(setup: &GameSetup) -> Result<Table, String> {
    let players = setup
        .ai
        .map(|a| a.map_or_else(|| "human".to_string(), |s| s.to_string()));
    let (set, decks) = setup.decks.load()?;
    let cards = match &setup.saved {
        Some(saved) => saved.deck_cards(&set)?,
        None => [decks[0].cards.clone(), decks[1].cards.clone()],
    };
    let game = match &setup.saved {
        Some(saved) => saved.setup(&set),
        None => setup.decks.dimension_deck(&set).and_then(|dimensions| {
            dzero_sim::start_duel(
                &set,
                setup.decks.rules,
                [&cards[0], &cards[1]],
                &dimensions,
                setup.seed,
                None,
            )
        }),
    }
    .map_err(|e| format!("the game cannot start: {e}"))?;
    let files = &setup.decks.files;
    let recorder = Recorder::new(
        &set,
        [(&files[0], &cards[0]), (&files[1], &cards[1])],
        setup.seed,
        players,
        &game,
    )?;
    let seeds = player_seeds(setup.seed);
    let ai = [0, 1].map(|i| setup.ai[i].map(|s| s.player(seeds[i])));
    let mut table = Table::new(set.db.clone(), HotSet::new(&set), game, ai, recorder);
    if let Some(saved) = &setup.saved
        && let Err(d) = table.resume(saved)
    {
        return Err(format!(
            "the saved game does not play the same with the cards as they are now: {}",
            divergence_text(saved, &set, &d)
        ));
    }
    Ok(table)
}
