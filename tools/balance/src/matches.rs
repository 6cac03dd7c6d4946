//! One match of a run (`dzero sim --match`, R2.4–R2.6): up to three duels through the one
//! match loop ([`play_match_with`]), each played out like a game of a run; the AI
//! ([`SideboardPlayer`]) swaps and chooses the first player between them. Each duel counts as
//! a game; the match counts into the matchup's [`crate::tally::MatchTally`].

use crate::record::{Duel, GameRecord, World};
use crate::schedule::Seating;
use crate::tally::{Outcome, Tallies};
use dzero_ai::{PlayerSpec, SideboardPlayer};
use dzero_core::{CardDb, GameResult, RuleSet};
use dzero_replay::MatchRecorder;
use dzero_sim::matches::duel_seed;
use dzero_sim::{MatchDeck, match_result, play_match_with};

/// What one match counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchRecord {
    /// Its duels, in order (the last one unfinished when a duel hit the action limit).
    pub duels: Vec<GameRecord>,
    /// The match's result (a draw: A26); none when a duel hit the action limit.
    pub result: Option<GameResult>,
}

impl MatchRecord {
    /// Adds this match, seated as `seat` among `specs` player specs, to `tallies`: each duel
    /// as a game, and the match.
    pub fn count(&self, seat: &Seating, specs: usize, db: &CardDb, tallies: &mut Tallies) {
        for duel in &self.duels {
            duel.count(seat, specs, db, tallies);
        }
        let side_a = usize::from(seat.swapped);
        let outcome = match self.result {
            Some(GameResult::Win(p)) if p.index() == side_a => Outcome::Win,
            Some(GameResult::Win(_)) => Outcome::Loss,
            Some(GameResult::Draw) => Outcome::Draw,
            None => Outcome::Unfinished,
        };
        let i = seat.pairing * specs + seat.side_a_player;
        tallies.matches[i].count(outcome, self.duels.len() as u64);
    }
}

/// Plays the match seated as `seat` (its seed the match seed) under `rules`, each duel
/// stopping unfinished after `max_actions` actions, recording it into `recorder` when given.
pub fn play_match_game(
    world: &World,
    seat: &Seating,
    specs: &[PlayerSpec],
    rules: RuleSet,
    max_actions: u32,
    mut recorder: Option<&mut MatchRecorder>,
) -> Result<MatchRecord, String> {
    let World {
        set,
        decks,
        dimensions,
    } = world;
    let lists = seat.decks.map(|i| MatchDeck {
        cards: decks[i].cards.clone(),
        sideboard: decks[i].sideboard.clone(),
    });
    let mut record = MatchRecord::default();
    let mut unfinished = false;
    let (mut one, mut two) = (SideboardPlayer::new(&set.db), SideboardPlayer::new(&set.db));
    let played = play_match_with(
        &set.db,
        &rules,
        &lists,
        dimensions,
        seat.seed,
        &mut [&mut one, &mut two],
        &mut |start, game| {
            let duel = Duel {
                seed: duel_seed(seat.seed, start.number - 1),
                players: seat.players.map(|p| &specs[p]),
                max_actions,
            };
            let (duel_record, end) = match recorder.as_deref_mut() {
                Some(r) => {
                    let mut rec =
                        r.start_duel(set, [&start.swaps[0], &start.swaps[1]], start.chose, &game)?;
                    let played = duel.play(&set.db, game, &mut rec)?;
                    r.end_duel(rec.stopped());
                    played
                }
                None => duel.play(&set.db, game, &mut ())?,
            };
            unfinished = duel_record.result.is_none();
            record.duels.push(duel_record);
            Ok(end)
        },
    );
    match played {
        Ok(outcome) => record.result = match_result(rules.match_format, &outcome.duels),
        Err(_) if unfinished => record.result = None,
        Err(e) => return Err(e),
    }
    Ok(record)
}
