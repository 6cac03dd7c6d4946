//! The messages between a page and the server, as JSON text frames tagged by `kind`.

use crate::scenario_view::{ScenarioFile, ScenarioView};
use crate::table::TableView;
use crate::validation::Validation;
use serde::{Deserialize, Serialize};

/// The longest message a page may send, in bytes; longer ones get an error reply.
pub const MAX_CLIENT_MESSAGE: usize = 4096;

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

/// What a page sends.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Start a game: two decks of the lobby's list (seat 1's first), the page's seat (1 or 2),
    /// the opponent (`human` or a player spec such as `mcts:400`) and optionally the seed.
    New {
        /// Indices into the lobby's deck list.
        decks: [usize; 2],
        /// The seat this page plays, 1 or 2.
        seat: u8,
        /// `human`, or a [`dzero_ai::PlayerSpec`].
        opponent: String,
        /// The game's seed (random when absent).
        seed: Option<u64>,
        /// The interface language.
        lang: LangCode,
    },
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
    /// Take one of the legal actions of the last state received.
    Act {
        /// The state's version the index refers to.
        version: u64,
        /// Index into that state's actions.
        index: usize,
        /// Indices into that state's `payable` cards to pay with, instead of paying
        /// automatically.
        pay: Option<Vec<usize>>,
    },
    /// Switch the interface language.
    Lang {
        /// The language.
        lang: LangCode,
    },
    /// Validate the served sets, as `dzero validate` does (it names nothing: only the served
    /// sets are ever validated, and a field is refused).
    Validate {},
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
    /// The lobby, sent on connecting: the deck lists and the offered opponents.
    Lobby {
        /// The served sets' deck lists.
        decks: Vec<DeckInfo>,
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
    /// A refused message; nothing changed.
    Error {
        /// What was wrong.
        message: String,
    },
    /// The served sets' scenario files.
    Scenarios {
        /// The files, by set, then path.
        files: Vec<ScenarioFile>,
    },
    /// A scenario run, step by step.
    Scenario(Box<ScenarioView>),
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
    if text.len() > MAX_CLIENT_MESSAGE {
        return Err(format!(
            "message too long ({} bytes; at most {MAX_CLIENT_MESSAGE})",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("bad message: {e}"))
}
