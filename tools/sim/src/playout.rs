//! The one play-out loop: players take listed legal actions until the game ends. The CLI, the
//! benchmarks and the tests all play through [`play_with`].

use crate::conservation::{check_conservation, owned};
use crate::hash::state_hash;
use crate::random::RandomPlayer;
use crate::seat::{Chooser, SeatView};
use dzero_cardpool::DeckText;
use dzero_core::{Action, CardDb, DefId, Game, GameResult, Player, RuleSet};
use dzero_text::{Lang, Text};
use std::fmt;

/// What a play-out checks and records.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    /// Check card conservation after every action.
    pub conservation: bool,
    /// Record the state hash after every action.
    pub hashes: bool,
    /// A game with more actions than this is an error (an endless game).
    pub max_actions: u32,
    /// Stop, without error and with the game unfinished, after this many actions.
    pub stop_after: Option<u32>,
    /// Check each chosen action again as it is applied ([`Game::apply`]), so an action the
    /// chooser did not take from the listed ones is refused (the fuzzer's check); off, a
    /// listed action is applied unchecked ([`Game::apply_listed`]).
    pub recheck: bool,
}

impl Default for PlayOptions {
    /// Conservation checked, actions checked again, no hashes, at most 30,000 actions, played
    /// to the end.
    fn default() -> PlayOptions {
        PlayOptions {
            conservation: true,
            hashes: false,
            max_actions: 30_000,
            stop_after: None,
            recheck: true,
        }
    }
}

/// A finished play-out.
#[derive(Clone, Debug)]
pub struct PlayOut {
    /// The final state.
    pub game: Game,
    /// Actions taken.
    pub actions: u32,
    /// The state hash after setup and after each action, when asked for.
    pub hashes: Vec<u64>,
}

impl PlayOut {
    /// The result (a play-out not stopped early always has one).
    pub fn result(&self) -> Option<GameResult> {
        self.game.result()
    }
}

/// Why a play-out failed: each is an engine or card bug.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The decks were refused.
    Setup(String),
    /// A player had to decide but no legal action was listed.
    NoLegalAction {
        /// Actions taken before.
        step: u32,
    },
    /// A listed legal action was refused by `apply`.
    Refused {
        /// Actions taken before.
        step: u32,
        /// The action.
        action: String,
        /// The refusal.
        error: String,
    },
    /// Card conservation broke after an action.
    Conservation {
        /// Actions taken before.
        step: u32,
        /// The action.
        action: String,
        /// What broke.
        error: String,
    },
    /// The game did not end within the action limit.
    TooLong {
        /// The limit.
        actions: u32,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Setup(e) => write!(f, "setup refused: {e}"),
            PlayError::NoLegalAction { step } => {
                write!(
                    f,
                    "step {step}: a player must decide but no legal action is listed"
                )
            }
            PlayError::Refused {
                step,
                action,
                error,
            } => write!(f, "step {step}: listed action {action} refused: {error}"),
            PlayError::Conservation {
                step,
                action,
                error,
            } => write!(
                f,
                "step {step}: after {action}: card conservation broken: {error}"
            ),
            PlayError::TooLong { actions } => write!(f, "no result after {actions} actions"),
        }
    }
}

impl std::error::Error for PlayError {}

/// The random players' seeds for a game seed (different from the game's own and each other).
pub fn player_seeds(seed: u64) -> [u64; 2] {
    [
        seed.wrapping_mul(31).wrapping_add(1),
        seed.wrapping_mul(17).wrapping_add(2),
    ]
}

/// Plays one seeded game between `decks` with random players seeded from `seed`.
pub fn play_random(
    db: &CardDb,
    rules: RuleSet,
    decks: [&[DefId]; 2],
    seed: u64,
    opts: PlayOptions,
) -> Result<PlayOut, PlayError> {
    let game = Game::new(db, rules, decks, seed)
        .map_err(|e| PlayError::Setup(DeckText::new(db, Lang::En).setup_error(&e)))?;
    play_out(db, game, player_seeds(seed), opts)
}

/// Looks at a play-out as it goes (a log, extra checks).
pub trait Watch {
    /// When play starts from `game`.
    fn start(&mut self, _game: &Game) {}
    /// Before `action`, chosen by `seat`, is applied to `game`.
    fn before(&mut self, _game: &Game, _seat: Player, _action: &Action) {}
    /// After an action was applied.
    fn after(&mut self, _game: &Game) {}
}

/// Watches nothing.
impl Watch for () {}

/// A borrowed watch (`&mut dyn Watch` included).
impl<W: Watch + ?Sized> Watch for &mut W {
    fn start(&mut self, game: &Game) {
        (**self).start(game);
    }

    fn before(&mut self, game: &Game, seat: Player, action: &Action) {
        (**self).before(game, seat, action);
    }

    fn after(&mut self, game: &Game) {
        (**self).after(game);
    }
}

/// Plays `game` to its end with random players seeded by `seeds`.
pub fn play_out(
    db: &CardDb,
    game: Game,
    seeds: [u64; 2],
    opts: PlayOptions,
) -> Result<PlayOut, PlayError> {
    play_with(db, game, &mut seeds.map(RandomPlayer::new), opts, &mut ())
}

/// Plays `game` with `chooser` deciding until the game ends (or `opts.stop_after` actions),
/// showing each step to `watch`.
pub fn play_with(
    db: &CardDb,
    mut game: Game,
    chooser: &mut impl Chooser,
    opts: PlayOptions,
    watch: &mut impl Watch,
) -> Result<PlayOut, PlayError> {
    let owned = owned(&game);
    watch.start(&game);
    let mut hashes = Vec::new();
    if opts.hashes {
        hashes.push(state_hash(&game));
    }
    let mut actions = 0u32;
    while let Some(p) = game.decision().player() {
        if opts.stop_after.is_some_and(|n| actions >= n) {
            break;
        }
        if actions >= opts.max_actions {
            return Err(PlayError::TooLong { actions });
        }
        let a = chooser
            .choose(&SeatView::new(&game, db, p))
            .ok_or(PlayError::NoLegalAction { step: actions })?;
        watch.before(&game, p, &a);
        let applied = if opts.recheck {
            game.apply(db, a.clone())
        } else {
            game.apply_listed(db, a.clone())
        };
        if let Err(e) = applied {
            return Err(PlayError::Refused {
                step: actions,
                action: format!("{a:?}"),
                error: Text::new(&game, db, Lang::En).action_error(&e),
            });
        }
        actions += 1;
        watch.after(&game);
        if opts.conservation {
            check_conservation(&game, owned).map_err(|error| PlayError::Conservation {
                step: actions - 1,
                action: format!("{a:?}"),
                error,
            })?;
        }
        if opts.hashes {
            hashes.push(state_hash(&game));
        }
    }
    Ok(PlayOut {
        game,
        actions,
        hashes,
    })
}
