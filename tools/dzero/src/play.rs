//! `dzero play`: one game between two deck lists, each seat a human at this terminal or an AI
//! player, with a log; `--save` writes the replay.

use crate::game_report::result_line;
use crate::seats::{PlayArgs, Seats, Who, narrator};
use dzero_core::Player;
use dzero_replay::{Both, Recorder, Terminal};
use dzero_sim::{DeckFiles, PlayError, PlayOptions, play_with};
use std::cell::RefCell;
use std::path::Path;
use std::process::ExitCode;

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
