//! Re-running a replay on the current cards: the recorded decisions are applied to a fresh
//! game and every state hash is checked; where they stop agreeing, the card files that changed
//! since are named.

use crate::format::{FileHash, Replay, Step};
use crate::record::card_files;
use dzero_cardpool::CardSet;
use dzero_cardpool::DeckText;
use dzero_core::{Action, DefId, Game, Player};
use dzero_sim::{Chooser, DeckFiles, PlayError, PlayOptions, SeatView, Watch, play_with};
use dzero_text::Lang;
use std::fmt;

/// Where a re-run first disagrees with the recording. Steps count from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Divergence {
    /// The recorded game cannot be set up with the current cards.
    Setup(String),
    /// The state right after setup differs.
    SetupState,
    /// The state after this step differs.
    State {
        /// The step.
        step: usize,
        /// Who decided.
        seat: Player,
    },
    /// The step's action is refused now.
    Refused {
        /// The step.
        step: usize,
        /// Who decided.
        seat: Player,
        /// The refusal.
        error: String,
    },
    /// Another seat decides at this step now (or nobody: the game is over).
    Decider {
        /// The step.
        step: usize,
        /// Who decided in the recording.
        recorded: Player,
        /// Who decides now, if anyone.
        now: Option<Player>,
    },
    /// The play-out stopped on an engine error at this step.
    Stopped {
        /// The step.
        step: usize,
        /// The error.
        error: String,
    },
    /// The recording ends with a result after this many steps, but the game goes on.
    NotOver {
        /// The recorded steps.
        steps: usize,
    },
}

impl Divergence {
    /// The first step that differs (0 for setup).
    pub fn step(&self) -> usize {
        match self {
            Divergence::Setup(_) | Divergence::SetupState => 0,
            Divergence::State { step, .. }
            | Divergence::Stopped { step, .. }
            | Divergence::Refused { step, .. }
            | Divergence::Decider { step, .. } => *step,
            Divergence::NotOver { steps } => *steps,
        }
    }
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Divergence::Setup(e) => write!(f, "the game cannot be set up: {e}"),
            Divergence::SetupState => write!(f, "the state after setup differs"),
            Divergence::Stopped { step, error } => {
                write!(f, "step {step}: the re-run stopped: {error}")
            }
            Divergence::State { step, seat } => {
                write!(f, "step {step} ({seat}): the state after it differs")
            }
            Divergence::Refused { step, seat, error } => {
                write!(
                    f,
                    "step {step} ({seat}): the recorded action is refused: {error}"
                )
            }
            Divergence::Decider {
                step,
                recorded,
                now: Some(p),
            } => write!(
                f,
                "step {step}: {p} decides now, {recorded} in the recording"
            ),
            Divergence::Decider {
                step,
                recorded,
                now: None,
            } => write!(
                f,
                "step {step}: the game is over now, {recorded} decided in the recording"
            ),
            Divergence::NotOver { steps } => write!(
                f,
                "step {steps}: the recorded game ended there but this one goes on"
            ),
        }
    }
}

/// A card or script file that differs from the recording.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileChange {
    /// The set's id.
    pub set: String,
    /// The path inside the set.
    pub path: String,
    /// What happened to it.
    pub change: Change,
}

/// How a file differs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Change {
    /// Its content changed.
    Edited,
    /// It is new.
    Added,
    /// It is gone.
    Removed,
}

impl fmt::Display for FileChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.change {
            Change::Edited => "changed",
            Change::Added => "added",
            Change::Removed => "removed",
        };
        write!(f, "{}/{}: {how}", self.set, self.path)
    }
}

impl Replay {
    /// Loads the set the recorded decks play in now (from the recorded deck files' sets).
    pub fn load_set(&self) -> Result<CardSet, String> {
        let files = self.decks.each_ref().map(|d| d.file.clone());
        let found = DeckFiles::resolve(&files, Some(self.rules))?;
        Ok(found.load()?.0)
    }

    /// The recorded game, set up again with the cards of `set` found by name.
    pub fn setup(&self, set: &CardSet) -> Result<Game, String> {
        let decks = self.deck_cards(set)?;
        let dimensions = self.dimension_cards(set)?;
        Game::new_with(
            &set.db,
            self.rules,
            [&decks[0], &decks[1]],
            &dimensions,
            self.seed,
            None,
        )
        .map_err(|e| DeckText::new(&set.db, Lang::En).setup_error(&e))
    }

    /// The recorded dimension deck's cards in `set`, found by name.
    pub fn dimension_cards(&self, set: &CardSet) -> Result<Vec<DefId>, String> {
        self.dimensions
            .iter()
            .map(|name| {
                set.db
                    .find(name)
                    .ok_or_else(|| format!("the dimension deck: no card named {name} now"))
            })
            .collect()
    }

    /// The recorded deck lists' cards in `set`, found by name.
    pub fn deck_cards(&self, set: &CardSet) -> Result<[Vec<DefId>; 2], String> {
        let deck = |i: usize| -> Result<Vec<DefId>, String> {
            let list = &self.decks[i];
            list.cards
                .iter()
                .map(|name| {
                    set.db
                        .find(name)
                        .ok_or_else(|| format!("{}: no card named {name} now", list.file.display()))
                })
                .collect()
        };
        Ok([deck(0)?, deck(1)?])
    }

    /// Re-plays the recorded decisions with `set`'s cards, showing each step to `watch`, and
    /// checks every state hash: the final game, or the first point where it diverges.
    pub fn rerun(&self, set: &CardSet, watch: &mut impl Watch) -> Result<Game, Divergence> {
        let game = self.setup(set).map_err(Divergence::Setup)?;
        self.rerun_from(set, game, watch)
    }

    /// [`Replay::rerun`] from `game`, set up already (a duel of a match, its first player
    /// chosen: R2.6).
    pub fn rerun_from(
        &self,
        set: &CardSet,
        game: Game,
        watch: &mut impl Watch,
    ) -> Result<Game, Divergence> {
        if self.state_hash(&game) != self.setup {
            return Err(Divergence::SetupState);
        }
        let mut script = Script {
            steps: &self.steps,
            next: 0,
            wrong: None,
        };
        let mut check = Check {
            replay: self,
            done: 0,
            first: None,
            inner: watch,
        };
        let opts = PlayOptions {
            conservation: false,
            hashes: false,
            max_actions: u32::try_from(self.steps.len()).unwrap_or(u32::MAX),
            stop_after: Some(u32::try_from(self.steps.len()).unwrap_or(u32::MAX)),
            recheck: true,
        };
        let played = play_with(&set.db, game, &mut script, opts, &mut check);
        if let Some(d) = check.first {
            return Err(d);
        }
        let out = match played {
            Ok(out) => out,
            Err(PlayError::Refused { step, error, .. }) => {
                let step = step as usize;
                return Err(Divergence::Refused {
                    step: step + 1,
                    seat: self.steps[step].seat,
                    error,
                });
            }
            Err(e) => {
                let step = match &e {
                    PlayError::NoLegalAction { step } | PlayError::Conservation { step, .. } => {
                        *step as usize + 1
                    }
                    PlayError::TooLong { actions } => *actions as usize,
                    PlayError::Setup(_) | PlayError::Refused { .. } => 0,
                };
                return Err(script.wrong.unwrap_or_else(|| Divergence::Stopped {
                    step,
                    error: e.to_string(),
                }));
            }
        };
        if let Some(step) = self.steps.get(out.actions as usize) {
            return Err(Divergence::Decider {
                step: out.actions as usize + 1,
                recorded: step.seat,
                now: None,
            });
        }
        if self.result.is_some() && out.game.result().is_none() {
            return Err(Divergence::NotOver {
                steps: self.steps.len(),
            });
        }
        Ok(out.game)
    }

    /// The card and script files that differ between the recording and `set` now.
    pub fn changed_files(&self, set: &CardSet) -> Result<Vec<FileChange>, String> {
        let now = card_files(set)?;
        let key = |f: &FileHash| (f.set.clone(), f.path.clone());
        let mut changes = Vec::new();
        for old in &self.files {
            let change = match now.iter().find(|n| key(n) == key(old)) {
                Some(n) if n.sha256 == old.sha256 => continue,
                Some(_) => Change::Edited,
                None => Change::Removed,
            };
            changes.push(FileChange {
                set: old.set.clone(),
                path: old.path.clone(),
                change,
            });
        }
        for new in now
            .iter()
            .filter(|n| !self.files.iter().any(|o| key(o) == key(n)))
        {
            changes.push(FileChange {
                set: new.set.clone(),
                path: new.path.clone(),
                change: Change::Added,
            });
        }
        Ok(changes)
    }
}

/// Plays the recorded actions, noting a step where another seat decides.
struct Script<'a> {
    steps: &'a [Step],
    next: usize,
    wrong: Option<Divergence>,
}

impl Chooser for Script<'_> {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        let step = self.steps.get(self.next)?;
        self.next += 1;
        if step.seat != view.seat() {
            self.wrong = Some(Divergence::Decider {
                step: self.next,
                recorded: step.seat,
                now: Some(view.seat()),
            });
            return None;
        }
        Some(step.action.clone())
    }
}

/// Checks each step's state hash, keeping the first that differs.
struct Check<'a, W: Watch> {
    replay: &'a Replay,
    done: usize,
    first: Option<Divergence>,
    inner: &'a mut W,
}

impl<W: Watch> Watch for Check<'_, W> {
    fn start(&mut self, game: &Game) {
        self.inner.start(game);
    }

    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        self.inner.before(game, seat, action);
    }

    fn after(&mut self, game: &Game) {
        let step = &self.replay.steps[self.done];
        self.done += 1;
        if self.first.is_none() && self.replay.state_hash(game) != step.hash {
            self.first = Some(Divergence::State {
                step: self.done,
                seat: step.seat,
            });
        }
        self.inner.after(game);
    }
}
