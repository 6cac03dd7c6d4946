//! Who sits at each seat of `dzero play`: a human at this terminal or an AI player, the
//! command's arguments, and the log it prints.

use dzero_ai::PlayerSpec;
use dzero_core::{Action, CardDb, Player, RuleSet};
use dzero_replay::{Narrator, Terminal};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, SeatView};
use dzero_text::Lang;
use std::cell::RefCell;
use std::io::{StdinLock, Stdout};
use std::path::PathBuf;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A human at this terminal.
    Human,
    /// An AI player.
    Ai(PlayerSpec),
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Who::Human => f.write_str("human"),
            Who::Ai(spec) => spec.fmt(f),
        }
    }
}

/// Parses `human` or a player spec (`random`, `greedy`, `mcts`, `mcts:N`, `mcts:Nms`).
pub fn parse_who(s: &str) -> Result<Who, String> {
    if s.trim() == "human" {
        return Ok(Who::Human);
    }
    s.parse()
        .map(Who::Ai)
        .map_err(|e: String| format!("{e}, or human"))
}

/// Parses a language: `en` or `ja`.
pub fn parse_lang(s: &str) -> Result<Lang, String> {
    match s {
        "en" => Ok(Lang::En),
        "ja" => Ok(Lang::Ja),
        _ => Err(format!("unknown language `{s}`: use en or ja")),
    }
}

/// What `dzero play` was asked.
pub struct PlayArgs {
    /// The two deck files, seat order.
    pub decks: Vec<PathBuf>,
    /// The players, seat order.
    pub players: [Who; 2],
    /// The game's seed (the AI players' seeds follow from it).
    pub seed: u64,
    /// The rule set, instead of the decks' set's.
    pub rules: Option<RuleSet>,
    /// The dimension deck list, instead of the set's first the rule set accepts.
    pub dimensions: Option<PathBuf>,
    /// Where to write the replay.
    pub save: Option<PathBuf>,
    /// Play a best-of-three match rather than one game.
    pub matches: bool,
    /// The language of the log and the board.
    pub lang: Lang,
}

/// The terminal the humans share.
pub type Console = Terminal<StdinLock<'static>, Stdout>;

/// The two seats' players: the humans share this terminal.
pub struct Seats<'a> {
    /// The humans' terminal.
    pub terminal: &'a RefCell<Console>,
    /// The AI player of each seat that has one.
    pub ai: [Option<Box<dyn Chooser>>; 2],
}

impl<'a> Seats<'a> {
    /// The seats of `players`, the AI players seeded from `seed`.
    pub fn new(terminal: &'a RefCell<Console>, players: [Who; 2], seed: u64) -> Seats<'a> {
        let seeds = player_seeds(seed);
        Seats {
            terminal,
            ai: [0, 1].map(|i| match players[i] {
                Who::Human => None,
                Who::Ai(spec) => Some(spec.player(seeds[i])),
            }),
        }
    }
}

impl Chooser for Seats<'_> {
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        match &mut self.ai[view.seat().index()] {
            Some(ai) => ai.choose(view),
            None => self.terminal.borrow_mut().choose(view),
        }
    }
}

/// The log of a game: one human's view, or everything.
pub fn narrator<'a>(db: &'a CardDb, args: &PlayArgs) -> Narrator<'a, Stdout> {
    let humans: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|p| args.players[p.index()] == Who::Human)
        .collect();
    match humans.as_slice() {
        [one] => Narrator::seat(db, args.lang, *one, std::io::stdout()),
        _ => Narrator::all(db, args.lang, std::io::stdout()),
    }
}
