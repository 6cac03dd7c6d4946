//! The messages between a page and the server, as JSON text frames tagged by `kind`.

use crate::scenario_view::{ScenarioFile, ScenarioView};
use crate::table::TableView;
use crate::validation::Validation;
use serde::{Deserialize, Serialize};

/// The longest message a page may send, in bytes, but for one carrying a replay file; longer
/// ones get an error reply.
pub const MAX_CLIENT_MESSAGE: usize = 4096;

/// The longest message carrying a replay file (`load`, `open_replay`), in bytes.
pub const MAX_FILE_MESSAGE: usize = 1 << 20;

/// The interface language a page asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LangCode {
    /// English.
    En,
    /// Japanese.
    Ja,
}

impl LangCode {
    /// The text crate's language.
    pub fn lang(self) -> dzero_text::Lang {
        match self {
            LangCode::En => dzero_text::Lang::En,
            LangCode::Ja => dzero_text::Lang::Ja,
        }
    }
}

/// A page's request for a new game (`new`) or match (`new_match`): two decks of the lobby's
/// list (seat 1's first), the page's seat (1 or 2), the opponent (`human` or a player spec
/// such as `mcts:400`), optionally the seed and the dimension deck list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRequest {
    /// Indices into the lobby's deck list.
    pub decks: [usize; 2],
    /// The seat this page plays, 1 or 2.
    pub seat: u8,
    /// `human`, or a [`dzero_ai::PlayerSpec`].
    pub opponent: String,
    /// The seed (random when absent).
    pub seed: Option<u64>,
    /// The name of one of the host set's dimension deck lists, when its rule set has a
    /// dimension deck (R19.2; absent: the set's first list the rule set accepts).
    pub dimensions: Option<String>,
    /// The interface language.
    pub lang: LangCode,
}

/// What a page sends.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Start a game (see [`NewRequest`]).
    New(NewRequest),
    /// Take a seat of a running game with its token.
    Join {
        /// The game's number.
        game: u64,
        /// The seat, 1 or 2.
        seat: u8,
        /// The seat's token.
        token: String,
        /// The interface language.
        lang: LangCode,
    },
    /// Take one of the legal actions of the last state received: an announcement, one piece
    /// of it (a square, a target, X, a cost card, the payment card by card), a cancel, a pass…
    Act {
        /// The state's version the index refers to.
        version: u64,
        /// Index into that state's actions.
        index: usize,
    },
    /// Switch the interface language.
    Lang {
        /// The language.
        lang: LangCode,
    },
    /// Validate the served sets, as `dzero validate` does (it names nothing: only the served
    /// sets are ever validated, and a field is refused).
    Validate {},
    /// Take back the seat's last decision and what was played since (against an AI player).
    Undo {},
    /// Ask for the game so far as a replay file (answered by `saved`).
    Save {},
    /// Go on with a saved game (a replay file's text) from where it stopped: its decks must be
    /// served here and its decisions must still play the same.
    Load {
        /// The replay file's text.
        replay: String,
        /// The seat this page plays, 1 or 2.
        seat: u8,
        /// `human`, or a [`dzero_ai::PlayerSpec`], for the other seat.
        opponent: String,
        /// The interface language.
        lang: LangCode,
    },
    /// Open a replay file's text in the replay viewer (answered by `replay_opened`).
    OpenReplay {
        /// The replay file's text.
        replay: String,
    },
    /// Show one state of the open replay: 0 after setup, `n` after the n-th decision.
    ReplayShow {
        /// The state.
        index: usize,
        /// Whose view, 1 or 2.
        seat: u8,
        /// The interface language.
        lang: LangCode,
    },
    /// List the served sets' scenario files.
    Scenarios {},
    /// Run one scenario file of the list and show it step by step: by its index in the list
    /// or by its listed path (exactly one of the two).
    Scenario {
        /// Index into the scenario list.
        index: Option<usize>,
        /// A listed path (`SET/tests/NAME.toml`).
        path: Option<String>,
        /// The interface language.
        lang: LangCode,
    },
    /// Start a best-of-three match (R2.4) between two decks of the lobby's list that have
    /// sideboards, as `new` starts a game.
    NewMatch(NewRequest),
    /// Between duels of a match: swap the cards `out` of the seat's deck for the cards `into`
    /// from its sideboard (R2.5; empty lists keep the lists as they are).
    Swap {
        /// Cards leaving the deck.
        out: Vec<dzero_core::DefId>,
        /// Cards leaving the sideboard.
        into: Vec<dzero_core::DefId>,
    },
    /// Having lost the last duel of a match: whether to play first in the next (R2.6).
    PlayFirst {
        /// Play first (or second).
        first: bool,
    },
}

impl ClientMsg {
    /// Whether the message carries a replay file (and may be up to [`MAX_FILE_MESSAGE`]).
    fn carries_file(&self) -> bool {
        matches!(self, ClientMsg::Load { .. } | ClientMsg::OpenReplay { .. })
    }
}

/// One deck list offered in the lobby.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeckInfo {
    /// The set's id.
    pub set: String,
    /// The deck's name.
    pub name: String,
}

/// What the server sends.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The lobby, sent on connecting: the deck lists, the dimension deck lists and the
    /// offered opponents.
    Lobby {
        /// The served sets' deck lists.
        decks: Vec<DeckInfo>,
        /// Per served set: its dimension deck lists under the rule set its games play.
        dimensions: Vec<crate::dimension_lists::DimensionOffer>,
        /// Opponent choices: `human` and AI player specs.
        opponents: Vec<String>,
    },
    /// The page holds a seat of a game.
    Joined {
        /// The game's number.
        game: u64,
        /// The seat, 1 or 2.
        seat: u8,
        /// The seat's token (to open it again).
        token: String,
        /// The query string that opens the other seat (`?game=…&seat=…&token=…`), when a
        /// second human plays it.
        invite: Option<String>,
    },
    /// The seat's view of the game.
    State(Box<TableView>),
    /// The served sets' validation results.
    Validation(Validation),
    /// The game so far as a replay file, to be saved by the page.
    Saved {
        /// A file name for it.
        name: String,
        /// The replay file's text.
        replay: String,
        /// Whether cards were reloaded during the game: the replay then re-runs on the cards
        /// as they are now only up to the first step the edits change.
        edited: bool,
    },
    /// A replay opened in the viewer.
    ReplayOpened(ReplayInfo),
    /// One state of the open replay, as one seat saw it (no actions: nothing can be played).
    ReplayFrame {
        /// The state: 0 after setup, `n` after the n-th decision.
        index: usize,
        /// The decision that led to it, in words (`P1: …`), none for the setup.
        step: Option<String>,
        /// The seat's view, its log holding every event so far.
        view: Box<TableView>,
    },
    /// A refused message; nothing changed.
    Error {
        /// What was wrong.
        message: String,
    },
    /// The served sets' files changed while the game runs: what the reload did (a fresh
    /// state follows).
    Reloaded(crate::hot_reload::ReloadNote),
    /// The served sets' scenario files.
    Scenarios {
        /// The files, by set, then path.
        files: Vec<ScenarioFile>,
    },
    /// A scenario run, step by step.
    Scenario(Box<ScenarioView>),
    /// The seat's view of its match: the score, what it is asked between duels, its lists.
    Match(Box<crate::matches::MatchView>),
}

/// What the replay viewer shows of a replay before any state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ReplayInfo {
    /// The seed.
    pub seed: u64,
    /// The two decks, seat order, as `set / name`.
    pub decks: [String; 2],
    /// The two players, seat order (`human`, `greedy`, …).
    pub players: [String; 2],
    /// The turn of each state, from the setup on.
    pub turns: Vec<u32>,
    /// How the recorded game ended, in words, if it did.
    pub result: Option<String>,
    /// Where the re-run stopped agreeing with the recording (the states up to there are shown),
    /// with the card files changed since.
    pub divergence: Option<String>,
    /// For a whole match: the state each duel starts with (empty for one duel's replay).
    pub duels: Vec<usize>,
}

impl ServerMsg {
    /// An error reply.
    pub fn error(message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            message: message.into(),
        }
    }

    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialize")
    }
}

/// Parses a page's message, naming what was wrong.
pub fn parse_client(text: &str) -> Result<ClientMsg, String> {
    let too_long =
        |limit: usize| format!("message too long ({} bytes; at most {limit})", text.len());
    if text.len() > MAX_FILE_MESSAGE {
        return Err(too_long(MAX_FILE_MESSAGE));
    }
    let msg: ClientMsg = serde_json::from_str(text).map_err(|e| {
        if text.len() > MAX_CLIENT_MESSAGE {
            too_long(MAX_CLIENT_MESSAGE)
        } else {
            format!("bad message: {e}")
        }
    })?;
    if text.len() > MAX_CLIENT_MESSAGE && !msg.carries_file() {
        return Err(too_long(MAX_CLIENT_MESSAGE));
    }
    Ok(msg)
}
