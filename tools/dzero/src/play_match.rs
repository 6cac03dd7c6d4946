//! `dzero play --match`: a best-of-three match (R2.4–R2.6) through the one match loop, each
//! duel played like `dzero play`'s game; a human swaps and chooses the first player at the
//! terminal ([`TerminalMatch`]), an AI seat decides with [`SideboardPlayer`]; `--save` writes
//! the whole match ([`MatchRecorder`]).

use crate::game_report::result_line;
use crate::seats::{Console, PlayArgs, Seats, Who, narrator};
use dzero_ai::SideboardPlayer;
use dzero_cardpool::{CardSet, Deck};
use dzero_core::{DefId, GameResult};
use dzero_replay::{Both, MatchRecorder, TerminalMatch};
use dzero_sim::matches::{duel_seed, match_rules, sideboards};
use dzero_sim::{
    DeckFiles, MatchDeck, MatchPlayer, PlayError, PlayOptions, match_result, play_match_with,
    play_with,
};
use std::cell::RefCell;
use std::process::ExitCode;

/// Plays the match, printing each duel's log and result and the match's; exits non-zero on
/// an error.
pub fn run(
    args: &PlayArgs,
    found: &DeckFiles,
    set: &CardSet,
    decks: &[Deck],
    dimensions: &[DefId],
    terminal: &RefCell<Console>,
) -> Result<ExitCode, String> {
    let rules = found.rules;
    match_rules(&rules)?;
    sideboards(&args.decks, decks)?;
    let lists = [0, 1].map(|i| MatchDeck {
        cards: decks[i].cards.clone(),
        sideboard: decks[i].sideboard.clone(),
    });
    let mut recorder = MatchRecorder::new(
        set,
        rules,
        [0, 1].map(|i| (args.decks[i].as_path(), &lists[i])),
        args.seed,
        args.players.map(|w| w.to_string()),
    )?;
    let mut players: [Box<dyn MatchPlayer + '_>; 2] = args.players.map(|w| match w {
        Who::Human => {
            Box::new(TerminalMatch::new(terminal, &set.db, rules)) as Box<dyn MatchPlayer + '_>
        }
        Who::Ai(_) => Box::new(SideboardPlayer::new(&set.db)),
    });
    let mut log = narrator(&set.db, args);
    let human = args.players.contains(&Who::Human);
    say!(
        "dzero: match seed {}; P1 ({}) plays {}, P2 ({}) plays {}; best of three (R2.4){}",
        args.seed,
        args.players[0],
        decks[0].name,
        args.players[1],
        decks[1].name,
        if human { "; type h for help" } else { "" }
    );
    let mut failure = None;
    let [one, two] = &mut players;
    let played = play_match_with(
        &set.db,
        &rules,
        &lists,
        dimensions,
        args.seed,
        &mut [one.as_mut(), two.as_mut()],
        &mut |start, game| {
            let seed = duel_seed(args.seed, start.number - 1);
            let chooser = start
                .chose
                .map_or_else(|| "at random".to_string(), |p| format!("chosen by {p}"));
            say!(
                "\nduel {}: {} goes first ({chooser})",
                start.number,
                game.first_player()
            );
            let mut seats = Seats::new(terminal, args.players, seed);
            let mut duel =
                recorder.start_duel(set, [&start.swaps[0], &start.swaps[1]], start.chose, &game)?;
            log.log(&game);
            let opts = PlayOptions {
                conservation: false,
                ..PlayOptions::default()
            };
            match play_with(
                &set.db,
                game,
                &mut seats,
                opts,
                &mut Both(&mut duel, &mut log),
            ) {
                Ok(out) => {
                    say!("{}", result_line(out.game.result(), &out.game, out.actions));
                    recorder.end_duel(duel.finish(&out.game));
                    Ok(out.game)
                }
                Err(e) => {
                    recorder.end_duel(duel.stopped());
                    let quit =
                        matches!(e, PlayError::NoLegalAction { .. }) && terminal.borrow().quit();
                    let why = if quit {
                        format!("quit in duel {}", start.number)
                    } else {
                        e.to_string()
                    };
                    failure = Some(!quit);
                    Err(why)
                }
            }
        },
    );
    let (result, code) = match played {
        Ok(outcome) => {
            let result = match_result(rules.match_format, &outcome.duels);
            say!("\n{}", match_line(result, outcome.duels.len()));
            (result, ExitCode::SUCCESS)
        }
        Err(e) if failure == Some(false) => {
            say!("{e}");
            (None, ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            (None, ExitCode::FAILURE)
        }
    };
    if let Some(path) = &args.save {
        let replay = recorder.finish(result);
        replay.write(path).map_err(|e| e.to_string())?;
        say!(
            "saved the match replay ({} duel(s)) to {}",
            replay.duels.len(),
            path.display()
        );
    }
    Ok(code)
}

/// The result line of a match that ended.
fn match_line(result: Option<GameResult>, duels: usize) -> String {
    match result {
        Some(GameResult::Win(p)) => format!("match: {p} wins after {duels} duels (R2.4)"),
        Some(GameResult::Draw) => format!("match: a draw after {duels} duels (A26)"),
        None => format!("match: undecided after {duels} duels"),
    }
}
