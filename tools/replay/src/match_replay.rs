//! The whole-match replay file (R2.3–R2.6, A26): the rule set, the match seed, both players'
//! original deck lists with their sideboards, and for each duel the swaps made before it (by
//! card name), who chose the first player and the duel itself as a [`Replay`]; then the
//! match's result (`docs/replays.md`). A match file carries a `"match"` field, a single-duel
//! replay a `"version"` field: [`ReplayFile`] reads either.

use crate::format::{
    FORMAT_VERSION, FileHash, MATCH_VERSION, Replay, ReplayError, without_position,
};
use crate::record::{Recorder, card_files};
use dzero_cardpool::CardSet;
use dzero_core::{DefId, Game, GameResult, Player, RuleSet};
use dzero_sim::matches::duel_seed;
use dzero_sim::{MatchDeck, Swap, Watch};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The largest match file read (three of the largest replays).
const MAX_BYTES: u64 = 3 * 256 * 1024 * 1024;

/// One recorded match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchReplay {
    /// The match format version ([`MATCH_VERSION`]); its presence marks a match file.
    #[serde(rename = "match")]
    pub version: u32,
    /// The match seed (duel `k`'s seed is [`duel_seed`]).
    pub seed: u64,
    /// The rule set played, whole.
    pub rules: RuleSet,
    /// The players, seat order: a player spec (`greedy`, `mcts:400`, …) or `human`.
    pub players: [String; 2],
    /// Both players' lists as the match began, seat order (R2.5: restored after it).
    pub decks: [MatchList; 2],
    /// The duels, in order.
    pub duels: Vec<MatchDuel>,
    /// How the match ended (a win, or a draw: A26); none when it was stopped first.
    pub result: Option<GameResult>,
}

/// A deck list with its sideboard, by card name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchList {
    /// The deck file (`SET/decks/NAME.txt`, absolute).
    pub file: PathBuf,
    /// The deck's cards, in list order.
    pub cards: Vec<String>,
    /// The sideboard's cards, in list order (R2.3).
    pub sideboard: Vec<String>,
}

/// A swap between duels by card name (R2.5): `out` of the deck, `in` from the sideboard.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwapNames {
    /// Cards leaving the deck for the sideboard.
    pub out: Vec<String>,
    /// Cards leaving the sideboard for the deck.
    #[serde(rename = "in")]
    pub into: Vec<String>,
}

/// One duel of a match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchDuel {
    /// Each seat's swap before this duel (none before the first, R2.5).
    pub swaps: [SwapNames; 2],
    /// The seat that chose the first player: the previous duel's loser (R2.6); none when the
    /// first player was random (the first duel, or after a drawn one: A26).
    pub chose: Option<Player>,
    /// The duel's first player.
    pub first: Player,
    /// The duel, as a single-duel replay.
    pub replay: Replay,
}

/// A replay file of either kind.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReplayFile {
    /// One duel.
    Duel(Box<Replay>),
    /// A whole match.
    Match(Box<MatchReplay>),
}

/// Which kind a file is: the fields that tell them apart.
#[derive(Deserialize)]
struct Kind {
    #[serde(rename = "match")]
    match_version: Option<u32>,
}

/// The `ReplayError::Malformed` of a serde error in `path`.
fn malformed(path: &Path) -> impl Fn(serde_json::Error) -> ReplayError + '_ {
    |e| ReplayError::Malformed {
        file: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        what: without_position(&e.to_string()),
    }
}

/// The text of a replay file no larger than `max` bytes.
fn read_text(path: &Path, max: u64) -> Result<String, ReplayError> {
    let io = |e| ReplayError::Io(path.to_path_buf(), e);
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > max {
        return Err(ReplayError::TooLarge(path.to_path_buf(), size));
    }
    std::fs::read_to_string(path).map_err(io)
}

impl ReplayFile {
    /// Reads a replay file of either kind.
    pub fn read(path: &Path) -> Result<ReplayFile, ReplayError> {
        ReplayFile::parse(path, &read_text(path, MAX_BYTES)?)
    }

    /// Parses a replay file's text of either kind; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<ReplayFile, ReplayError> {
        let kind: Kind = serde_json::from_str(text).map_err(malformed(path))?;
        Ok(match kind.match_version {
            Some(_) => ReplayFile::Match(Box::new(MatchReplay::parse(path, text)?)),
            None => ReplayFile::Duel(Box::new(Replay::parse(path, text)?)),
        })
    }
}

impl MatchReplay {
    /// The match as the pretty JSON text of a match file.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a match replay serializes") + "\n"
    }

    /// Writes the match as pretty JSON.
    pub fn write(&self, path: &Path) -> Result<(), ReplayError> {
        std::fs::write(path, self.to_json()).map_err(|e| ReplayError::Io(path.to_path_buf(), e))
    }

    /// Reads a match file; a malformed file is reported with line and column, a single-duel
    /// replay or a file of a newer format version as such.
    pub fn read(path: &Path) -> Result<MatchReplay, ReplayError> {
        MatchReplay::parse(path, &read_text(path, MAX_BYTES)?)
    }

    /// Parses a match file's text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<MatchReplay, ReplayError> {
        let kind: Kind = serde_json::from_str(text).map_err(malformed(path))?;
        match kind.match_version {
            None => {
                return Err(ReplayError::Malformed {
                    file: path.to_path_buf(),
                    line: 1,
                    column: 1,
                    what: "a single-duel replay, not a match (no \"match\" field)".into(),
                });
            }
            Some(found) if found > MATCH_VERSION => {
                return Err(ReplayError::MatchVersion {
                    file: path.to_path_buf(),
                    found,
                });
            }
            Some(_) => {}
        }
        let replay: MatchReplay = serde_json::from_str(text).map_err(malformed(path))?;
        if let Some(duel) = replay
            .duels
            .iter()
            .find(|d| d.replay.version > FORMAT_VERSION)
        {
            return Err(ReplayError::Version {
                file: path.to_path_buf(),
                found: duel.replay.version,
            });
        }
        Ok(replay)
    }
}

/// The names of `cards` in `set`.
fn names(set: &CardSet, cards: &[DefId]) -> Result<Vec<String>, String> {
    cards
        .iter()
        .map(|&d| {
            set.db
                .get(d)
                .map(|c| c.name.clone())
                .ok_or_else(|| format!("card {d:?} is not in set {}", set.id))
        })
        .collect()
}

/// Records a match as it is played, duel by duel: [`MatchRecorder::start_duel`] with the
/// swaps made and the first player's chooser gives the duel's [`Recorder`] (the `watch` of
/// its play-out), [`MatchRecorder::end_duel`] takes back its replay, and
/// [`MatchRecorder::finish`] gives the [`MatchReplay`].
pub struct MatchRecorder {
    replay: MatchReplay,
    files: Vec<FileHash>,
    paths: [PathBuf; 2],
    now: [MatchDeck; 2],
}

impl MatchRecorder {
    /// Starts recording a match seeded `seed` under `rules` between `decks` (each deck file
    /// with its deck and sideboard as the match begins) in `set`, played by `players` (spec
    /// strings or `human`).
    pub fn new(
        set: &CardSet,
        rules: RuleSet,
        decks: [(&Path, &MatchDeck); 2],
        seed: u64,
        players: [String; 2],
    ) -> Result<MatchRecorder, String> {
        MatchRecorder::with_files(card_files(set)?, set, rules, decks, seed, players)
    }

    /// [`MatchRecorder::new`] with the set's card files already hashed ([`card_files`], once
    /// for many matches).
    pub fn with_files(
        files: Vec<FileHash>,
        set: &CardSet,
        rules: RuleSet,
        decks: [(&Path, &MatchDeck); 2],
        seed: u64,
        players: [String; 2],
    ) -> Result<MatchRecorder, String> {
        let list = |(file, deck): (&Path, &MatchDeck)| -> Result<(PathBuf, MatchList), String> {
            let file = file
                .canonicalize()
                .map_err(|e| format!("{}: {e}", file.display()))?;
            let shown = |e: String| format!("{}: {e}", file.display());
            let list = MatchList {
                file: file.clone(),
                cards: names(set, &deck.cards).map_err(shown)?,
                sideboard: names(set, &deck.sideboard).map_err(shown)?,
            };
            Ok((file, list))
        };
        let (one, two) = (list(decks[0])?, list(decks[1])?);
        Ok(MatchRecorder {
            replay: MatchReplay {
                version: MATCH_VERSION,
                seed,
                rules,
                players,
                decks: [one.1, two.1],
                duels: Vec::new(),
                result: None,
            },
            files,
            paths: [one.0, two.0],
            now: [decks[0].1.clone(), decks[1].1.clone()],
        })
    }

    /// Each seat's deck and sideboard as they now stand (after the swaps recorded so far).
    pub fn decks(&self) -> &[MatchDeck; 2] {
        &self.now
    }

    /// The duels recorded so far.
    pub fn duels(&self) -> &[MatchDuel] {
        &self.replay.duels
    }

    /// Starts the next duel, `game`, just set up with its seed ([`duel_seed`]) from the
    /// decks after `swaps` (empty before the first duel), its first player chosen by `chose`
    /// (none: at random). Gives the
    /// duel's recorder, already shown `game`; an illegal swap is refused with its reason
    /// (R2.5) and nothing is recorded.
    pub fn start_duel(
        &mut self,
        set: &CardSet,
        swaps: [&Swap; 2],
        chose: Option<Player>,
        game: &Game,
    ) -> Result<Recorder, String> {
        let mut now = self.now.clone();
        let mut named: [SwapNames; 2] = Default::default();
        for p in Player::BOTH {
            let i = p.index();
            now[i] = now[i]
                .swapped(&set.db, &self.replay.rules, swaps[i])
                .map_err(|e| format!("{p}'s swap: {e}"))?;
            named[i] = SwapNames {
                out: names(set, &swaps[i].out)?,
                into: names(set, &swaps[i].into)?,
            };
        }
        let k = u32::try_from(self.replay.duels.len()).unwrap_or(u32::MAX);
        let seed = duel_seed(self.replay.seed, k);
        let mut recorder = Recorder::with_files(
            self.files.clone(),
            set,
            [
                (self.paths[0].as_path(), now[0].cards.as_slice()),
                (self.paths[1].as_path(), now[1].cards.as_slice()),
            ],
            seed,
            self.replay.players.clone(),
            *game.rules(),
        )?;
        recorder.start(game);
        self.now = now;
        self.replay.duels.push(MatchDuel {
            swaps: named,
            chose,
            first: game.first_player(),
            replay: recorder.current(game),
        });
        Ok(recorder)
    }

    /// Records the duel started last as `replay` (its recorder finished or stopped).
    pub fn end_duel(&mut self, replay: Replay) {
        if let Some(duel) = self.replay.duels.last_mut() {
            duel.replay = replay;
        }
    }

    /// The match so far; recording goes on.
    pub fn current(&self) -> MatchReplay {
        self.replay.clone()
    }

    /// The match, ended with `result` (none: stopped before its end).
    pub fn finish(mut self, result: Option<GameResult>) -> MatchReplay {
        self.replay.result = result;
        self.replay
    }
}
