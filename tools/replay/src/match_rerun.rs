//! Re-running a whole match on the current cards: every duel's deck lists must be the
//! previous lists with the recorded swaps applied (R2.5), every first player must follow R2.6
//! and A26, every duel must re-run to the same state hashes ([`Replay::rerun_from`]), and the
//! recorded result must follow R2.4.

use crate::match_replay::{MatchDuel, MatchList, MatchReplay, SwapNames};
use crate::rerun::Divergence;
use dzero_cardpool::CardSet;
use dzero_cardpool::DeckText;
use dzero_core::{DefId, Game, GameResult, Player};
use dzero_sim::matches::duel_seed;
use dzero_sim::{DeckFiles, MatchDeck, Swap, Watch, match_result};
use dzero_text::Lang;
use std::fmt;

/// Where a match's re-run first disagrees with the recording. Duels count from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MatchDivergence {
    /// The recorded lists cannot be built with the current cards.
    Setup(String),
    /// A duel's seed, rule set or players are not the match's.
    Duel {
        /// The duel.
        duel: usize,
        /// What differs.
        what: String,
    },
    /// A recorded swap is refused (R2.5).
    Swap {
        /// The duel it was made before.
        duel: usize,
        /// Who made it.
        seat: Player,
        /// Why it is refused.
        reason: String,
    },
    /// A duel's deck list is not the previous list with the recorded swap applied (R2.5).
    Deck {
        /// The duel.
        duel: usize,
        /// Whose deck.
        seat: Player,
    },
    /// The recorded chooser of the first player is not the one R2.6/A26 names.
    Chooser {
        /// The duel.
        duel: usize,
        /// The recorded chooser.
        recorded: Option<Player>,
        /// The chooser the rules name (none: random).
        rule: Option<Player>,
    },
    /// A duel's recorded first player is not the one it was played with: the one its seed
    /// gives (A26: random), or the chooser's (R2.6) that its setup shows.
    First {
        /// The duel.
        duel: usize,
        /// The recorded first player.
        recorded: Player,
        /// The first player it was played with.
        now: Player,
    },
    /// A duel re-runs differently.
    Play {
        /// The duel.
        duel: usize,
        /// Where it diverges.
        divergence: Divergence,
    },
    /// A duel was played after the match was decided (R2.4).
    Extra {
        /// The duel.
        duel: usize,
    },
    /// The recorded match result is not the one the duels give (R2.4, A26).
    Result {
        /// The recorded result.
        recorded: Option<GameResult>,
        /// The result the duels give (none: undecided).
        now: Option<GameResult>,
    },
}

/// A match result as text.
fn result_text(r: Option<GameResult>) -> String {
    match r {
        Some(GameResult::Win(p)) => format!("{p} wins"),
        Some(GameResult::Draw) => "a draw".into(),
        None => "undecided".into(),
    }
}

/// A chooser as text.
fn chooser_text(p: Option<Player>) -> String {
    p.map_or_else(
        || "nobody (a random first player)".into(),
        |p| p.to_string(),
    )
}

impl fmt::Display for MatchDivergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchDivergence::Setup(e) => write!(f, "the match cannot be set up now: {e}"),
            MatchDivergence::Duel { duel, what } => write!(f, "duel {duel}: {what}"),
            MatchDivergence::Swap { duel, seat, reason } => {
                write!(
                    f,
                    "duel {duel}: {seat}'s swap before it is refused: {reason}"
                )
            }
            MatchDivergence::Deck { duel, seat } => write!(
                f,
                "duel {duel}: {seat}'s deck is not the previous deck with the recorded swap \
                 applied (R2.5)"
            ),
            MatchDivergence::Chooser {
                duel,
                recorded,
                rule,
            } => write!(
                f,
                "duel {duel}: the recording has {} choose the first player, the rules {} \
                 (R2.6, A26)",
                chooser_text(*recorded),
                chooser_text(*rule)
            ),
            MatchDivergence::First {
                duel,
                recorded,
                now,
            } => write!(
                f,
                "duel {duel}: the recording names {recorded} first, but the duel was played with \
                 {now} first (R2.6, A26)"
            ),
            MatchDivergence::Play { duel, divergence } => write!(f, "duel {duel}: {divergence}"),
            MatchDivergence::Extra { duel } => {
                write!(f, "duel {duel}: played after the match was decided (R2.4)")
            }
            MatchDivergence::Result { recorded, now } => write!(
                f,
                "the recorded match result is {}, the duels give {} (R2.4, A26)",
                result_text(*recorded),
                result_text(*now)
            ),
        }
    }
}

/// The cards named in `names`, found in `set`.
fn find(set: &CardSet, names: &[String]) -> Result<Vec<DefId>, String> {
    names
        .iter()
        .map(|n| {
            set.db
                .find(n)
                .ok_or_else(|| format!("no card named {n} now"))
        })
        .collect()
}

/// A recorded list as a deck and sideboard of `set`.
fn match_deck(set: &CardSet, list: &MatchList) -> Result<MatchDeck, String> {
    let shown = |e: String| format!("{}: {e}", list.file.display());
    Ok(MatchDeck {
        cards: find(set, &list.cards).map_err(shown)?,
        sideboard: find(set, &list.sideboard).map_err(shown)?,
    })
}

/// A recorded swap in `set`.
fn swap(set: &CardSet, names: &SwapNames) -> Result<Swap, String> {
    Ok(Swap {
        out: find(set, &names.out)?,
        into: find(set, &names.into)?,
    })
}

impl MatchReplay {
    /// Loads the set the recorded decks play in now (from the recorded deck files' sets).
    pub fn load_set(&self) -> Result<CardSet, String> {
        let files = self.decks.each_ref().map(|d| d.file.clone());
        let found = DeckFiles::resolve(&files, Some(self.rules))?;
        Ok(found.load()?.0)
    }

    /// Re-plays every duel with `set`'s cards, showing each step to `watch` and each duel,
    /// before it is played, to `before_duel` (its number from 1); checks the swaps (R2.5), the
    /// first players (R2.6, A26), every state hash and the result (R2.4). Gives each duel's
    /// final game, or the first point where the match diverges.
    pub fn rerun<W: Watch>(
        &self,
        set: &CardSet,
        watch: &mut W,
        mut before_duel: impl FnMut(&mut W, usize, &MatchDuel),
    ) -> Result<Vec<Game>, MatchDivergence> {
        let mut now = [
            match_deck(set, &self.decks[0]).map_err(MatchDivergence::Setup)?,
            match_deck(set, &self.decks[1]).map_err(MatchDivergence::Setup)?,
        ];
        let mut results: Vec<GameResult> = Vec::new();
        let mut games = Vec::new();
        for (k, duel) in self.duels.iter().enumerate() {
            let number = k + 1;
            if match_result(self.rules.match_format, &results).is_some() {
                return Err(MatchDivergence::Extra { duel: number });
            }
            if results.len() < k {
                return Err(MatchDivergence::Duel {
                    duel: number,
                    what: "the duel before it did not end".into(),
                });
            }
            self.check_duel(number, duel)?;
            let played = duel
                .replay
                .deck_cards(set)
                .map_err(MatchDivergence::Setup)?;
            for p in Player::BOTH {
                let i = p.index();
                let refused = |reason: String| MatchDivergence::Swap {
                    duel: number,
                    seat: p,
                    reason,
                };
                let names = &duel.swaps[i];
                if k == 0 && (!names.out.is_empty() || !names.into.is_empty()) {
                    return Err(refused(
                        "swaps are made only after a duel (R2.5)".to_string(),
                    ));
                }
                let swap = swap(set, names).map_err(refused)?;
                now[i] = now[i]
                    .swapped(&set.db, &self.rules, &swap)
                    .map_err(refused)?;
                if played[i] != now[i].cards {
                    return Err(MatchDivergence::Deck {
                        duel: number,
                        seat: p,
                    });
                }
            }
            let rule = match results.last() {
                Some(GameResult::Win(w)) => Some(w.opponent()),
                Some(GameResult::Draw) | None => None,
            };
            if duel.chose != rule {
                return Err(MatchDivergence::Chooser {
                    duel: number,
                    recorded: duel.chose,
                    rule,
                });
            }
            let dimensions = duel
                .replay
                .dimension_cards(set)
                .map_err(MatchDivergence::Setup)?;
            let game = Game::new_with(
                &set.db,
                self.rules,
                [&now[0].cards, &now[1].cards],
                &dimensions,
                duel.replay.seed,
                rule.map(|_| duel.first),
            )
            .map_err(|e| {
                let e = DeckText::new(&set.db, Lang::En).setup_error(&e);
                MatchDivergence::Setup(format!("duel {number}: {e}"))
            })?;
            let swapped_first =
                rule.is_some() && duel.replay.state_hash(&game) != duel.replay.setup && {
                    let other = Game::new_with(
                        &set.db,
                        self.rules,
                        [&now[0].cards, &now[1].cards],
                        &dimensions,
                        duel.replay.seed,
                        Some(duel.first.opponent()),
                    );
                    other.is_ok_and(|g| duel.replay.state_hash(&g) == duel.replay.setup)
                };
            if game.first_player() != duel.first || swapped_first {
                return Err(MatchDivergence::First {
                    duel: number,
                    recorded: duel.first,
                    now: if swapped_first {
                        duel.first.opponent()
                    } else {
                        game.first_player()
                    },
                });
            }
            before_duel(watch, number, duel);
            let end = duel
                .replay
                .rerun_from(set, game, watch)
                .map_err(|divergence| MatchDivergence::Play {
                    duel: number,
                    divergence,
                })?;
            if let Some(r) = end.result() {
                results.push(r);
            }
            games.push(end);
        }
        let decided = match_result(self.rules.match_format, &results);
        if self.result.is_some() && self.result != decided {
            return Err(MatchDivergence::Result {
                recorded: self.result,
                now: decided,
            });
        }
        Ok(games)
    }

    /// Checks that duel `number`'s seed, rule set and players are the match's.
    fn check_duel(&self, number: usize, duel: &MatchDuel) -> Result<(), MatchDivergence> {
        let k = u32::try_from(number - 1).unwrap_or(u32::MAX);
        let what = if duel.replay.seed != duel_seed(self.seed, k) {
            "its seed is not the one the match seed gives"
        } else if duel.replay.rules != self.rules {
            "its rule set is not the match's"
        } else if duel.replay.players != self.players {
            "its players are not the match's"
        } else if self
            .duels
            .first()
            .is_some_and(|d| d.replay.dimensions != duel.replay.dimensions)
        {
            "its dimension deck is not the first duel's (R19.2)"
        } else {
            return Ok(());
        };
        Err(MatchDivergence::Duel {
            duel: number,
            what: what.to_string(),
        })
    }
}
