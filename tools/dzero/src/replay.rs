//! `dzero replay FILE`: re-runs a replay on the current cards and prints its log and result,
//! or steps through it; a replay that no longer plays the same names the first diverging step
//! and the card files that changed.

use crate::game_report::{report, result_line};
use dzero_cardpool::CardSet;
use dzero_core::{Game, Player};
use dzero_replay::{Both, Narrator, Replay, ReplayFile, board};
use dzero_sim::Watch;
use dzero_text::{Lang, Text};
use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

/// Every state of a re-run: after setup, then after each step.
struct States(Vec<Game>);

impl Watch for States {
    fn after(&mut self, game: &Game) {
        self.0.push(game.clone());
    }
}

/// Re-runs `file` (a game or a whole match); with `step`, lets the user step through a
/// game from standard input.
pub fn replay(file: &Path, lang: Lang, step: bool) -> ExitCode {
    let replay = match ReplayFile::read(file) {
        Ok(ReplayFile::Duel(r)) => *r,
        Ok(ReplayFile::Match(_)) if step => {
            eprintln!(
                "error: {}: a match replay is re-run duel by duel; --step steps through a \
                 single-duel replay",
                file.display()
            );
            return ExitCode::FAILURE;
        }
        Ok(ReplayFile::Match(m)) => return crate::replay_match::replay(file, &m, lang),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let set = match replay.load_set() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    say!(
        "replay {}: seed {}, {} ({}) against {} ({}), {} steps",
        file.display(),
        replay.seed,
        replay.decks[0].file.display(),
        replay.players[0],
        replay.decks[1].file.display(),
        replay.players[1],
        replay.steps.len()
    );
    let mut states = States(Vec::new());
    let mut log = Narrator::all(&set.db, lang, std::io::stdout());
    if let Ok(g) = replay.setup(&set) {
        if !step {
            log.log(&g);
        }
        states.0.push(g);
    }
    let rerun = if step {
        replay.rerun(&set, &mut states)
    } else {
        replay.rerun(&set, &mut Both(&mut log, &mut states))
    };
    let diverged = match rerun {
        Ok(game) => {
            say!(
                "{}",
                result_line(game.result(), &game, replay.steps.len() as u32)
            );
            say!(
                "replay verified: every state hash of the {} steps matches",
                replay.steps.len()
            );
            None
        }
        Err(d) => {
            report(&replay, &set, &states.0, &d, lang);
            Some(d)
        }
    };
    if step {
        step_through(&replay, &set, &states.0, lang);
    }
    match diverged {
        Some(_) => ExitCode::FAILURE,
        None => ExitCode::SUCCESS,
    }
}

/// What a line typed while stepping asks for.
#[derive(Debug, PartialEq, Eq)]
enum Nav {
    /// Show this state.
    Show(usize),
    /// Say this and stay.
    Hint(String),
    /// Stop.
    Quit,
}

/// The state `line` asks for, from state `at` of `turns` (each state's turn number).
fn navigate(line: &str, at: usize, turns: &[u32]) -> Nav {
    let last = turns.len().saturating_sub(1);
    match line.trim() {
        "" if at >= last => Nav::Hint("this is the last step (b: back, q: quit)".into()),
        "" => Nav::Show(at + 1),
        "b" if at == 0 => Nav::Hint("this is the setup, the first state".into()),
        "b" => Nav::Show(at - 1),
        "q" => Nav::Quit,
        other => match other.strip_prefix('t').map(|n| n.trim().parse::<u32>()) {
            Some(Ok(turn)) => match turns.iter().position(|&t| t >= turn) {
                Some(i) if turns[i] == turn => Nav::Show(i),
                _ => Nav::Hint(format!(
                    "no turn {turn}: the game has turns 1 to {}",
                    turns.last().copied().unwrap_or(0)
                )),
            },
            _ => Nav::Hint("Enter: next step, b: back, t N: turn N, q: quit".into()),
        },
    }
}

/// Shows the states one at a time, reading commands from standard input until `q` or its end.
fn step_through(replay: &Replay, set: &CardSet, states: &[Game], lang: Lang) {
    if states.is_empty() {
        return;
    }
    let turns: Vec<u32> = states.iter().map(Game::turn).collect();
    let mut at = 0;
    let mut input = std::io::stdin().lock();
    loop {
        show(replay, set, states, at, lang);
        loop {
            say_raw!("step {at}/{} (Enter, b, t N, q)> ", states.len() - 1);
            let mut line = String::new();
            if matches!(input.read_line(&mut line), Ok(0) | Err(_)) {
                say!();
                return;
            }
            match navigate(&line, at, &turns) {
                Nav::Show(i) => {
                    at = i;
                    break;
                }
                Nav::Hint(h) => say!("{h}"),
                Nav::Quit => return,
            }
        }
    }
}

/// One state: the step's action and events, then the board as the deciding seat saw it.
fn show(replay: &Replay, set: &CardSet, states: &[Game], at: usize, lang: Lang) {
    let game = &states[at];
    let seat = match at.checked_sub(1).and_then(|i| replay.steps.get(i)) {
        Some(step) => {
            let text = Text::new(&states[at - 1], &set.db, lang);
            say!(
                "\n== step {at}: {} {}",
                step.seat,
                text.action(&step.action)
            );
            Narrator::all(&set.db, lang, std::io::stdout()).log(game);
            step.seat
        }
        None => {
            say!("\n== setup");
            Player::One
        }
    };
    let text = Text::new(game, &set.db, lang);
    say_raw!("{}", board(&game.observe(&set.db, seat), &text));
}

#[cfg(test)]
mod tests {
    use super::{Nav, navigate};

    #[test]
    fn navigation_moves_jumps_and_hints() {
        let turns = [1, 1, 2, 2, 3];
        assert_eq!(navigate("\n", 0, &turns), Nav::Show(1));
        assert_eq!(navigate("b", 3, &turns), Nav::Show(2));
        assert_eq!(navigate("t 2", 0, &turns), Nav::Show(2));
        assert_eq!(navigate("t3", 0, &turns), Nav::Show(4));
        assert_eq!(navigate("q", 2, &turns), Nav::Quit);
        assert_eq!(
            navigate("b", 0, &turns),
            Nav::Hint("this is the setup, the first state".into())
        );
        assert_eq!(
            navigate("", 4, &turns),
            Nav::Hint("this is the last step (b: back, q: quit)".into())
        );
        assert_eq!(
            navigate("t 9", 0, &turns),
            Nav::Hint("no turn 9: the game has turns 1 to 3".into())
        );
        assert_eq!(
            navigate("x", 0, &turns),
            Nav::Hint("Enter: next step, b: back, t N: turn N, q: quit".into())
        );
    }
}
