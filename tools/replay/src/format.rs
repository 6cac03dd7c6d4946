//! The replay file: what was played (seed, rule set, deck lists, card files by hash, players)
//! and every decision with the state hash after it (`docs/replays.md`).

use dzero_core::{Action, Game, GameResult, Player, RuleSet};
use dzero_sim::state_hash;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The format version this build writes: each step one small decision (an announcement, each
/// piece of it, a pass …), its state hash over the whole state. It also reads version 3, whose
/// hashes left out what a stack item and the turn record of objects (R7.3, A48), version 2, whose steps were compound actions (a whole
/// play with its square, targets and payment; the core plays one as its small decisions and
/// the state after it is the same), and version 1, whose rule set was also one of the three
/// bundled ones, by kind.
pub const FORMAT_VERSION: u32 = 4;

/// The match format version this build writes (the `"match"` field).
pub const MATCH_VERSION: u32 = 1;

/// The largest replay file read (a replay of the longest game allowed is far smaller).
const MAX_BYTES: u64 = 256 * 1024 * 1024;

/// One recorded game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The format version ([`FORMAT_VERSION`]).
    pub version: u32,
    /// The game's seed.
    pub seed: u64,
    /// The rule set played, whole (version 1: `{"kind": "Official", …}`).
    #[serde(deserialize_with = "crate::version1::rules")]
    pub rules: RuleSet,
    /// The two deck lists, seat order.
    pub decks: [DeckList; 2],
    /// The dimension deck's card names as listed at setup (次元戦 / 次元探索戦, R19.2);
    /// absent without one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dimensions: Vec<String>,
    /// Every card file and script file of the sets played, with its hash.
    pub files: Vec<FileHash>,
    /// The players, seat order: a player spec (`random`, `mcts:400`, …) or `human`.
    pub players: [String; 2],
    /// The state hash after setup ([`hash_hex`]).
    pub setup: String,
    /// The decisions, in order.
    pub steps: Vec<Step>,
    /// How the game ended; none when it was stopped first.
    pub result: Option<GameResult>,
}

/// A deck list as played.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckList {
    /// The deck file (`SET/decks/NAME.txt`, absolute).
    pub file: PathBuf,
    /// The cards' names, in list order.
    pub cards: Vec<String>,
}

/// A card or script file and its content hash.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileHash {
    /// The id of the set the file belongs to.
    pub set: String,
    /// The file's path inside its set folder, `/`-separated.
    pub path: String,
    /// SHA-256 of its bytes, lower-case hex.
    pub sha256: String,
}

/// One decision.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The seat that decided.
    pub seat: Player,
    /// What it did (cards it could not see named by place, as it was given them): one small
    /// decision, or in versions 1 and 2 a compound action.
    pub action: Action,
    /// The state hash after the action ([`hash_hex`]).
    pub hash: String,
}

/// A state hash as written in replays: 16 lower-case hex digits.
pub fn hash_hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Why a replay file could not be read or written.
#[derive(Debug)]
pub enum ReplayError {
    /// The file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// The file is not a replay.
    Malformed {
        /// The file.
        file: PathBuf,
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the problem, from 1.
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// The file was written by a newer dzero.
    Version {
        /// The file.
        file: PathBuf,
        /// Its format version.
        found: u32,
    },
    /// The file is larger than any replay.
    TooLarge(PathBuf, u64),
    /// The match file was written by a newer dzero.
    MatchVersion {
        /// The file.
        file: PathBuf,
        /// Its match format version.
        found: u32,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Io(file, e) => write!(f, "{}: {e}", file.display()),
            ReplayError::Malformed {
                file,
                line,
                column,
                what,
            } => write!(
                f,
                "{}:{line}:{column}: not a dzero replay: {what}",
                file.display()
            ),
            ReplayError::Version { file, found } => write!(
                f,
                "{}: replay format version {found} is newer than this dzero reads \
                 ({FORMAT_VERSION}); update dzero",
                file.display()
            ),
            ReplayError::MatchVersion { file, found } => write!(
                f,
                "{}: match format version {found} is newer than this dzero reads \
                 ({}); update dzero",
                file.display(),
                MATCH_VERSION
            ),
            ReplayError::TooLarge(file, n) => write!(
                f,
                "{}: {n} bytes is larger than any replay (at most {MAX_BYTES})",
                file.display()
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// serde_json's message without its trailing ` at line L column C` (the error says it first).
pub(crate) fn without_position(message: &str) -> String {
    message
        .rsplit_once(" at line ")
        .map_or(message, |(m, _)| m)
        .to_string()
}

/// Only the version, read first so a newer file is named as such rather than as malformed.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

impl Replay {
    /// The state hash of `game` as this replay's format version writes it ([`hash_hex`]).
    pub fn state_hash(&self, game: &Game) -> String {
        let hash = match self.version {
            1 => crate::version1::state_hash(game).unwrap_or_else(|| state_hash(game)),
            2 | 3 => {
                let now = serde_json::to_vec(game).unwrap_or_default();
                dzero_sim::hash::fnv1a(&crate::version3::without_later_fields(&now))
            }
            _ => state_hash(game),
        };
        hash_hex(hash)
    }

    /// The replay as the pretty JSON text of a replay file.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay serializes") + "\n"
    }

    /// Writes the replay as pretty JSON.
    pub fn write(&self, path: &Path) -> Result<(), ReplayError> {
        std::fs::write(path, self.to_json()).map_err(|e| ReplayError::Io(path.to_path_buf(), e))
    }

    /// Reads a replay file; a malformed file is reported with line and column, a file of a
    /// newer format version as such.
    pub fn read(path: &Path) -> Result<Replay, ReplayError> {
        let io = |e| ReplayError::Io(path.to_path_buf(), e);
        let size = std::fs::metadata(path).map_err(io)?.len();
        if size > MAX_BYTES {
            return Err(ReplayError::TooLarge(path.to_path_buf(), size));
        }
        let text = std::fs::read_to_string(path).map_err(io)?;
        Replay::parse(path, &text)
    }

    /// Parses a replay's text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Replay, ReplayError> {
        let malformed = |e: serde_json::Error| ReplayError::Malformed {
            file: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            what: without_position(&e.to_string()),
        };
        let version: VersionOnly = serde_json::from_str(text).map_err(malformed)?;
        if version.version > FORMAT_VERSION {
            return Err(ReplayError::Version {
                file: path.to_path_buf(),
                found: version.version,
            });
        }
        serde_json::from_str(text).map_err(malformed)
    }
}
