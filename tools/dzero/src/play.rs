//! `dzero play`: one game between two deck lists, each seat a human at this terminal or an AI
//! player, with a log; `--save` writes the replay.

use dzero_ai::PlayerSpec;
use dzero_core::{Action, CardDb, Game, GameResult, Player, RuleSet};
use dzero_replay::{Both, Narrator, Recorder, Terminal};
use dzero_sim::playout::player_seeds;
use dzero_sim::{Chooser, DeckFiles, PlayError, PlayOptions, SeatView, play_with};
use dzero_text::Lang;
use std::cell::RefCell;
use std::io::{StdinLock, Stdout};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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

/// Plays the game, printing the log and the result; exits non-zero on an error.
pub fn play(args: PlayArgs) -> ExitCode {
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &PlayArgs) -> Result<ExitCode, String> {
    if args.decks.len() != 2 {
        return Err(format!(
            "give two deck lists (--deck SET/decks/A.txt --deck SET/decks/B.txt), not {}",
            args.decks.len()
        ));
    }
    if let (true, Some(rules)) = (args.matches, &args.rules) {
        dzero_sim::matches::match_rules(rules)?;
    }
    let found =
        DeckFiles::resolve(&args.decks, args.rules)?.with_dimensions(args.dimensions.clone());
    let (set, decks) = found.load()?;
    let dimensions = found.dimension_deck(&set)?;
    let terminal = RefCell::new(Terminal::new(
        std::io::stdin().lock(),
        std::io::stdout(),
        args.lang,
    ));
    if args.matches {
        return crate::play_match::run(args, &found, &set, &decks, &dimensions, &terminal);
    }
    let game = dzero_sim::start_duel(
        &set,
        found.rules,
        [&decks[0].cards, &decks[1].cards],
        &dimensions,
        args.seed,
        None,
    )?;
    let mut seats = Seats::new(&terminal, args.players, args.seed);
    let mut log = narrator(&set.db, args);
    let human = args.players.contains(&Who::Human);
    let mut recorder = Recorder::new(
        &set,
        [0, 1].map(|i| (args.decks[i].as_path(), decks[i].cards.as_slice())),
        args.seed,
        args.players.map(|w| w.to_string()),
        &game,
    )?;
    say!(
        "dzero: seed {}; {} ({}) plays {}, {} ({}) plays {}; {} goes first{}",
        args.seed,
        Player::One,
        args.players[0],
        decks[0].name,
        Player::Two,
        args.players[1],
        decks[1].name,
        game.first_player(),
        if human { "; type h for help" } else { "" }
    );
    log.log(&game);
    let played = play_with(
        &set.db,
        game,
        &mut seats,
        PlayOptions {
            conservation: false,
            ..PlayOptions::default()
        },
        &mut Both(&mut recorder, &mut log),
    );
    let (replay, code) = match played {
        Ok(out) => {
            say!("{}", result_line(out.game.result(), &out.game, out.actions));
            (recorder.finish(&out.game), ExitCode::SUCCESS)
        }
        Err(PlayError::NoLegalAction { step }) if terminal.borrow().quit() => {
            say!("quit after {step} actions");
            (recorder.stopped(), ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            (recorder.stopped(), ExitCode::FAILURE)
        }
    };
    if let Some(path) = &args.save {
        save(path, &replay)?;
    }
    Ok(code)
}

/// Writes the replay and says so.
fn save(path: &Path, replay: &dzero_replay::Replay) -> Result<(), String> {
    replay.write(path).map_err(|e| e.to_string())?;
    say!(
        "saved the replay ({} steps) to {}",
        replay.steps.len(),
        path.display()
    );
    Ok(())
}

/// The result line of a game that ended (or not).
pub fn result_line(result: Option<GameResult>, game: &Game, actions: u32) -> String {
    match result {
        Some(GameResult::Win(p)) => format!(
            "result: {p} wins on turn {} after {actions} actions",
            game.turn()
        ),
        Some(GameResult::Draw) => {
            format!(
                "result: draw on turn {} after {actions} actions",
                game.turn()
            )
        }
        None => format!("result: unfinished after {actions} actions"),
    }
}
